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

/** The text of standard or URL-safe base64 of UTF-8 bytes; null when it is not valid base64 or UTF-8. */
export function decodeBase64Text(value: string): string | null {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) return null;
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return null;
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Decode
// ---------------------------------------------------------------------------------------------

const POSITIVE_INT = /^[1-9]\d{0,8}$/;
const parsePositive = (v: string): number | null => (POSITIVE_INT.test(v) ? Number(v) : null);

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** The items of a comma-separated value, or null when one is empty. */
function listItems(value: string): string[] | null {
  const items = value.split(',');
  return items.some((i) => i === '') ? null : items;
}

function flag(value: string): boolean | null {
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

type PartResult = { ok: true; apply: (o: ExploreQueryOptions) => void } | { ok: false };
const fail: PartResult = { ok: false };
const set = (apply: (o: ExploreQueryOptions) => void): PartResult => ({ ok: true, apply });

const PARSERS: Record<string, (value: string) => PartResult> = {
  p: (v) => {
    const n = parsePositive(v);
    return n === null ? fail : set((o) => (o.page = n));
  },
  l: (v) => {
    const n = parsePositive(v);
    return n === null || !(EXPLORE_PAGE_SIZES as readonly number[]).includes(n) ? fail : set((o) => (o.limit = n));
  },
  st: (v) => (isOneOf(SEARCH_SOURCE_TYPES, v) ? set((o) => (o.sourceType = v)) : fail),
  sv: (v) => {
    const n = parsePositive(v);
    return n === null ? fail : set((o) => (o.sourceValue = n));
  },
  ord: (v) => {
    const items = v.split(',');
    if (items.length !== 2) return fail;
    const [key, direction] = items as [string, string];
    const dir = direction.toUpperCase();
    if (!isOneOf(SEARCH_ORDER_KEYS, key) || !isOneOf(SORT_DIRECTIONS, dir)) return fail;
    return set((o) => (o.order = { key, direction: dir }));
  },
  n: (v) => {
    if (v.includes(',')) return fail;
    const name = decodeBase64Text(v);
    return name === null ? fail : set((o) => (o.name = name));
  },
  c: (v) => {
    const items = listItems(v);
    return items === null ? fail : set((o) => (o.categories = [...new Set(items)]));
  },
  t: (v) => {
    const items = listItems(v);
    if (items === null) return fail;
    const tags = items.map(decodeBase64Text);
    if (tags.some((t) => t === null || t === '')) return fail;
    return set((o) => (o.tags = [...new Set(tags as string[])]));
  },
  o: (v) => {
    const items = listItems(v);
    if (items === null) return fail;
    const ids = items.map(parsePositive);
    if (ids.some((id) => id === null)) return fail;
    return set((o) => (o.ownerIds = [...new Set(ids as number[])]));
  },
  ea: (v) => {
    const f = flag(v);
    return f === null ? fail : set((o) => (o.excludeAdded = f));
  },
  eh: (v) => {
    const f = flag(v);
    return f === null ? fail : set((o) => (o.excludeHidden = f));
  },
  sn: (v) => {
    const f = flag(v);
    return f === null ? fail : set((o) => (o.newOnly = f));
  },
};

/** The keys the query string knows, in the order encodeExploreQuery writes them. */
export const EXPLORE_QUERY_KEYS = Object.keys(PARSERS);

/**
 * [M2.28]-[M2.41] Reads a query string into options; invalid parts are logged with the [M8.6] texts
 * and ignored, so the result is always usable.
 */
export function decodeExploreQuery(text: string | null | undefined, log?: ExploreQueryLogger): ExploreQueryOptions {
  const options = defaultExploreQuery();
  if (!text) return options;
  for (const part of text.split(';')) {
    if (part === '') continue;
    const colons = part.split(':').length - 1;
    if (colons !== 1) {
      log?.(EXPLORE_QUERY_ERRORS.item, part);
      continue;
    }
    const [key, value] = part.split(':') as [string, string];
    const parser = Object.hasOwn(PARSERS, key) ? PARSERS[key] : undefined;
    if (!parser) {
      log?.(EXPLORE_QUERY_ERRORS.key, part);
      continue;
    }
    const result = parser(value);
    if (!result.ok) {
      log?.(EXPLORE_QUERY_ERRORS.arguments, part);
      continue;
    }
    result.apply(options);
  }
  return options;
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
