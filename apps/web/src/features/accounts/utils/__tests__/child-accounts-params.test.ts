import { CHILD_ACCOUNTS_PAGE_SIZE, CHILD_ACCOUNTS_PAGE_SIZES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { childAccountsQueryOf, withChildAccountsQuery } from '../child-accounts-params';

const defaults = { text: '', type: null, state: null, page: 1, pageSize: CHILD_ACCOUNTS_PAGE_SIZE };
const otherSize = CHILD_ACCOUNTS_PAGE_SIZES.find((n) => n !== CHILD_ACCOUNTS_PAGE_SIZE) ?? CHILD_ACCOUNTS_PAGE_SIZE;

describe('the Accounts tab in the address', () => {
  it('reads nothing as the defaults, and writes the defaults as nothing', () => {
    expect(childAccountsQueryOf(new URLSearchParams())).toEqual(defaults);
    expect(withChildAccountsQuery(new URLSearchParams(), defaults).toString()).toBe('');
  });

  it('gives back what it wrote, and keeps keys that are not its own', () => {
    const q = { text: 'Team 1', type: 'Department' as const, state: 'Active' as const, page: 2, pageSize: otherSize };
    const params = withChildAccountsQuery(new URLSearchParams('other=kept'), q);
    expect(params.get('other')).toBe('kept');
    expect(childAccountsQueryOf(params)).toEqual(q);
  });

  it('ignores values the tab does not offer', () => {
    const params = new URLSearchParams({ type: 'Provider', state: 'Gone', page: '0', size: '7', search: ` ${'x'.repeat(120)} ` });
    expect(childAccountsQueryOf(params)).toEqual({ ...defaults, text: 'x'.repeat(100) });
    expect(childAccountsQueryOf(new URLSearchParams({ page: '1.5', type: 'Reseller' }))).toEqual({
      ...defaults,
      type: 'Reseller',
    });
  });
});
