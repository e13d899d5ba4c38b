import { ExecuteReport, GetFrequentReports, ListReports } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

/** [M2.51] The reports the user may open. */
export function useReports() {
  return useQuery({
    queryKey: reportKeys.list(),
    queryFn: ({ signal }) => callOperation(ListReports, {}, { signal }),
    staleTime: 60_000,
  });
}

/** [M2.52] The user's most used reports. */
export function useFrequentReports() {
  return useQuery({
    queryKey: reportKeys.frequent(),
    queryFn: ({ signal }) => callOperation(GetFrequentReports, {}, { signal }),
  });
}

/** [M7.22] Opens a report: counts the use and answers the ids to ask its embed token for. */
export function useExecuteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callOperation(ExecuteReport, { name, parameters: {}, flag: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.frequent() }),
  });
}
