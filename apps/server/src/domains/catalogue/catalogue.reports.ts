/** What the server-run reports read of the catalogue (decision 0056). */
import type { Queryable } from '../../platform/db/db.js';

export interface ServiceVendor {
  serviceName: string;
  displayName: string;
  vendor: string;
}

/** Services by name (case-insensitive, keyed by the lower-case name) with their vendor (the owning account's name). */
export async function serviceVendors(db: Queryable, names: readonly string[]): Promise<Map<string, ServiceVendor>> {
  if (names.length === 0) return new Map();
  const rows = await db.query<ServiceVendor>(
    `SELECT s.service_name AS "serviceName", s.display_name AS "displayName", o.display_name AS vendor
       FROM services s JOIN accounts o ON o.id = s.owner_account_id
      WHERE lower(s.service_name) = ANY($1::text[])`,
    [names.map((n) => n.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.serviceName.toLowerCase(), r]));
}
