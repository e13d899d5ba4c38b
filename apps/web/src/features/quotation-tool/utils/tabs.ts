/** [M2.54] The tabs of #/QuotationTool/{tab}, as the route names them. */
export const QUOTATION_TABS = ['Quotes', 'Projects', 'Archive', 'CustomerQuotes'] as const;
export type QuotationTab = (typeof QUOTATION_TABS)[number];

/** [M6.15] The Customer quotes tab needs the quotation tool's read right (hierarchy scope). */
export const CUSTOMER_QUOTES_CAPABILITY = 'QUOTATION_TOOL_READ';

/**
 * [M2.54] The tab a route shows: an unknown tab falls back to Quotes, and CustomerQuotes without the hierarchy read
 * right sends the user to Quotes. `redirect` says the address must be replaced by the tab's own.
 */
export function resolveTab(
  requested: string | undefined,
  capabilities: readonly string[],
): { tab: QuotationTab; redirect: boolean } {
  const known = QUOTATION_TABS.find((t) => t === requested);
  if (!known) return { tab: 'Quotes', redirect: requested !== undefined };
  if (known === 'CustomerQuotes' && !capabilities.includes(CUSTOMER_QUOTES_CAPABILITY)) return { tab: 'Quotes', redirect: true };
  return { tab: known, redirect: false };
}

/** The tabs shown to a user: Customer quotes only with the hierarchy read right [M2.55] [M6.15]. */
export function visibleTabs(capabilities: readonly string[]): QuotationTab[] {
  return QUOTATION_TABS.filter((t) => t !== 'CustomerQuotes' || capabilities.includes(CUSTOMER_QUOTES_CAPABILITY));
}
