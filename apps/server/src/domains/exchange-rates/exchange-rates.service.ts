/**
 * A provider's month-end exchange rates [A2.33] and the conversions they allow (decision 0029).
 * Rates belong to the provider at the root of the hierarchy; every account below it converts with
 * them, so resellers read them, and only the provider's own staff set them.
 */
import {
  BASE_CURRENCY,
  type Conversion,
  conversion,
  type ExchangeRates,
  isRateUpToDate,
  monthEndForUpdate,
  previousMonthEnd,
  RATE_HISTORY_MONTHS,
  type RateOfCurrency,
  type UpdateExchangeRatesInput,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller } from '../../platform/operations/types.js';
import * as repo from './exchange-rates.repository.js';

/** The capability that saves rates. */
export const UPDATE_CAPABILITY = 'EXCHANGE_RATE_UPDATE';

/** The provider (root of the hierarchy) of an account path '/1/5/23/'. */
export function providerIdOf(path: string): number {
  const first = Number(path.split('/').filter(Boolean)[0]);
  if (!Number.isInteger(first)) throw new Error(`not an account path: ${path}`);
  return first;
}

/** Rates by currency, from rows of `latestRatesSql`. */
export const ratesOf = (rows: readonly { currency: string; rate: string; effective_on: string }[]) =>
  new Map<string, RateOfCurrency>(rows.map((r) => [r.currency, { rate: r.rate, effectiveOn: r.effective_on }]));

/** The provider's latest rate of every currency that has one. */
export async function loadRates(db: Queryable, providerId: number): Promise<Map<string, RateOfCurrency>> {
  return ratesOf(await repo.listLatest(db, providerId));
}

/**
 * A SELECT of the latest rates (currency, rate, effective_on; `ratesOf` reads them) of the provider of the account
 * whose path is the SQL expression `path` (the root of the hierarchy, as `providerIdOf`).
 */
export const providerRatesSql = (path: string) => repo.latestRatesSql(`split_part(${path}, '/', 2)::int`);

/** The conversion from one currency to another for an account, with its provider's rates. */
export async function conversionForAccount(
  db: Queryable,
  accountPath: string,
  from: string,
  to: string,
  now: Date,
): Promise<Conversion> {
  if (from === to) return conversion(from, to, new Map(), now);
  return conversion(from, to, await loadRates(db, providerIdOf(accountPath)), now);
}

const canUpdate = (caller: Caller) => caller.capabilities.has(UPDATE_CAPABILITY) && caller.scope.rootType === 'Provider';

export async function listExchangeRates(db: Queryable, caller: Caller, now: Date): Promise<ExchangeRates> {
  const providerId = providerIdOf(caller.scope.rootPath);
  const providerPath = `/${providerId}/`;
  const [currencies, latest, history, version] = await Promise.all([
    repo.listCurrencies(db, providerPath),
    repo.listLatest(db, providerId),
    repo.listHistory(db, providerId, RATE_HISTORY_MONTHS),
    repo.findVersion(db, providerId),
  ]);
  const latestOf = new Map(latest.map((r) => [r.currency, r]));
  return {
    BaseCurrency: BASE_CURRENCY,
    UpdateFor: monthEndForUpdate(now),
    RequiredMonthEnd: previousMonthEnd(now),
    Rates: currencies
      .filter((c) => c.code !== BASE_CURRENCY)
      .map((c) => {
        const rate = latestOf.get(c.code);
        return {
          Currency: c.code,
          DisplayName: c.display_name,
          InUse: c.in_use,
          Rate: rate?.rate ?? null,
          EffectiveOn: rate?.effective_on ?? null,
          UpToDate: isRateUpToDate(rate?.effective_on, now),
          UpdatedAt: rate ? rate.updated_at.toISOString() : null,
          UpdatedBy: rate?.updated_by_name ?? null,
          History: history.filter((h) => h.currency === c.code).map((h) => ({ Rate: h.rate, EffectiveOn: h.effective_on })),
        };
      }),
    CanUpdate: canUpdate(caller),
    Version: version?.version ?? 0,
    UpdatedBy: version?.updated_by_name ?? null,
    UpdatedAt: version?.updated_at.toISOString() ?? null,
  };
}

/**
 * Sets the given currencies' rates for the month end a save now is for (replacing what that month end
 * already had); the other currencies keep theirs. Returns the rates before and after, for the audit row.
 */
export async function updateExchangeRates(db: Queryable, caller: Caller, input: UpdateExchangeRatesInput, now: Date) {
  if (caller.scope.rootType !== 'Provider') throw forbidden('Exchange rates are set by the provider');
  const providerId = providerIdOf(caller.scope.rootPath);
  const known = new Set((await repo.listCurrencies(db, `/${providerId}/`)).map((c) => c.code));
  const unknown = input.rates
    .map((r, i) => ({ field: `rates.${i}.currency`, currency: r.currency }))
    .filter((r) => !known.has(r.currency));
  if (unknown.length > 0) {
    throw new DomainError(
      'VALIDATION_FAILED',
      'One or more validation errors present',
      unknown.map((u) => ({ field: u.field, message: `${u.currency} is not a currency the portal knows` })),
    );
  }
  // Decision 0036: rates saved by someone else since the screen read them answer 409 with the rates as they are.
  if (!(await repo.advanceVersion(db, providerId, input.Version, caller.userId, now))) {
    throw staleVersion('set of exchange rates', await listExchangeRates(db, caller, now));
  }
  const before = Object.fromEntries(
    (await repo.listLatest(db, providerId)).map((r) => [r.currency, `${r.rate} (${r.effective_on})`]),
  );
  const effectiveOn = monthEndForUpdate(now);
  for (const r of input.rates) {
    await repo.upsertRate(db, {
      providerId,
      currency: r.currency,
      rate: r.rate,
      effectiveOn,
      updatedAt: now,
      updatedBy: caller.userId,
    });
  }
  const after = Object.fromEntries(input.rates.map((r) => [r.currency, `${r.rate} (${effectiveOn})`]));
  return { before, after, rates: await listExchangeRates(db, caller, now) };
}

/**
 * Demo rates for a provider without any: USD for the last month end (up to date), GBP only for the
 * month end before it, so the demo shows the "not up to date" banner on GBP customers' subscriptions
 * of USD vendors until someone updates it. Idempotent: does nothing once the provider has rates.
 */
export async function seedDemoExchangeRates(db: Queryable, now = new Date()): Promise<void> {
  const providers = await db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Provider'");
  const lastMonthEnd = previousMonthEnd(now);
  const monthEndBefore = previousMonthEnd(new Date(`${lastMonthEnd.slice(0, 8)}01T00:00:00Z`));
  for (const { id } of providers) {
    if ((await repo.countRates(db, id)) > 0) continue;
    const seeded = [
      { currency: 'USD', rate: '1.0825', effectiveOn: monthEndBefore },
      { currency: 'USD', rate: '1.0790', effectiveOn: lastMonthEnd },
      { currency: 'GBP', rate: '0.8412', effectiveOn: monthEndBefore },
    ];
    for (const r of seeded) await repo.upsertRate(db, { providerId: id, ...r, updatedAt: now, updatedBy: null });
  }
}
