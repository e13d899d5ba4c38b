import {
  ArchiveQuote,
  CreateQuoteGroup,
  DeleteQuote,
  DeleteQuoteGroup,
  ListCustomerQuotes,
  ListQuoteArchive,
  ListQuoteGroups,
  ListQuotes,
  LoadQuote,
  OrderQuote,
  PreviewQuoteOrder,
  type QuoteOrderFieldValue,
  RenameQuoteGroup,
  SetQuoteStatus,
  SetQuotesGroup,
  type SettableQuoteStatus,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import type { QuoteListQuery } from '../utils/list-query';
import type { QuotationTab } from '../utils/tabs';
import { quoteKeys } from './quote-keys';

/** [M7.23] One page of a tab's quotes: My quotes, a project's quotes, the archive or the customer quotes. */
export function useQuoteList(tab: QuotationTab, q: QuoteListQuery, enabled = true) {
  const op = tab === 'CustomerQuotes' ? ListCustomerQuotes : tab === 'Archive' ? ListQuoteArchive : ListQuotes;
  return useQuery({
    queryKey: quoteKeys.list(tab, q),
    queryFn: ({ signal }) =>
      callOperation(op, { page: q.page, sort: q.sort, groupId: tab === 'Projects' ? q.group : null }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** [M7.23] A quote with its revisions, latest lines and what the caller may do with it. */
export function useQuote(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callOperation(LoadQuote, { id: id as number }, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** [M7.23] The caller organisation's projects (quote groups). */
export function useQuoteGroups(enabled = true) {
  return useQuery({
    queryKey: quoteKeys.groups,
    queryFn: ({ signal }) => callOperation(ListQuoteGroups, {}, { signal }),
    retry: false,
    enabled,
  });
}

/** Every change to a quote or a project reads the quotation tool's lists and quotes again. */
function useQuoteMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

export const useSetQuoteStatus = () =>
  useQuoteMutation((input: { id: number; status: SettableQuoteStatus; version: number }) => callOperation(SetQuoteStatus, input));
export const useDeleteQuote = () => useQuoteMutation((id: number) => callOperation(DeleteQuote, { ids: [id] }));
export const useArchiveQuote = () =>
  useQuoteMutation((input: { id: number; archived: boolean }) =>
    callOperation(ArchiveQuote, { ids: [input.id], archived: input.archived }),
  );
export const useSetQuoteGroup = () =>
  useQuoteMutation((input: { id: number; groupId: number | null }) =>
    callOperation(SetQuotesGroup, { ids: [input.id], groupId: input.groupId }),
  );
export const useCreateQuoteGroup = () => useQuoteMutation((name: string) => callOperation(CreateQuoteGroup, { Name: name }));
export const useRenameQuoteGroup = () =>
  useQuoteMutation((input: { id: number; name: string; version: number }) =>
    callOperation(RenameQuoteGroup, { id: input.id, Name: input.name, version: input.version }),
  );
export const useDeleteQuoteGroup = () => useQuoteMutation((id: number) => callOperation(DeleteQuoteGroup, { id }));

/** What ordering the quote would do now: customer, price differences, terms, or why it cannot be ordered. */
export function useQuoteOrderPreview(id: number) {
  return useQuery({
    queryKey: quoteKeys.orderPreview(id),
    queryFn: ({ signal }) => callOperation(PreviewQuoteOrder, { id }, { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Orders the quote through the ordering pipeline; the orders and the quote are read again afterwards. */
export function useOrderQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      requestId: string;
      id: number;
      revision: number;
      confirmPriceChanges: boolean;
      Fields: QuoteOrderFieldValue[];
    }) => callOperation(OrderQuote, input, { idempotencyKey: input.requestId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
