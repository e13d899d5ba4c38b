import {
  DeleteQuote,
  ExportSalesQuoteToExcel,
  ExportSalesQuoteToPdf,
  GetJob,
  isJobPending,
  ListQuoteCustomers,
  ListSalesQuotes,
  ListSalesQuotesPriceTemplates,
  LoadCheckedMarketServices,
  LoadSalesQuote,
  PriceSalesQuote,
  SALES_QUOTE_SEARCH_LIMIT,
  SALES_QUOTES_PAGE_SIZE,
  SaveSalesQuote,
  SearchServices,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, callOperation } from '../../../lib/api-client';
import { salesQuoteKeys } from './sales-quote-keys';

/** Refusals and missing things are answers, not failures worth retrying. */
const retryUnlessAnswered = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** [M7.8] [M3.5] The price lists the caller may quote from. */
export function usePriceTemplates() {
  return useQuery({
    queryKey: salesQuoteKeys.templates(),
    queryFn: ({ signal }) => callOperation(ListSalesQuotesPriceTemplates, {}, { signal }),
    retry: retryUnlessAnswered,
  });
}

/** The customer companies a quote can be made for. */
export function useQuoteCustomers(search: string) {
  return useQuery({
    queryKey: salesQuoteKeys.customers(search),
    queryFn: ({ signal }) => callOperation(ListQuoteCustomers, { search }, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
  });
}

/** [M2.2] [M9.2] The catalogue pane: the price list's services matching the text, page 1, at most 20. */
export function useCatalogue(priceList: number | null, text: string) {
  return useQuery({
    queryKey: salesQuoteKeys.catalogue(priceList ?? 0, text),
    queryFn: ({ signal }) =>
      callOperation(
        SearchServices,
        {
          options: { DisplayName: text, Source: { Type: 'Marketplace', Value: priceList as number }, ExcludeHidden: true },
          page: 1,
          limit: SALES_QUOTE_SEARCH_LIMIT,
        },
        { signal },
      ),
    enabled: priceList !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
  });
}

/** [M7.7] The services of a price list by name, with fields, charge rules and dependencies. */
export function useLoadMarketServices() {
  return useMutation({
    mutationFn: (input: z.input<(typeof LoadCheckedMarketServices)['input']>) => callOperation(LoadCheckedMarketServices, input),
  });
}

/** The one call that loads market services outside a mutation (a loaded quote's services). */
export function loadMarketServices(input: z.input<(typeof LoadCheckedMarketServices)['input']>) {
  return callOperation(LoadCheckedMarketServices, input);
}

/** The lines priced by the server with the one pricing rule [M5.8] [M9.3]; never computed in the browser. */
export function useQuotePricing(input: z.input<(typeof PriceSalesQuote)['input']> | null) {
  return useQuery({
    queryKey: salesQuoteKeys.pricing(input ?? { PriceTemplateId: 0, NumberOfUsers: 1, Products: [] }),
    queryFn: ({ signal }) => callOperation(PriceSalesQuote, input as NonNullable<typeof input>, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
  });
}

/** [M2.5] [M9.2] The load-quotes grid: 30 a page. */
export function useSalesQuotesList(page: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: salesQuoteKeys.list(page, search),
    queryFn: ({ signal }) => callOperation(ListSalesQuotes, { page, pageSize: SALES_QUOTES_PAGE_SIZE, search }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
  });
}

/** [M2.6] A saved quote at a revision. */
export function useSalesQuote(id: number | null, revision: number | null) {
  return useQuery({
    queryKey: salesQuoteKeys.detail(id ?? 0, revision),
    queryFn: ({ signal }) => callOperation(LoadSalesQuote, { id: id as number, revision }, { signal }),
    enabled: id !== null,
    retry: retryUnlessAnswered,
  });
}

/** [M7.8] [M4.2] Saves a new revision. */
export function useSaveSalesQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quote: z.input<(typeof SaveSalesQuote)['input']>['quote']) => callOperation(SaveSalesQuote, { quote }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQuoteKeys.all }),
  });
}

/** The latest revision of a quote (after a revision conflict). */
export function loadLatestSalesQuote(id: number) {
  return callOperation(LoadSalesQuote, { id, revision: null });
}

/** Deletes a quote with every revision. */
export function useDeleteSalesQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(DeleteQuote, { ids: [id] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQuoteKeys.lists() }),
  });
}

/** [M2.7] [M6.1] Starts the .xlsx or PDF export of a saved revision (a job). */
export function useStartQuoteExport() {
  return useMutation({
    mutationFn: (input: { type: 'xlsx' | 'pdf'; id: number; revision: number }) =>
      callOperation(input.type === 'xlsx' ? ExportSalesQuoteToExcel : ExportSalesQuoteToPdf, {
        id: input.id,
        revision: input.revision,
      }),
  });
}

/** How often a running export is asked for its progress. */
const JOB_POLL_MS = 1000;

/** An export job, polled while it is queued or running. */
export function useQuoteExportJob(id: string | null) {
  return useQuery({
    queryKey: salesQuoteKeys.job(id ?? ''),
    queryFn: ({ signal }) => callOperation(GetJob, { id: id as string }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isJobPending(query.state.data) ? false : JOB_POLL_MS),
    retry: 3,
  });
}
