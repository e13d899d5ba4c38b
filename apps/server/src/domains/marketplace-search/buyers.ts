/**
 * Who may buy a service (decision 0033, used by the ordering wizard, decision 0043): a company may buy the services
 * Added to a price list that reaches it (assigned to it, or to an account above it with propagation on), the same
 * set SearchServices' AvailableServicesForAccount shows for it. Reads only; the one place this question is answered.
 */
import type { Queryable } from '../../platform/db/db.js';
import type { Caller } from '../../platform/operations/types.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import * as repo from './marketplace-search.repository.js';
import { visibleBase } from './marketplace-search.service.js';

/** A list reaching the company `c` (an alias of accounts) holds the service `$serviceParam` Added. */
const REACHES = (serviceParam: string) => `EXISTS (
  SELECT 1 FROM marketplace_services ms
  JOIN marketplaces m ON m.id = ms.marketplace_id
  JOIN marketplace_assignments ma ON ma.marketplace_id = m.id
  WHERE ms.service_id = ${serviceParam} AND ms.status = 'Added'
    AND (ma.account_id = c.id
      OR (m.is_propagation_enabled AND ma.account_id = ANY (string_to_array(btrim(c.path, '/'), '/')::int[]))))`;

export interface BuyingCompany {
  id: number;
  display_name: string;
  parent_name: string | null;
}

/** The companies inside a scope (not terminated) that may buy a service, by name, at most `limit`. */
export async function listCompaniesThatMayBuy(
  db: Queryable,
  p: { scopePath: string; serviceId: number; limit: number },
): Promise<BuyingCompany[]> {
  return db.query<BuyingCompany>(
    `SELECT c.id, c.display_name, parent.display_name AS parent_name
     FROM accounts c LEFT JOIN accounts parent ON parent.id = c.parent_id
     WHERE c.account_type = 'Company' AND c.state <> 'Terminated' AND c.path >= $1 AND c.path < $2
       AND ${REACHES('$3::int')}
     ORDER BY lower(c.display_name), c.id LIMIT $4`,
    [p.scopePath, pathUpperBound(p.scopePath), p.serviceId, p.limit],
  );
}

/** Whether a company may buy a service. */
export async function companyMayBuy(db: Queryable, companyId: number, serviceId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM accounts c WHERE c.id = $1 AND ${REACHES('$2::int')}`, [companyId, serviceId]);
  return rows.length > 0;
}

/**
 * [M2.42] The name of the Active service with this id that the caller may browse (SearchServices' Global set) or
 * that its organisation owns; null otherwise, as for a missing one.
 */
export async function findBrowsableServiceName(db: Queryable, caller: Caller, id: number): Promise<string | null> {
  const { scope } = caller;
  const filters = repo.NO_FILTERS;
  for (const base of [visibleBase({ caller, now: new Date() }), { kind: 'ownedIn', path: scope.rootPath } as const]) {
    const row = await repo.findInfo(db, { base, statusListId: null, filters }, { id }, scope.rootId);
    if (row) return row.service_name;
  }
  return null;
}
