import { type AccountState, type AccountType, ListChildAccounts } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export interface ChildAccountsQuery {
  text: string;
  type: AccountType | null;
  state: AccountState | null;
  page: number;
  pageSize: number;
}

/** Decision 0054: one page of an account's direct children, searched and filtered (the Accounts tab). */
export function useChildAccounts(id: number, q: ChildAccountsQuery) {
  return useQuery({
    queryKey: [...accountKeys.children(id), 'list', q.text, q.type, q.state, q.page, q.pageSize] as const,
    queryFn: ({ signal }) =>
      callOperation(
        ListChildAccounts,
        { id, text: q.text, types: q.type ? [q.type] : [], state: q.state, page: q.page, pageSize: q.pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
