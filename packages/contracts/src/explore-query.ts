/**
 * The explore query string [M2.28]-[M2.41]: the part of `#/Marketplace/Explore/{query}` and
 * `#/Marketplace/v2/{sourceType}/{query}` that holds the filters, sorting and paging of a search.
 * A semicolon-separated list of `key:value` parts; one pure module shared by the web app (which
 * reads and writes the hash) and the server (which may be handed the same text).
 *
 * - `p` page, `l` limit (one of 10, 20, 40, 60, 100) [M9.6]
 * - `st` source type, `sv` source value (an account or price list id)
 * - `ord` `Key,DIRECTION` (DisplayName, Ranking, ModifyDate, CreateDate; ASC or DESC)
 * - `n` the name searched, base64 of its UTF-8 bytes
 * - `c` category names, comma separated
 * - `t` tags, each base64 of its UTF-8 bytes, comma separated
 * - `o` owner (vendor) account ids, comma separated
 * - `ea=1` exclude added, `eh=1` exclude hidden, `sn=1` new only (`0` turns a flag off)
 *
 * A part without exactly one colon is an 'Invalid query item'; an unknown key an 'Invalid key'; a
 * value that does not parse (a bad number, a comma inside a single value, an empty item, bad base64)
 * is 'Invalid arguments' [M8.6]. Invalid parts are logged and ignored [M2.41]; empty parts (a trailing
 * semicolon) are skipped silently. When a key repeats, the last valid part wins.
 *
 * Base64 is written URL-safe without padding (`-`, `_`), so a value never holds a `/` that would split
 * the hash route; standard base64 (`+`, `/`, `=`) is read as well.
 *
 * The reading side (decodeExploreQuery and its parsers) is in explore-query-decode.ts, a part of this module kept in
 * a file of its own so that the web app's pages that only write a query (the header's search) do not load the reader
 * with the account page (issue 13's size of the account page's scripts).
 *
 * @example
 * const options = decodeExploreQuery('c:backup;ord:DisplayName,DESC;p:2', console.warn);
 * encodeExploreQuery(options); // 'p:2;ord:DisplayName,DESC;c:backup'
 */

/** [M3.12] Where a search looks. */
export const SEARCH_SOURCE_TYPES = ['Global', 'MyServices', 'AvailableServicesForAccount', 'Marketplace'] as const;
export type SearchSourceType = (typeof SEARCH_SOURCE_TYPES)[number];

/** [M9.6] Sort keys. */
export const SEARCH_ORDER_KEYS = ['DisplayName', 'Ranking', 'ModifyDate', 'CreateDate'] as const;
export type SearchOrderKey = (typeof SEARCH_ORDER_KEYS)[number];
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** [M9.6] Page sizes offered, and the default. */
export const EXPLORE_PAGE_SIZES = [10, 20, 40, 60, 100] as const;
export const EXPLORE_DEFAULT_LIMIT = 20;
export const EXPLORE_DEFAULT_ORDER: { key: SearchOrderKey; direction: SortDirection } = { key: 'Ranking', direction: 'ASC' };

/** [M9.6] The direction a sort key starts in when chosen: dates newest first, the others ascending. */
export function defaultSortDirection(key: SearchOrderKey): SortDirection {
  return key === 'ModifyDate' || key === 'CreateDate' ? 'DESC' : 'ASC';
}

/** [M8.6] The texts an invalid part is logged with. */
export const EXPLORE_QUERY_ERRORS = {
  key: 'Invalid key',
  arguments: 'Invalid arguments',
  item: 'Invalid query item',
} as const;
export type ExploreQueryError = (typeof EXPLORE_QUERY_ERRORS)[keyof typeof EXPLORE_QUERY_ERRORS];

export interface ExploreQueryOptions {
  page: number;
  limit: number;
  sourceType: SearchSourceType;
  /** The account id (AvailableServicesForAccount) or price list id (Marketplace); null otherwise. */
  sourceValue: number | null;
  order: { key: SearchOrderKey; direction: SortDirection };
  /** The name searched; '' for none. */
  name: string;
  categories: string[];
  tags: string[];
  ownerIds: number[];
  excludeAdded: boolean;
  excludeHidden: boolean;
  newOnly: boolean;
}

/** Logs one invalid part: the [M8.6] text and the part as written. */
export type ExploreQueryLogger = (message: ExploreQueryError, part: string) => void;

/** The options of an empty query. */
export function defaultExploreQuery(): ExploreQueryOptions {
  return {
    page: 1,
    limit: EXPLORE_DEFAULT_LIMIT,
    sourceType: 'Global',
    sourceValue: null,
    order: { ...EXPLORE_DEFAULT_ORDER },
    name: '',
    categories: [],
    tags: [],
    ownerIds: [],
    excludeAdded: false,
    excludeHidden: false,
    newOnly: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Base64 of UTF-8 text
// ---------------------------------------------------------------------------------------------

/** URL-safe base64 (no padding) of a text's UTF-8 bytes. */
export function encodeBase64Text(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Encode
// ---------------------------------------------------------------------------------------------

/** A category name can travel in `c` when it holds none of the separators. */
export function isEncodableCategory(name: string): boolean {
  return name !== '' && !/[,;:]/.test(name);
}

/**
 * Writes options as a query string, leaving out what equals the default, so the default filter state
 * is the empty string. Categories that cannot travel (empty, or with `,` `;` `:`) and empty tags are
 * left out; decodeExploreQuery(encodeExploreQuery(o)) gives back `o` for every other option set.
 */
export function encodeExploreQuery(options: ExploreQueryOptions): string {
  const parts: string[] = [];
  const d = defaultExploreQuery();
  if (options.page !== d.page && options.page >= 1) parts.push(`p:${Math.trunc(options.page)}`);
  if (options.limit !== d.limit && (EXPLORE_PAGE_SIZES as readonly number[]).includes(options.limit))
    parts.push(`l:${options.limit}`);
  if (options.sourceType !== d.sourceType) parts.push(`st:${options.sourceType}`);
  if (options.sourceValue !== null && options.sourceValue >= 1) parts.push(`sv:${Math.trunc(options.sourceValue)}`);
  if (options.order.key !== d.order.key || options.order.direction !== d.order.direction) {
    parts.push(`ord:${options.order.key},${options.order.direction}`);
  }
  if (options.name !== '') parts.push(`n:${encodeBase64Text(options.name)}`);
  const categories = [...new Set(options.categories.filter(isEncodableCategory))];
  if (categories.length > 0) parts.push(`c:${categories.join(',')}`);
  const tags = [...new Set(options.tags.filter((t) => t !== ''))];
  if (tags.length > 0) parts.push(`t:${tags.map(encodeBase64Text).join(',')}`);
  const owners = [...new Set(options.ownerIds.filter((id) => Number.isInteger(id) && id >= 1))];
  if (owners.length > 0) parts.push(`o:${owners.join(',')}`);
  if (options.excludeAdded) parts.push('ea:1');
  if (options.excludeHidden) parts.push('eh:1');
  if (options.newOnly) parts.push('sn:1');
  return parts.join(';');
}

/** A copy of options with some replaced; changing a filter or the page size goes back to page 1. */
export function updateExploreQuery(options: ExploreQueryOptions, change: Partial<ExploreQueryOptions>): ExploreQueryOptions {
  const next = { ...options, ...change };
  const keepsPage = Object.keys(change).every((k) => k === 'page');
  if (!keepsPage && change.page === undefined) next.page = 1;
  return next;
}

export type ExploreView = 'home' | 'category' | 'results';

/**
 * [M4.17] Which explore view options show: results for any owner, tag, name or new-only filter;
 * category for only categories; home otherwise.
 */
export function exploreView(options: ExploreQueryOptions): ExploreView {
  if (options.ownerIds.length > 0 || options.tags.length > 0 || options.name.trim() !== '' || options.newOnly) return 'results';
  if (options.categories.length > 0) return 'category';
  return 'home';
}
