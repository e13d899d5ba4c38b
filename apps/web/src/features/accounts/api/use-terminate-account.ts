import { CancelAccountTermination, TerminateAccount } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function useTerminateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; terminationDate: string | null }) =>
      callOperation(TerminateAccount, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account);
      // Everything below a terminated account changed state too.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

export function useCancelTermination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(CancelAccountTermination, { id }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account),
  });
}
