import { type GlobalSearchOutput, ORDERS_READ_CAPABILITY_KEYS } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import type { Caller } from '../../platform/operations/types.js';
import { searchInScope } from '../accounts/index.js';
import { findBrowsableServices } from '../marketplace-search/index.js';
import { listOrders } from '../orders/index.js';

/**
 * Decision 0054: the header's search, one group per source, each asked through its own domain with that domain's
 * rule of who sees what (accounts: the caller's scope; services: the marketplace's Global source; orders: ListOrders'
 * scope). A group the caller may not read is null. One more than shown is asked for to tell whether there is more.
 */
export async function globalSearch(
  db: Queryable,
  v: { caller: Caller; now: Date },
  input: { text: string; limit: number },
): Promise<GlobalSearchOutput> {
  const { caller } = v;
  const mayReadOrders = ORDERS_READ_CAPABILITY_KEYS.some((key) => caller.capabilities.has(key));
  const [accounts, services, orders] = await Promise.all([
    searchInScope(db, caller.scope.rootPath, input.text, [], input.limit + 1),
    findBrowsableServices(db, v, input.text, input.limit + 1),
    mayReadOrders
      ? listOrders(db, caller, { page: 1, pageSize: input.limit, search: input.text, status: null, accountId: null })
      : null,
  ]);
  return {
    Accounts: {
      Items: accounts.slice(0, input.limit).map((r) => ({
        AccountId: r.id,
        AccountType: r.account_type,
        DisplayName: r.display_name,
        ParentDisplayName: r.parent_name,
      })),
      HasMore: accounts.length > input.limit,
    },
    Services: services && {
      Items: services.slice(0, input.limit).map((s) => ({ Id: s.id, ServiceName: s.service_name, DisplayName: s.display_name })),
      HasMore: services.length > input.limit,
    },
    Orders: orders && {
      Items: orders.Items.map((o) => ({
        OrderNumber: o.OrderNumber,
        AccountId: o.AccountId,
        Company: o.Company,
        Service: o.Service,
        Status: o.Status,
        PlacedAt: o.PlacedAt,
      })),
      Total: orders.Total,
      HasMore: orders.Total > orders.Items.length,
    },
  };
}
