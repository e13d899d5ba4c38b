import { GetAccountNotes, NOTES_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

/** [A7.8] One page of the account's notes of the viewer's organisation, newest first. */
export function useAccountNotes(accountId: number, page: number) {
  return useQuery({
    queryKey: noteKeys.page(accountId, page),
    queryFn: ({ signal }) => callOperation(GetAccountNotes, { accountId, page, pageSize: NOTES_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}
