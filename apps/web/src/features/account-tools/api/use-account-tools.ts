import {
  ExportUserCredentials,
  GenerateCompanyHierarchy,
  SendUserFirstTimePassword,
  SendUsersFirstTimePasswordForCompany,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

/** [A7.11] SendUserFirstTimePassword. */
export function useSendUserCredentials() {
  return useMutation({
    mutationFn: (id: number) => callOperation(SendUserFirstTimePassword, { id }, { idempotencyKey: newIdempotencyKey() }),
  });
}

export type JobKind = 'sendToAll' | 'exportCredentials' | 'exportHierarchy';

/**
 * Starts one of the account jobs [A7.11]. The idempotency key lives as long as the dialog: asking
 * twice (a double click, a re-mounted dialog) starts one job and answers with it both times.
 */
export function useStartAccountJob(kind: JobKind) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (accountId: number) => {
      const options = { idempotencyKey };
      switch (kind) {
        case 'sendToAll':
          return callOperation(SendUsersFirstTimePasswordForCompany, { id: accountId }, options);
        case 'exportCredentials':
          return callOperation(ExportUserCredentials, { companyIds: [accountId] }, options);
        case 'exportHierarchy':
          return callOperation(GenerateCompanyHierarchy, { accountId }, options);
      }
    },
    onSuccess: (job) => queryClient.setQueryData(jobKeys.detail(job.Id), job),
  });
}
