import { GetOutboxMessage, ListOutboxMessages, OUTBOX_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

/** One page of the outbox, newest first; refreshed every few seconds while messages are being delivered. */
export function useOutbox(page: number, search: string) {
  return useQuery({
    queryKey: outboxKeys.list(page, search),
    queryFn: ({ signal }) => callOperation(ListOutboxMessages, { page, pageSize: OUTBOX_PAGE_SIZE, search }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.Items.some((m) => m.Status === 'queued') ? 3000 : false),
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: outboxKeys.message(id ?? ''),
    queryFn: ({ signal }) => callOperation(GetOutboxMessage, { id: id as string }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}
