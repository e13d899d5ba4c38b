import {
  ACCOUNT_STATES,
  ACCOUNT_TYPES,
  type AccountState,
  type AccountType,
  CHILD_ACCOUNTS_PAGE_SIZE,
  CHILD_ACCOUNTS_PAGE_SIZES,
} from '@portal/contracts';
import type { ChildAccountsQuery } from '../api/use-child-accounts';

/**
 * The Accounts tab's search, filters and page live in the address (decision 0054), so that Back from a child account,
 * a reload or a shared link shows the same list. Only the tab's own keys are read and written; anything else in the
 * address is kept. A value that is not one the tab offers is ignored (the default is shown instead).
 */
const KEYS = { text: 'search', type: 'type', state: 'state', page: 'page', pageSize: 'size' } as const;

const wholeAtLeastOne = (value: string | null): number | null => {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
};

export function childAccountsQueryOf(params: URLSearchParams): ChildAccountsQuery {
  const type = params.get(KEYS.type);
  const state = params.get(KEYS.state);
  const size = wholeAtLeastOne(params.get(KEYS.pageSize));
  return {
    text: (params.get(KEYS.text) ?? '').trim().slice(0, 100),
    type: type !== 'Provider' && ACCOUNT_TYPES.includes(type as AccountType) ? (type as AccountType) : null,
    state: ACCOUNT_STATES.includes(state as AccountState) ? (state as AccountState) : null,
    page: wholeAtLeastOne(params.get(KEYS.page)) ?? 1,
    pageSize: size !== null && (CHILD_ACCOUNTS_PAGE_SIZES as readonly number[]).includes(size) ? size : CHILD_ACCOUNTS_PAGE_SIZE,
  };
}

/** `params` with the tab's keys set from `q`; a default value leaves its key out. */
export function withChildAccountsQuery(params: URLSearchParams, q: ChildAccountsQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set(KEYS.text, q.text === '' ? null : q.text);
  set(KEYS.type, q.type);
  set(KEYS.state, q.state);
  set(KEYS.page, q.page === 1 ? null : String(q.page));
  set(KEYS.pageSize, q.pageSize === CHILD_ACCOUNTS_PAGE_SIZE ? null : String(q.pageSize));
  return next;
}
