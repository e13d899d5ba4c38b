import {
  type Account,
  ExecuteCustomAction,
  ExecuteCustomActionByConfirm,
  type FieldValue,
  GetDefaultViewsForCustomAction,
  RemoveSavedAccountScheduledAction,
  UpdateAccountScheduledAction,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

const formKey = (accountId: number, action: string) => ['accounts', 'custom-action', accountId, action] as const;

export function useCustomActionForm(accountId: number, action: string) {
  return useQuery({
    queryKey: formKey(accountId, action),
    queryFn: ({ signal }) => callOperation(GetDefaultViewsForCustomAction, { accountId, action }, { signal }),
    staleTime: 0,
  });
}

export type CustomActionRun = { mode: 'execute' | 'confirm' | 'schedule' | 'reset'; values?: Record<string, FieldValue> };

/** Runs, confirms, saves (RENEW) or resets a custom action; the account in the cache is replaced by the answer. */
export function useRunCustomAction(accountId: number, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, values = {} }: CustomActionRun): Promise<Account> => {
      const base = { accountId, action };
      const views = { Action: { Values: values } };
      const options = { idempotencyKey: newIdempotencyKey() };
      switch (mode) {
        case 'execute':
          return callOperation(ExecuteCustomAction, { ...base, views }, options);
        case 'confirm':
          return callOperation(ExecuteCustomActionByConfirm, { ...base, views, confirmation: true }, options);
        case 'schedule':
          return callOperation(UpdateAccountScheduledAction, { ...base, views }, options);
        case 'reset':
          return callOperation(RemoveSavedAccountScheduledAction, base, options);
      }
    },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account);
      void queryClient.invalidateQueries({ queryKey: formKey(accountId, action) });
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'children'] });
    },
  });
}
