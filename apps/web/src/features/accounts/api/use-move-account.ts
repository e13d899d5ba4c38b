import { MoveAccount, SearchAccounts } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** Accounts of the given types whose name contains the text (2 characters at least). */
export function useAccountSearch(text: string, types: readonly string[]) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: ['accounts', 'search', trimmed, types] as const,
    queryFn: ({ signal }) =>
      callOperation(
        SearchAccounts,
        { text: trimmed, types: types as ('User' | 'Company' | 'Department')[], limit: 20 },
        { signal },
      ),
    enabled: trimmed.length >= 2,
  });
}

export function useMoveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; newParentId: number }) =>
      callOperation(MoveAccount, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account);
      // The tree and breadcrumbs of the old and new parents changed.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
