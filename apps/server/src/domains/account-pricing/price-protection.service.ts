/**
 * Price protection [A1.10] [A2.53] [A3.7] [A5.9] [A7.10], decision 0047: the end of a subscription's price
 * protection is stored (`price_protections`, migration 0135) when the subscription is created, and reset by a
 * holder of ACCOUNT_RESETPRICEPROTECTION read inside the subscription's dates.
 */
import {
  formatResetDate,
  type PriceProtectionResetTarget,
  parseResetDate,
  priceProtectionEnd,
  resetBounds,
  resetDateError,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { wholeDays } from '../catalogue/index.js';
import { chosenPriceListsSql } from '../price-lists/index.js';
import { SERVICE_FACTS_SQL } from './account-pricing.service.js';

interface ServiceFacts {
  service: { protection_days: unknown };
  list_days: number | null;
}

/**
 * Stores a new subscription's price protection end: its creation time plus its price list's overriding days, else
 * its Active service's PriceProtectionLengthInDays; a stored null when neither gives one. Changing the service or
 * the list later moves no stored end. Does nothing for an account that already has one.
 */
export async function recordPriceProtection(db: Queryable, accountId: number, now: Date): Promise<void> {
  const [row] = await db.query<{ facts: ServiceFacts | null; created_at: Date }>(
    `SELECT (${SERVICE_FACTS_SQL}) AS facts, a.created_at FROM accounts a WHERE a.id = $1 AND a.account_type = 'Product'`,
    [accountId],
  );
  if (!row) return;
  const days = row.facts ? (row.facts.list_days ?? wholeDays(row.facts.service.protection_days)) : null;
  const end = priceProtectionEnd(row.created_at, days);
  await db.query(
    `INSERT INTO price_protections (account_id, ends_at, version, updated_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (account_id) DO NOTHING`,
    [accountId, end, now],
  );
}

interface TargetRow {
  id: number;
  display_name: string;
  created_at: Date;
  termination_date: Date | null;
  ends_at: Date;
  version: number;
  marketplaces: string[] | null;
}

/** Non-terminated Product accounts with a stored end, with the price list their customer buys the service through. */
const TARGETS_SQL = (where: string) =>
  `SELECT a.id, a.display_name, a.created_at, a.termination_date, pp.ends_at, pp.version,
          (SELECT array_agg(l.name) FROM (${chosenPriceListsSql('ARRAY[a.path]', 'ARRAY[svc.id]')}) l) AS marketplaces
   FROM accounts a
   JOIN price_protections pp ON pp.account_id = a.id AND pp.ends_at IS NOT NULL
   LEFT JOIN LATERAL (SELECT s.id FROM services s WHERE lower(s.service_name) = lower(a.product_name) AND s.state = 'Active' LIMIT 1) svc ON true
   WHERE a.account_type = 'Product' AND a.state <> 'Terminated' AND ${where}
   ORDER BY a.display_name, a.id`;

function targetOf(r: TargetRow): PriceProtectionResetTarget {
  const bounds = resetBounds(r.created_at, r.termination_date);
  return {
    AccountId: r.id,
    Name: r.display_name,
    DateFrom: formatResetDate(bounds.from),
    DateTo: formatResetDate(bounds.to),
    Marketplaces: r.marketplaces ?? [],
    PriceProtectionEnddate: r.ends_at.toISOString(),
    Version: r.version,
  };
}

/**
 * [A3.7] [A7.10] GetSubscriptionInfoForReset: a user's subscriptions (its Product children), or a Product account
 * itself, that have a price protection end and are not terminated. Other account types are refused naming accountId.
 */
export async function listResetTargets(
  db: Queryable,
  account: LocatedAccount | null,
): Promise<{ Items: PriceProtectionResetTarget[] }> {
  if (!account) throw notFound();
  if (account.type !== 'User' && account.type !== 'Product') {
    throw validationFailed([{ field: 'accountId', message: 'Only a user or a subscription has price protection to reset' }]);
  }
  const rows = await db.query<TargetRow>(TARGETS_SQL(account.type === 'User' ? 'a.parent_id = $1' : 'a.id = $1'), [account.id]);
  return { Items: rows.map(targetOf) };
}

/**
 * [A5.9] [A7.10] ResetPriceProtection: a new end for a Product account with a price protection end, inside its
 * dates, over the version seen (decision 0036). Answers the target as it is now, and the end before for the audit.
 */
export async function resetPriceProtection(
  db: Queryable,
  caller: Caller,
  account: LocatedAccount | null,
  input: { DateTo: string; Version: number },
  now: Date,
): Promise<{ target: PriceProtectionResetTarget; before: string }> {
  if (!account) throw notFound();
  if (account.type !== 'Product') {
    throw validationFailed([{ field: 'accountId', message: 'Only a subscription (Product account) has price protection' }]);
  }
  await db.query('SELECT 1 FROM price_protections WHERE account_id = $1 FOR UPDATE', [account.id]);
  const [current] = await db.query<TargetRow>(TARGETS_SQL('a.id = $1'), [account.id]);
  if (!current) {
    throw validationFailed([
      { field: 'accountId', message: 'This subscription has no price protection to reset, or it is terminated' },
    ]);
  }
  if (isStaleVersion({ seen: input.Version, current: current.version })) {
    throw staleVersion('price protection', targetOf(current));
  }
  const message = resetDateError(input.DateTo, resetBounds(current.created_at, current.termination_date));
  if (message) throw validationFailed([{ field: 'DateTo', message }]);
  const end = parseResetDate(input.DateTo) as Date;
  await db.query(
    `UPDATE price_protections SET ends_at = $2, version = version + 1, updated_by = $3, updated_at = $4 WHERE account_id = $1`,
    [account.id, end, caller.userId, now],
  );
  const [saved] = await db.query<TargetRow>(TARGETS_SQL('a.id = $1'), [account.id]);
  if (!saved) throw notFound();
  return { target: targetOf(saved), before: current.ends_at.toISOString() };
}
