import { matchRoutes, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { NoAccess } from '../../components/ui/no-access';
import { useCurrentUser } from '../../features/auth';
import {
  formatSort,
  parsePositive,
  parseSort,
  type QuotationTab,
  QuotationToolScreen,
  type QuoteListQuery,
  resolveTab,
} from '../../features/quotation-tool';
import { href, paths, queryAtUse } from '../paths';

/** Reading quotes: the quotation tool's or the quote builder's read right. */
const QUOTE_READ_KEYS = ['QUOTATION_TOOL_READ', 'SALESQUOTE_READ'] as const;

/** The route of this page, to read the list's query of the address at the moment of a click. */
const QUOTATION_TOOL_ROUTES = [{ path: '/QuotationTool/:tab?/:quoteId?' }];

/** A tab's list query in the address's `search`: page, sort, and the project on the Projects tab. */
const listQueryOf = (tab: QuotationTab, search: URLSearchParams): QuoteListQuery => ({
  page: parsePositive(search.get('page')) ?? 1,
  sort: parseSort(search.get('sort')),
  group: tab === 'Projects' ? parsePositive(search.get('group')) : null,
});

const route = (tab: QuotationTab, quoteId: number | null, q: Partial<QuoteListQuery> = {}) =>
  paths.quotationTool(tab, quoteId, { page: q.page, sort: q.sort ? formatSort(q.sort) : null, group: q.group ?? null });

/**
 * [M2.54] #/QuotationTool/{tab}/{quoteId}: an unknown tab falls back to Quotes and CustomerQuotes without the
 * hierarchy read right sends the user to Quotes [M6.15]; page, sort and project live in the query.
 */
export function QuotationToolPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const capabilities = user.data?.Capabilities ?? [];
  if (!QUOTE_READ_KEYS.some((k) => capabilities.includes(k))) return <NoAccess needs={QUOTE_READ_KEYS} />;
  const { tab, redirect } = resolveTab(params.tab, capabilities);
  const quoteId = parsePositive(params.quoteId ?? null);
  const query = listQueryOf(tab, search);
  // Another tab's address is another page's too.
  const readQuery = queryAtUse(query, (now) => {
    const match = matchRoutes(QUOTATION_TOOL_ROUTES, now)?.[0];
    if (!match || resolveTab(match.params.tab, capabilities).tab !== tab) return null;
    return listQueryOf(tab, new URLSearchParams(now.search));
  });
  if (redirect) return <Navigate to={route(tab, quoteId, query)} replace />;
  return (
    <QuotationToolScreen
      tab={tab}
      quoteId={quoteId}
      query={query}
      readQuery={readQuery}
      capabilities={capabilities}
      onTabChange={(next) => navigate(route(next, null))}
      onQueryChange={(next) => navigate(route(tab, null, next))}
      onQuoteDeleted={() => navigate(route(tab, null, readQuery()), { replace: true })}
      hrefForList={(t, q) => href(route(t, null, q))}
      hrefForQuote={(t, id, q) => href(route(t, id, q))}
      hrefForNewQuote={href(paths.salesQuotes.create())}
      hrefForBuilder={(id, revision) => href(paths.salesQuotes.edit(id, revision))}
      hrefForOrder={(orderNumber) => href(paths.order(orderNumber))}
      hrefForOrders={href(paths.orders())}
    />
  );
}
