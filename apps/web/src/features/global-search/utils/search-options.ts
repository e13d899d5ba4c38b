import type { GlobalSearchOutput } from '@portal/contracts';

/** Where each kind of result leads (router paths, built by the page that mounts the search). */
export interface GlobalSearchLinks {
  account: (id: number) => string;
  service: (id: number) => string;
  order: (orderNumber: string) => string;
  /** The full list of services matching the text (the marketplace's explore page). */
  allServices: (text: string) => string;
  /** The full list of orders matching the text (the Orders page). */
  allOrders: (text: string) => string;
}

export type SearchGroupKey = 'accounts' | 'services' | 'orders';

export type SearchOption =
  | { kind: 'account'; path: string; name: string; accountType: string; parent: string | null }
  | { kind: 'service'; path: string; name: string; serviceName: string }
  | { kind: 'order'; path: string; orderNumber: string; company: string; service: string; status: string }
  | { kind: 'seeAll'; path: string; group: SearchGroupKey };

export interface SearchGroup {
  key: SearchGroupKey;
  options: SearchOption[];
}

/**
 * The listbox's groups in order (accounts, services, orders), leaving out the empty and the unreadable ones. A group
 * that has more than it shows ends in a "see all" option when a full list page exists (services, orders).
 */
export function searchGroups(result: GlobalSearchOutput, text: string, links: GlobalSearchLinks): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      key: 'accounts',
      options: result.Accounts.Items.map((a) => ({
        kind: 'account' as const,
        path: links.account(a.AccountId),
        name: a.DisplayName,
        accountType: a.AccountType,
        parent: a.ParentDisplayName,
      })),
    },
  ];
  if (result.Services) {
    groups.push({
      key: 'services',
      options: [
        ...result.Services.Items.map((s) => ({
          kind: 'service' as const,
          path: links.service(s.Id),
          name: s.DisplayName,
          serviceName: s.ServiceName,
        })),
        ...(result.Services.HasMore
          ? [{ kind: 'seeAll' as const, path: links.allServices(text), group: 'services' as const }]
          : []),
      ],
    });
  }
  if (result.Orders) {
    groups.push({
      key: 'orders',
      options: [
        ...result.Orders.Items.map((o) => ({
          kind: 'order' as const,
          path: links.order(o.OrderNumber),
          orderNumber: o.OrderNumber,
          company: o.Company,
          service: o.Service,
          status: o.Status,
        })),
        ...(result.Orders.HasMore ? [{ kind: 'seeAll' as const, path: links.allOrders(text), group: 'orders' as const }] : []),
      ],
    });
  }
  return groups.filter((g) => g.options.length > 0);
}

/** The option an arrow key moves to: down from none is the first, up from none the last; both wrap around. */
export function moveActive(current: number | null, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End', count: number): number | null {
  if (count === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (current === null) return key === 'ArrowDown' ? 0 : count - 1;
  return key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count;
}
