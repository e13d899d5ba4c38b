import type { ProvisioningRequestStatus } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

interface DemoHistory {
  /** The sign-in name of the user the subscription belongs to. */
  owner: string;
  requests: {
    action: string;
    status: ProvisioningRequestStatus;
    attempts: number;
    retryable?: boolean;
    error?: string;
    daysAgo: number;
  }[];
}

const UNREACHABLE = 'The provisioning endpoint could not be reached: ENOTFOUND';

/** Each banner of [A2.33] on one demo subscription; the owners are users of the demo companies. */
const HISTORY: DemoHistory[] = [
  {
    // Failed with a retry link.
    owner: 'brightwater.admin',
    requests: [
      { action: 'CREATE', status: 'Done', attempts: 1, daysAgo: 40 },
      { action: 'MODIFY', status: 'Error', attempts: 1, retryable: true, error: UNREACHABLE, daysAgo: 1 },
    ],
  },
  {
    // Escalated after three failed attempts.
    owner: 'dunmore.admin',
    requests: [{ action: 'MODIFY', status: 'Escalated', attempts: 3, retryable: true, error: UNREACHABLE, daysAgo: 3 }],
  },
  {
    // Sent and waiting for the vendor.
    owner: 'evergreen.admin',
    requests: [{ action: 'MODIFY', status: 'Sent', attempts: 1, daysAgo: 0 }],
  },
  {
    // Failed; the monitoring team is working on it (the vendor refused the request).
    owner: 'greenfield.admin',
    requests: [
      {
        action: 'MODIFY',
        status: 'Error',
        attempts: 1,
        retryable: false,
        error: 'The provisioning endpoint answered HTTP 400: Bad Request',
        daysAgo: 2,
      },
    ],
  },
];

/** Adds provisioning history to a few demo subscriptions so every provisioning banner can be seen. Runs once. */
export async function seedProvisioningDemo(db: Queryable, now = new Date()): Promise<void> {
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM provisioning_requests');
  if ((existing?.n ?? 0) > 0) return;
  for (const history of HISTORY) {
    const [product] = await db.query<{ id: number; product_name: string | null }>(
      `SELECT p.id, p.product_name FROM accounts p JOIN accounts u ON u.id = p.parent_id
       WHERE u.username = $1 AND p.account_type = 'Product' ORDER BY p.id LIMIT 1`,
      [history.owner],
    );
    if (!product?.product_name) continue;
    for (const r of history.requests) {
      const at = new Date(now.getTime() - r.daysAgo * 86_400_000);
      await db.query(
        `INSERT INTO provisioning_requests (account_id, product_name, action, method, status, attempts, retryable, last_error,
           variables, created_at, updated_at, finished_at)
         VALUES ($1, $2, $3, 'Http', $4::text, $5, $6, $7, '{}'::jsonb, $8::timestamptz, $8::timestamptz,
                 CASE WHEN $4::text IN ('Done', 'Escalated') THEN $8::timestamptz END)`,
        [product.id, product.product_name, r.action, r.status, r.attempts, r.retryable ?? false, r.error ?? null, at],
      );
    }
  }
}
