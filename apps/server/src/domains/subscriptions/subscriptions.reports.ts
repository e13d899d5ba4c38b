/** The subscriptions report's aggregate (decision 0056): counts of the subtree's subscriptions by service, with the vendor. */
import type { Queryable } from '../../platform/db/db.js';
import { countProductsByService } from '../accounts/index.js';
import { serviceVendors } from '../catalogue/index.js';

export interface SubscriptionServiceRow {
  vendor: string;
  service: string;
  active: number;
  suspended: number;
  terminated: number;
  total: number;
}

/** Per service (its display name, or the ProductName of a service no longer in the catalogue): counts by state. */
export async function subscriptionsByServiceAndVendor(
  db: Queryable,
  rootPath: string,
  state: string | null,
): Promise<SubscriptionServiceRow[]> {
  const counts = await countProductsByService(db, rootPath, state);
  const vendors = await serviceVendors(db, [...new Set(counts.map((c) => c.productName))]);
  const rows = new Map<string, SubscriptionServiceRow>();
  for (const c of counts) {
    const known = vendors.get(c.productName.toLowerCase());
    const key = c.productName.toLowerCase();
    const row = rows.get(key) ?? {
      vendor: known?.vendor ?? '',
      service: known?.displayName ?? c.productName,
      active: 0,
      suspended: 0,
      terminated: 0,
      total: 0,
    };
    if (c.state === 'Active') row.active += c.count;
    else if (c.state === 'Suspended') row.suspended += c.count;
    else row.terminated += c.count;
    row.total += c.count;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.vendor.localeCompare(b.vendor) || a.service.localeCompare(b.service));
}
