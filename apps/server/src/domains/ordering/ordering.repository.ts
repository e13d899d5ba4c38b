/**
 * SQL of the ordering wizard. Owns `order_requests` (migration 0132). Reads `accounts`, `user_roles` and `roles`
 * (a customer's subscriptions and administrators), writes no other table: accounts, orders, provisioning and
 * acceptances are written through their domains' index.ts.
 */
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

/**
 * Claims a request id for a user in the order's transaction: true when this request is the first with it. A
 * concurrent request with the same id waits here for the first to commit (or roll back) before it is answered.
 */
export async function claimRequest(db: Queryable, userId: number, requestId: string, customerId: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO order_requests (user_id, request_id, customer_id) VALUES ($1, $2::uuid, $3)
     ON CONFLICT (user_id, request_id) DO NOTHING RETURNING request_id`,
    [userId, requestId, customerId],
  );
  return rows.length > 0;
}

/** The answer stored for a user's request id; null when there is none. */
export async function findRequestResult(db: Queryable, userId: number, requestId: string): Promise<unknown | null> {
  const [row] = await db.query<{ result: unknown }>(
    'SELECT result FROM order_requests WHERE user_id = $1 AND request_id = $2::uuid',
    [userId, requestId],
  );
  return row?.result ?? null;
}

export async function storeRequestResult(db: Queryable, userId: number, requestId: string, result: unknown): Promise<void> {
  await db.query('UPDATE order_requests SET result = $3::jsonb WHERE user_id = $1 AND request_id = $2::uuid', [
    userId,
    requestId,
    JSON.stringify(result),
  ]);
}

/** [M3.17] The customer's existing (not terminated) subscription of a service inside its subtree, oldest first. */
export async function findAddedSubscription(db: Queryable, customerPath: string, serviceName: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM accounts
     WHERE account_type = 'Product' AND state <> 'Terminated' AND path >= $1 AND path < $2
       AND lower(product_name) = lower($3)
     ORDER BY id LIMIT 1`,
    [customerPath, pathUpperBound(customerPath), serviceName],
  );
  return row?.id ?? null;
}

/** The users of a customer (inside its subtree, not terminated) holding a role of this name, with an address. */
export async function listUsersWithRole(
  db: Queryable,
  customerPath: string,
  roleName: string,
): Promise<{ id: number; display_name: string; email: string }[]> {
  return db.query<{ id: number; display_name: string; email: string }>(
    `SELECT DISTINCT a.id, a.display_name, a.email FROM accounts a
     JOIN user_roles ur ON ur.user_id = a.id JOIN roles r ON r.id = ur.role_id
     WHERE a.account_type = 'User' AND a.state <> 'Terminated' AND a.path >= $1 AND a.path < $2
       AND r.name = $3 AND a.email IS NOT NULL AND btrim(a.email) <> ''
     ORDER BY a.id`,
    [customerPath, pathUpperBound(customerPath), roleName],
  );
}
