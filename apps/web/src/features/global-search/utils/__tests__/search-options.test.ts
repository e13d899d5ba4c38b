import type { GlobalSearchOutput } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { type GlobalSearchLinks, moveActive, searchGroups } from '../search-options';

const links: GlobalSearchLinks = {
  account: (id) => `/Account/View/${id}`,
  service: (id) => `/service/${id}`,
  order: (n) => `/Orders/${n}`,
  allServices: (text) => `/Marketplace/Explore/${text}`,
  allOrders: (text) => `/Orders?search=${text}`,
};

const result = (over: Partial<GlobalSearchOutput>): GlobalSearchOutput => ({
  Accounts: { Items: [], HasMore: false },
  Services: null,
  Orders: null,
  ...over,
});

describe('searchGroups', () => {
  it('lists accounts, services and orders in that order, each leading to its page', () => {
    const groups = searchGroups(
      result({
        Accounts: {
          Items: [{ AccountId: 7, AccountType: 'Company', DisplayName: 'Acme', ParentDisplayName: 'R' }],
          HasMore: false,
        },
        Services: { Items: [{ Id: 3, ServiceName: 'Mail', DisplayName: 'Acme Mail' }], HasMore: false },
        Orders: {
          Items: [{ OrderNumber: 'ORD-1', AccountId: 9, Company: 'Acme', Service: 'Mail', Status: 'Completed', PlacedAt: '' }],
          Total: 1,
          HasMore: false,
        },
      }),
      'acme',
      links,
    );

    expect(groups.map((g) => [g.key, g.options.map((o) => o.path)])).toEqual([
      ['accounts', ['/Account/View/7']],
      ['services', ['/service/3']],
      ['orders', ['/Orders/ORD-1']],
    ]);
  });

  it('ends a group that has more with a "see all" option, and leaves out empty and unreadable groups', () => {
    const groups = searchGroups(
      result({
        Services: { Items: [{ Id: 3, ServiceName: 'Mail', DisplayName: 'Acme Mail' }], HasMore: true },
        Orders: { Items: [], Total: 0, HasMore: false },
      }),
      'acme',
      links,
    );

    expect(groups.map((g) => g.key)).toEqual(['services']);
    expect(groups[0]?.options.at(-1)).toEqual({ kind: 'seeAll', path: '/Marketplace/Explore/acme', group: 'services' });
  });
});

describe('moveActive', () => {
  it.each([
    [null, 'ArrowDown', 3, 0],
    [null, 'ArrowUp', 3, 2],
    [0, 'ArrowDown', 3, 1],
    [2, 'ArrowDown', 3, 0],
    [0, 'ArrowUp', 3, 2],
    [1, 'Home', 3, 0],
    [1, 'End', 3, 2],
    [null, 'ArrowDown', 0, null],
  ] as const)('from %s, %s among %s options goes to %s', (current, key, count, expected) => {
    expect(moveActive(current, key, count)).toBe(expected);
  });
});
