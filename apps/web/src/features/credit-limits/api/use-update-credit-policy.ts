import { type OrdersWithoutLimit, UpdateCreditLimitPolicy } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { versionConflictOf } from '../../../lib/version-conflict';
import { creditLimitKeys } from './credit-limit-keys';

/** Decision 0046: UpdateCreditLimitPolicy over the Version the tab read, then a fresh tab (also after a 409). */
export function useUpdateCreditPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; OrdersWithoutLimit: OrdersWithoutLimit; Version: number }) =>
      callOperation(UpdateCreditLimitPolicy, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_policy, input) => queryClient.invalidateQueries({ queryKey: creditLimitKeys.account(input.accountId) }),
    onError: (error, input) => {
      if (versionConflictOf(error)) void queryClient.invalidateQueries({ queryKey: creditLimitKeys.account(input.accountId) });
    },
  });
}
