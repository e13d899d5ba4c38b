/** The provisioning failures the server-run report reads (decision 0056), within the subtree at rootPath. */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface FailedRequestRow {
  id: number;
  createdAt: Date;
  subscription: string;
  service: string;
  action: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

/** The requests made in [from, toExclusive) for subscriptions of the subtree that failed (Error) or were Escalated. */
export async function failedProvisioningRequests(
  db: Queryable,
  rootPath: string,
  period: { from: Date; toExclusive: Date },
): Promise<FailedRequestRow[]> {
  const rows = await db.query<FailedRequestRow>(
    `SELECT r.id, r.created_at AS "createdAt", p.display_name AS subscription, r.product_name AS service, r.action,
            r.status, r.attempts, r.last_error AS "lastError"
       FROM provisioning_requests r JOIN accounts p ON p.id = r.account_id
      WHERE p.path >= $1 AND p.path < $2 AND r.status IN ('Error', 'Escalated')
        AND r.created_at >= $3 AND r.created_at < $4
      ORDER BY r.created_at DESC, r.id DESC`,
    [rootPath, pathUpperBound(rootPath), period.from, period.toExclusive],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}
