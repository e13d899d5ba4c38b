import type { QuoteListQuery } from '../utils/list-query';
import type { QuotationTab } from '../utils/tabs';

/** Query keys of the quotation tool: every list, a quote, the projects and an order's preview. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (tab: QuotationTab, q: QuoteListQuery) => ['quotes', 'list', tab, q.page, q.sort, q.group] as const,
  detail: (id: number) => ['quotes', 'detail', id] as const,
  groups: ['quotes', 'groups'] as const,
  orderPreview: (id: number) => ['quotes', 'order-preview', id] as const,
};
