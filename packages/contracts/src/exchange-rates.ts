/**
 * Currency exchange rates of a provider, updated on the last day of every month [A2.33], and the
 * conversion they make possible: a vendor's fee (in the vendor's currency) in the customer's currency,
 * for the purchase price and gross margin of the price preview [A2.34] [A6.17] (decision 0029).
 *
 * Every rate is quoted against the base currency EUR ([M9.3]'s default): "1 EUR = Rate units of
 * Currency". A conversion between two other currencies goes through EUR. A rate is entered for a
 * month end (its EffectiveOn date) and applies until the next month end's rate replaces it; it is up
 * to date while no month end has passed since: from the first day of a month the rate of the month
 * end before must exist.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { defineOperation } from './operation.js';
import { DEFAULT_CURRENCY } from './pricing.js';
import { RecordVersionSchema } from './versions.js';

/** Rates are quoted against it; its own rate is always 1 and never out of date. */
export const BASE_CURRENCY = DEFAULT_CURRENCY;

/** The most decimals a rate keeps. */
export const RATE_DECIMALS = 6;

/** Month ends of history the rates screen shows per currency. */
export const RATE_HISTORY_MONTHS = 12;

export const CurrencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'Enter a three-letter currency code such as USD' });

/** A rate as typed: a positive decimal with at most 6 decimals. */
export const RateTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, { message: 'Enter a positive number with at most 6 decimals, such as 1.0825' })
  .refine((v) => !/^\d+(\.\d+)?$/.test(v) || new Decimal(v).greaterThan(0), { message: 'The rate must be greater than 0' });

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last day of the month before `now`'s month (UTC), yyyy-MM-dd. */
export function previousMonthEnd(now: Date): string {
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
}

/**
 * The month end a rate saved at `now` is for: today on the last day of a month, otherwise the last day
 * of the month before (UTC), yyyy-MM-dd.
 *
 * @example monthEndForUpdate(new Date('2026-11-30T09:00:00Z')) // '2026-11-30'
 * @example monthEndForUpdate(new Date('2026-11-23T09:00:00Z')) // '2026-10-31'
 */
export function monthEndForUpdate(now: Date): string {
  const tomorrow = new Date(now.getTime() + DAY_MS);
  return tomorrow.getUTCMonth() !== now.getUTCMonth() ? isoDay(now) : previousMonthEnd(now);
}

/** [A2.33] A rate entered for `effectiveOn` (yyyy-MM-dd) is up to date at `now` while no later month end has passed. */
export function isRateUpToDate(effectiveOn: string | null | undefined, now: Date): boolean {
  if (!effectiveOn) return false;
  return effectiveOn >= previousMonthEnd(now);
}

/** A currency's latest rate against BASE_CURRENCY. */
export interface RateOfCurrency {
  rate: string;
  /** yyyy-MM-dd, a month end. */
  effectiveOn: string;
}

export type Conversion =
  | {
      ok: true;
      /** Multiply an amount in `from` by it to get `to`; exact to 20 significant digits. */
      factor: string;
      /** False when a rate it uses is older than the last month end. */
      upToDate: boolean;
      /** The oldest EffectiveOn of the rates it uses; null when none is needed (same currency or both EUR). */
      effectiveOn: string | null;
    }
  | {
      ok: false;
      /** The currencies without a rate. */
      missing: string[];
    };

/**
 * The factor that turns an amount in `from` into `to`, through the base currency: rate(to) / rate(from).
 *
 * @example conversion('USD', 'GBP', new Map([['USD', {rate:'1.1', effectiveOn:'2026-10-31'}], ['GBP', {rate:'0.88', effectiveOn:'2026-10-31'}]]), now)
 */
export function conversion(from: string, to: string, rates: ReadonlyMap<string, RateOfCurrency>, now: Date): Conversion {
  if (from === to) return { ok: true, factor: '1', upToDate: true, effectiveOn: null };
  const used = [from, to].filter((c) => c !== BASE_CURRENCY);
  const missing = used.filter((c) => !rates.has(c));
  if (missing.length > 0) return { ok: false, missing };
  const rateOf = (c: string) => (c === BASE_CURRENCY ? new Decimal(1) : new Decimal((rates.get(c) as RateOfCurrency).rate));
  const dates = used.map((c) => (rates.get(c) as RateOfCurrency).effectiveOn).sort();
  const effectiveOn = dates[0] ?? null;
  return {
    ok: true,
    factor: rateOf(to).dividedBy(rateOf(from)).toSignificantDigits(20).toFixed(),
    upToDate: dates.every((d) => isRateUpToDate(d, now)),
    effectiveOn,
  };
}

/** An amount times a conversion factor, exact (rounded only for display). */
export function convertAmount(amount: string, factor: string): string {
  return new Decimal(amount).times(new Decimal(factor)).toSignificantDigits(20).toFixed();
}

export const ExchangeRateSchema = z.object({
  Currency: z.string(),
  /** The currency's name (Euro, US dollar, ...). */
  DisplayName: z.string(),
  /** True when an account or a service price under the provider uses the currency. */
  InUse: z.boolean(),
  /** 1 EUR = Rate units of Currency, a decimal string; null when no rate was ever set. */
  Rate: z.string().nullable(),
  /** The month end the rate is for, yyyy-MM-dd; null without a rate. */
  EffectiveOn: z.string().nullable(),
  /** [A2.33] False without a rate, or when a month end has passed since EffectiveOn. */
  UpToDate: z.boolean(),
  /** ISO 8601 UTC; null without a rate. */
  UpdatedAt: z.string().nullable(),
  /** Who set the latest rate; null for seeded rates or without one. */
  UpdatedBy: z.string().nullable(),
  /** Earlier month ends' rates, newest first (at most RATE_HISTORY_MONTHS). */
  History: z.array(z.object({ Rate: z.string(), EffectiveOn: z.string() })),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const ExchangeRatesSchema = z.object({
  BaseCurrency: z.string(),
  /** The month end a save now is for (yyyy-MM-dd). */
  UpdateFor: z.string(),
  /** The month end rates must be for to be up to date. */
  RequiredMonthEnd: z.string(),
  /** Every currency the portal knows except the base currency, in the portal's currency order. */
  Rates: z.array(ExchangeRateSchema),
  /** True when the caller may save rates (EXCHANGE_RATE update, signed in at the provider). */
  CanUpdate: z.boolean(),
  /** Decision 0036: the version of the provider's rates, moved on by every save; 0 before the first. */
  Version: RecordVersionSchema,
  /** Who saved rates last and when (ISO 8601 UTC); null before the first save. */
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

export const ListExchangeRates = defineOperation({
  name: 'ListExchangeRates',
  summary:
    "The provider's exchange rates against EUR, each with its month end, whether it is up to date [A2.33], who set it, its history and whether the currency is in use",
  input: z.object({}),
  output: ExchangeRatesSchema,
  access: { kind: 'capability', capability: { name: 'EXCHANGE_RATE', kind: 'READ' } },
  mutating: false,
});

export const UpdateExchangeRatesInputSchema = z.object({
  /** The Version ListExchangeRates returned; a save over a newer one answers 409 with the rates as they are. */
  Version: RecordVersionSchema,
  rates: z
    .array(z.object({ currency: CurrencyCodeSchema, rate: RateTextSchema }))
    .min(1, { message: 'Enter at least one rate' })
    .max(200)
    .refine((rates) => new Set(rates.map((r) => r.currency)).size === rates.length, {
      message: 'Each currency may appear once',
    })
    .refine((rates) => rates.every((r) => r.currency !== BASE_CURRENCY), {
      message: `${BASE_CURRENCY} is the base currency: its rate is always 1`,
    }),
});
export type UpdateExchangeRatesInput = z.input<typeof UpdateExchangeRatesInputSchema>;

export const UpdateExchangeRates = defineOperation({
  name: 'UpdateExchangeRates',
  summary:
    "Sets the provider's exchange rates for the current month end (today on a month's last day, else the last day of the month before); a rate already set for that month end is replaced",
  input: UpdateExchangeRatesInputSchema,
  output: ExchangeRatesSchema,
  access: { kind: 'capability', capability: { name: 'EXCHANGE_RATE', kind: 'UPDATE' } },
  mutating: true,
});

export const exchangeRateOperations = [ListExchangeRates, UpdateExchangeRates] as const;
