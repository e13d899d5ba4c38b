import { type Account, type FieldValue, UpdateAccount, UpdateAccountByConfirm } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export interface UpdateAccountVariables {
  id: number;
  views: Record<string, { Values: Record<string, FieldValue> }>;
  confirmed: boolean;
  /** The Version the screen read (decision 0036); a stale one answers 409 with the account as it is now. */
  version: number;
  /** Save without provisioning [A4.2], [A6.4]. */
  skipProvisioning?: boolean;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, views, confirmed, version, skipProvisioning = false }: UpdateAccountVariables): Promise<Account> => {
      const idempotencyKey = newIdempotencyKey();
      return confirmed
        ? callOperation(UpdateAccountByConfirm, { id, views, version, confirmation: true, skipProvisioning }, { idempotencyKey })
        : callOperation(UpdateAccount, { id, views, version, skipProvisioning }, { idempotencyKey });
    },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account);
      // Display names show in the tree and in breadcrumbs of other accounts.
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'children'] });
    },
  });
}
