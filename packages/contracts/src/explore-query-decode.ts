/**
 * Reading the explore query string [M2.28]-[M2.41]: the other half of explore-query.ts (the format, its options and
 * its writer are described there).
 */
import {
  defaultExploreQuery,
  EXPLORE_PAGE_SIZES,
  EXPLORE_QUERY_ERRORS,
  type ExploreQueryLogger,
  type ExploreQueryOptions,
  SEARCH_ORDER_KEYS,
  SEARCH_SOURCE_TYPES,
  SORT_DIRECTIONS,
} from './explore-query.js';

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
