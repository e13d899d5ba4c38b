import { GetJob, isJobPending } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/** A job's status and progress, polled while it is queued or running. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callOperation(GetJob, { id: id as string }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isJobPending(query.state.data) ? false : JOB_POLL_MS),
    // A failed poll (a network blip) should not end the progress dialog: keep asking.
    retry: 3,
  });
}
