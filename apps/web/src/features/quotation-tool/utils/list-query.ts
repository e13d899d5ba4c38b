import { QUOTE_SORT_KEYS } from '@portal/contracts';

export type QuoteSortKey = (typeof QUOTE_SORT_KEYS)[number];
export type SortDirection = 'ASC' | 'DESC';

/** What a list of the quotation tool shows; it lives in the address. */
export interface QuoteListQuery {
  page: number;
  sort: { Key: QuoteSortKey; Direction: SortDirection };
  /** Projects tab: the project whose quotes are listed; null lists the projects. */
  group: number | null;
}

export const DEFAULT_SORT = { Key: 'ModifyDate', Direction: 'DESC' } as const satisfies QuoteListQuery['sort'];

/** The sort as the address spells it, `Name:ASC`; the default is left out. */
export function formatSort(sort: QuoteListQuery['sort']): string | null {
  return sort.Key === DEFAULT_SORT.Key && sort.Direction === DEFAULT_SORT.Direction ? null : `${sort.Key}:${sort.Direction}`;
}

/** The sort from the address; anything unknown falls back to the newest change first. */
export function parseSort(text: string | null): QuoteListQuery['sort'] {
  const [key, direction] = (text ?? '').split(':');
  const known = QUOTE_SORT_KEYS.find((k) => k === key);
  if (!known || (direction !== 'ASC' && direction !== 'DESC')) return DEFAULT_SORT;
  return { Key: known, Direction: direction };
}

/** A click on a column: the same column turns its direction, another starts ascending (dates and money descending). */
export function nextSort(current: QuoteListQuery['sort'], key: QuoteSortKey): QuoteListQuery['sort'] {
  if (current.Key === key) return { Key: key, Direction: current.Direction === 'ASC' ? 'DESC' : 'ASC' };
  return { Key: key, Direction: key === 'Name' || key === 'Status' ? 'ASC' : 'DESC' };
}

/** A positive whole number from the address, else null (page and project). */
export function parsePositive(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
