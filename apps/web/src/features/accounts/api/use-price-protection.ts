import { GetSubscriptionInfoForReset, ResetPriceProtection } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

const targetsKey = (accountId: number) => ['accounts', 'price-protection-targets', accountId] as const;

/** [A3.7] [A7.10] The subscriptions whose price protection the caller can reset, for the modal. */
export function useResetTargets(accountId: number) {
  return useQuery({
    queryKey: targetsKey(accountId),
    queryFn: ({ signal }) => callOperation(GetSubscriptionInfoForReset, { accountId }, { signal }),
  });
}

/** [A5.9] [A7.10] Sets a new price protection end; the account page (its banner) and the targets are read again. */
export function useResetPriceProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; DateTo: string; Version: number }) =>
      callOperation(ResetPriceProtection, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (target) => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.detail(target.AccountId) });
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'price-protection-targets'] });
    },
  });
}
