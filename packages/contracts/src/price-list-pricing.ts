/**
 * What a price list ("marketplace") charges for one fee of a service in one currency [M3.10] [M3.18]
 * [M4.15] [M4.16] [M4.26], the input the one pricing rule (`priceSubscription`) takes to price a
 * customer's subscription from the price list assigned to it (decision 0033). Pure and decimal.
 *
 * - Auto SRP sync on: the suggested retail price, whatever the list's own prices say [M4.15].
 * - Legacy pricing: the list's own price (CustomPrice) of the fee and currency, else the SRP.
 * - Dynamic pricing: the SRP with the markup of the most specific pricing rule that matches the
 *   service (Service, then Category, then Vendor); the SRP itself when none matches [M4.16].
 */
import Decimal from 'decimal.js';

export const PRICING_MODES = ['legacy', 'dynamic'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

export const PRICING_RULE_TARGETS = ['Service', 'Category', 'Vendor'] as const;
export type PricingRuleTarget = (typeof PRICING_RULE_TARGETS)[number];

/** Prices keep up to 6 decimals [S5.13]. */
export const PRICE_DECIMALS = 6;

/** The key of one fee's price in one currency in `PriceListPricing.customPrices`. */
export const priceKey = (ruleId: string, currency: string) => `${ruleId}|${currency}`;

/** A price list as the pricing rule needs it for one service. */
export interface PriceListPricing {
  marketplaceId: number;
  name: string;
  mode: PricingMode;
  isAutoSrpSyncEnabled: boolean;
  /** The list's own prices of this service, by priceKey(ruleId, currency); decimal strings. */
  customPrices: ReadonlyMap<string, string>;
  /** Dynamic mode: the markup percent of the most specific matching rule, null when none matches. */
  markupPercent: string | null;
  /** [M3.18] The list's price protection length in days when it overrides the service's own; null otherwise. */
  priceProtectionDays?: number | null;
}

/** A dynamic pricing rule: a markup on the SRP of a vendor's services, a category or one service. */
export interface DynamicPricingRule {
  target: PricingRuleTarget;
  /** Vendor: the owner account id; Category: the category name; Service: the service id (as text). */
  value: string;
  markupPercent: string;
}

/** The service a dynamic pricing rule is matched against. */
export interface PricedServiceIdentity {
  serviceId: number;
  ownerAccountId: number;
  category: string | null;
}

const RULE_ORDER: Record<PricingRuleTarget, number> = { Service: 0, Category: 1, Vendor: 2 };

/** [M4.16] The rule that sets a service's markup: the most specific one that matches (Service, Category, Vendor). */
export function matchingPricingRule<R extends DynamicPricingRule>(rules: readonly R[], service: PricedServiceIdentity): R | null {
  const matches = rules.filter(
    (r) =>
      (r.target === 'Service' && r.value === String(service.serviceId)) ||
      (r.target === 'Category' && service.category !== null && r.value === service.category) ||
      (r.target === 'Vendor' && r.value === String(service.ownerAccountId)),
  );
  matches.sort((a, b) => RULE_ORDER[a.target] - RULE_ORDER[b.target]);
  return matches[0] ?? null;
}

/**
 * A price with a margin or markup in percent, rounded half up to 6 decimals: 10.00 with 12.5 is 11.25.
 * Used by copying a price list with a margin [M5.3], markup [M4.26] and dynamic rules [M4.16].
 */
export function applyPercent(price: string, percent: string): string {
  const p = new Decimal(price);
  const factor = new Decimal(100).plus(new Decimal(percent)).dividedBy(100);
  return p.times(factor).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

/**
 * [M3.18] The selling price of one fee in one currency from a price list; `srp` is the fee's suggested
 * retail price in that currency (null when it has none). Null when the list gives no price either.
 */
export function priceListUnitPrice(
  list: PriceListPricing,
  ruleId: string | null,
  currency: string,
  srp: string | null,
): string | null {
  if (list.isAutoSrpSyncEnabled) return srp;
  if (list.mode === 'dynamic') {
    if (srp === null) return null;
    return list.markupPercent === null ? srp : applyPercent(srp, list.markupPercent);
  }
  const own = ruleId === null ? undefined : list.customPrices.get(priceKey(ruleId, currency));
  return own ?? srp;
}

/**
 * [M5.6] The change of a price in percent, 2 decimals; null (shown blank) when the old price is 0 or
 * either price is missing.
 */
export function percentChange(previous: string | null, next: string | null): string | null {
  if (previous === null || next === null) return null;
  const fast = percentChangeOfSmallPrices(previous, next);
  if (fast !== undefined) return fast;
  const old = new Decimal(previous);
  if (old.isZero()) return null;
  return new Decimal(next).minus(old).dividedBy(old).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A price below 100,000 with at most 6 decimals: its millionths are an exact integer below 1e11. */
const SMALL_PRICE = /^(\d{1,5})(?:\.(\d{1,6}))?$/;

function millionthsOf(price: string): number | undefined {
  const m = SMALL_PRICE.exec(price);
  if (!m) return undefined;
  return Number(m[1]) * 1_000_000 + (m[2] ? Number(m[2].padEnd(6, '0')) : 0);
}

/**
 * percentChange of two prices below 100,000 with at most 6 decimals (most prices of a price workbook), in exact
 * integer arithmetic instead of decimal.js: the change in hundredths of a percent, (next - old) * 10,000 / old, is a
 * quotient of integers below 2^53, rounded half up (away from zero) as decimal.js does. decimal.js's 20 significant
 * digits cannot move it across a half: the quotient is at least 1 / (2 old) from one, more than its 20th digit
 * (unit tests compare both on many prices). Undefined for other prices (decimal.js then).
 */
function percentChangeOfSmallPrices(previous: string, next: string): string | null | undefined {
  const old = millionthsOf(previous);
  const now = millionthsOf(next);
  if (old === undefined || now === undefined) return undefined;
  if (old === 0) return null;
  const change = (now - old) * 10_000;
  const size = Math.abs(change);
  let hundredths = Math.floor(size / old);
  // The float quotient may be one off its floor; the remainder, exact, says.
  let rest = size - hundredths * old;
  if (rest < 0) {
    hundredths -= 1;
    rest += old;
  } else if (rest >= old) {
    hundredths += 1;
    rest -= old;
  }
  if (rest * 2 >= old) hundredths += 1;
  const sign = change < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
