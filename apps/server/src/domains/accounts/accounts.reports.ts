/** The account counts the server-run reports read (decision 0056), within the subtree at rootPath. */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface ProductCountRow {
  productName: string;
  state: string;
  count: number;
}

/** The subscriptions (Product accounts) of the subtree by service name (ProductName) and state; `state` null: all. */
export async function countProductsByService(db: Queryable, rootPath: string, state: string | null): Promise<ProductCountRow[]> {
  return db.query<ProductCountRow>(
    `SELECT coalesce(product_name, '') AS "productName", state, count(*)::int AS count
       FROM accounts
      WHERE account_type = 'Product' AND path >= $1 AND path < $2 AND ($3::text IS NULL OR state = $3)
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [rootPath, pathUpperBound(rootPath), state],
  );
}

export interface OrganisationRow {
  id: number;
  displayName: string;
  accountType: string;
}

/** The companies and resellers of the subtree (the root included) among `ids`. */
export async function findOrganisationsInScope(
  db: Queryable,
  rootPath: string,
  ids: readonly number[],
): Promise<OrganisationRow[]> {
  if (ids.length === 0) return [];
  return db.query<OrganisationRow>(
    `SELECT id, display_name AS "displayName", account_type AS "accountType" FROM accounts
      WHERE id = ANY($3::int[]) AND path >= $1 AND path < $2 AND account_type IN ('Company', 'Reseller')`,
    [rootPath, pathUpperBound(rootPath), ids],
  );
}
