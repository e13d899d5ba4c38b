import type { PriceSalesQuote } from '@portal/contracts';
import type { z } from 'zod';

type PriceInput = z.input<(typeof PriceSalesQuote)['input']>;

export const salesQuoteKeys = {
  all: ['sales-quotes'] as const,
  templates: () => ['sales-quotes', 'templates'] as const,
  customers: (search: string) => ['sales-quotes', 'customers', search] as const,
  lists: () => ['sales-quotes', 'list'] as const,
  list: (page: number, search: string) => ['sales-quotes', 'list', page, search] as const,
  detail: (id: number, revision: number | null) => ['sales-quotes', 'detail', id, revision] as const,
  catalogue: (priceList: number, text: string) => ['sales-quotes', 'catalogue', priceList, text] as const,
  pricing: (input: PriceInput) => ['sales-quotes', 'pricing', input] as const,
  job: (id: string) => ['sales-quotes', 'job', id] as const,
};
