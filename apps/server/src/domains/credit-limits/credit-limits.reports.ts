/** The credit limits the Credit Exposure report reads (decision 0056), within the subtree at rootPath. */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface CurrentLimitRow {
  accountId: number;
  displayName: string;
  accountType: string;
  /** The account's currency (the credit check's). */
  currency: string | null;
  /** Null: no limit (never assigned or deactivated). */
  limit: string | null;
  isLocked: boolean;
}

/** The current (newest) credit limit record of every company and reseller of the subtree that has one. */
export async function currentCreditLimits(db: Queryable, rootPath: string): Promise<CurrentLimitRow[]> {
  return db.query<CurrentLimitRow>(
    `SELECT a.id AS "accountId", a.display_name AS "displayName", a.account_type AS "accountType", a.currency,
            r.credit_limit::text AS "limit", r.is_locked AS "isLocked"
       FROM accounts a
       JOIN LATERAL (SELECT credit_limit, is_locked FROM credit_limit_records
                      WHERE account_id = a.id ORDER BY id DESC LIMIT 1) r ON true
      WHERE a.path >= $1 AND a.path < $2 AND a.account_type IN ('Company', 'Reseller')
      ORDER BY a.display_name, a.id`,
    [rootPath, pathUpperBound(rootPath)],
  );
}
