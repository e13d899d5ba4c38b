import type { Queryable } from '../../platform/db/db.js';

export interface RateRow {
  currency: string;
  rate: string;
  effective_on: string;
  updated_at: Date;
  updated_by_name: string | null;
}

const DAY = `to_char(effective_on, 'YYYY-MM-DD')`;

/**
 * A SELECT of the latest rate of every currency of the provider whose id is the SQL expression `providerId`
 * (currency, rate, effective_on), with `columns` added (over the rate `r` and who set it `u`).
 */
export const latestRatesSql = (providerId: string, columns = '') =>
  `SELECT DISTINCT ON (r.currency) r.currency, r.rate::text AS rate, ${DAY.replace('effective_on', 'r.effective_on')} AS effective_on${columns}
   FROM exchange_rates r LEFT JOIN accounts u ON u.id = r.updated_by
   WHERE r.provider_id = ${providerId}
   ORDER BY r.currency, r.effective_on DESC`;

/** The latest rate of every currency of the provider. */
export async function listLatest(db: Queryable, providerId: number): Promise<RateRow[]> {
  return db.query<RateRow>(latestRatesSql('$1', ', r.updated_at, u.display_name AS updated_by_name'), [providerId]);
}

/** Earlier month ends' rates of every currency, newest first, at most `months` per currency beyond the latest. */
export async function listHistory(db: Queryable, providerId: number, months: number) {
  return db.query<{ currency: string; rate: string; effective_on: string }>(
    `SELECT currency, rate, effective_on FROM (
       SELECT currency, rate::text AS rate, ${DAY} AS effective_on,
              row_number() OVER (PARTITION BY currency ORDER BY effective_on DESC) AS n
       FROM exchange_rates WHERE provider_id = $1) h
     WHERE n > 1 AND n <= $2 + 1 ORDER BY currency, effective_on DESC`,
    [providerId, months],
  );
}

/** Every currency the portal knows, in its order, and whether the provider's accounts or service prices use it. */
export async function listCurrencies(db: Queryable, providerPath: string) {
  return db.query<{ code: string; display_name: string; in_use: boolean }>(
    `SELECT c.code, c.display_name,
            (EXISTS (SELECT 1 FROM accounts a WHERE a.path LIKE $1 AND a.currency = c.code)
             OR EXISTS (SELECT 1 FROM service_suggested_retail_prices p
                          JOIN services s ON s.id = p.service_id
                          JOIN accounts o ON o.id = s.owner_account_id AND o.path LIKE $1
                        WHERE p.currency = c.code)) AS in_use
     FROM currencies c ORDER BY c.sort, c.code`,
    [`${providerPath}%`],
  );
}

/** Sets (or replaces) the rate of a currency for a month end. */
export async function upsertRate(
  db: Queryable,
  row: { providerId: number; currency: string; rate: string; effectiveOn: string; updatedAt: Date; updatedBy: number | null },
): Promise<void> {
  await db.query(
    `INSERT INTO exchange_rates (provider_id, currency, rate, effective_on, updated_at, updated_by)
     VALUES ($1, $2, $3::numeric, $4::date, $5, $6)
     ON CONFLICT (provider_id, currency, effective_on)
     DO UPDATE SET rate = EXCLUDED.rate, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [row.providerId, row.currency, row.rate, row.effectiveOn, row.updatedAt, row.updatedBy],
  );
}

export async function countRates(db: Queryable, providerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM exchange_rates WHERE provider_id = $1', [
    providerId,
  ]);
  return row?.n ?? 0;
}

/** The version of the provider's rates (decision 0036) with who saved last; null before the first save. */
export async function findVersion(db: Queryable, providerId: number) {
  const [row] = await db.query<{ version: number; updated_at: Date; updated_by_name: string | null }>(
    `SELECT v.version, v.updated_at, u.display_name AS updated_by_name
     FROM exchange_rate_versions v LEFT JOIN accounts u ON u.id = v.updated_by WHERE v.provider_id = $1`,
    [providerId],
  );
  return row ?? null;
}

/**
 * Moves the provider's rates from version `seen` to the next one, in the statement that checks it: false when `seen`
 * is no longer current (someone saved meanwhile), and nothing is to be written then.
 */
export async function advanceVersion(db: Queryable, providerId: number, seen: number, updatedBy: number, now: Date) {
  const rows =
    seen === 0
      ? await db.query(
          `INSERT INTO exchange_rate_versions (provider_id, version, updated_by, updated_at) VALUES ($1, 1, $2, $3)
           ON CONFLICT (provider_id) DO NOTHING RETURNING version`,
          [providerId, updatedBy, now],
        )
      : await db.query(
          `UPDATE exchange_rate_versions SET version = version + 1, updated_by = $2, updated_at = $3
           WHERE provider_id = $1 AND version = $4 RETURNING version`,
          [providerId, updatedBy, now, seen],
        );
  return rows.length > 0;
}
