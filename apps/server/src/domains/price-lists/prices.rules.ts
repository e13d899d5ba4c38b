/**
 * Pure rules of a price list's prices: which fees and currencies a service is priced in, markup on and
 * off [M4.26], and the prices dynamic rules give [M4.16]. No database, no clock.
 */
import {
  applyPercent,
  type BillingRule,
  type DynamicPricingRule,
  matchingPricingRule,
  type PricedServiceIdentity,
  priceKey,
} from '@portal/contracts';

/** A service as the price rules need it. */
export interface PricedService extends PricedServiceIdentity {
  displayName: string;
  rules: readonly BillingRule[];
}

/** One fee of a service in one currency. */
export interface FeeCurrency {
  serviceId: number;
  ruleId: string;
  priceableItem: string;
  description: string;
  chargeType: string;
  advanceMonths: number | null;
  currency: string;
  srp: string | null;
  purchase: string;
}

/** The list's own price of a fee in a currency, as stored. */
export interface OwnPrice {
  serviceId: number;
  ruleId: string;
  currency: string;
  price: string;
}

/** The name a fee goes by in a workbook and a preview: its priceable item id, else its rule id. */
export function priceableItemOf(rule: BillingRule): string | null {
  return rule.PriceableItemId ?? rule.Id;
}

/** What a fee is for, for people: "Monthly base fee" or "Monthly fee: Plan = Pro". */
export function describeRule(rule: BillingRule): string {
  const what = rule.Condition
    ? `${rule.ChargeType} fee: ${rule.Condition.FieldId.replace(/^__gen__/, '')} = ${rule.Condition.Value}`
    : `${rule.ChargeType} base fee`;
  return rule.UdrcField ? `${what} (per ${rule.UdrcField.replace(/^__gen__/, '')})` : what;
}

/** A fee a price list prices. */
export type PricedRule = BillingRule & { Id: string };

/** The fees a price list prices: enabled rules that have an id (saved by the catalogue). */
export function pricedRules(rules: readonly BillingRule[]): PricedRule[] {
  return rules.filter((r): r is PricedRule => r.enabled && r.Id !== null);
}

/**
 * Every fee of the service in every currency it has a suggested retail price or an own price in, or only
 * in `currency` when given (a fee without a price in it is listed blank, so one can be added).
 */
export function feeCurrencies(service: PricedService, own: ReadonlyMap<string, string>, currency: string | null): FeeCurrency[] {
  const out: FeeCurrency[] = [];
  for (const rule of pricedRules(service.rules)) {
    const srps = new Map(rule.SuggestedRetailPrices.map((p) => [p.Currency, p.Charge]));
    const currencies = new Set<string>(currency ? [currency] : srps.keys());
    if (!currency) {
      for (const key of own.keys()) {
        const [ruleId, c] = key.split('|');
        if (ruleId === rule.Id && c) currencies.add(c);
      }
    }
    for (const c of [...currencies].sort()) {
      out.push({
        serviceId: service.serviceId,
        ruleId: rule.Id,
        priceableItem: priceableItemOf(rule) ?? rule.Id,
        description: describeRule(rule),
        chargeType: rule.ChargeType,
        advanceMonths: rule.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths ?? null,
        currency: c,
        srp: srps.get(c) ?? null,
        purchase: rule.Charge,
      });
    }
  }
  return out;
}

/** Own prices by service id, then by priceKey(ruleId, currency): one pass over the prices, whatever their number. */
export function ownPriceMaps(prices: readonly OwnPrice[]): Map<number, Map<string, string>> {
  const byService = new Map<number, Map<string, string>>();
  for (const p of prices) {
    let own = byService.get(p.serviceId);
    if (!own) {
      own = new Map();
      byService.set(p.serviceId, own);
    }
    own.set(priceKey(p.ruleId, p.currency), p.price);
  }
  return byService;
}

const NO_OWN_PRICES: ReadonlyMap<string, string> = new Map();

/** One service's own prices from `ownPriceMaps`, empty when it has none. */
export const ownPricesOf = (maps: ReadonlyMap<number, ReadonlyMap<string, string>>, serviceId: number) =>
  maps.get(serviceId) ?? NO_OWN_PRICES;

/**
 * [M4.26] Markup switched on: every own price gets the percent; a fee without an own price gets its SRP
 * plus the percent (in each currency it has an SRP in). Returns the prices to store.
 */
export function pricesWithMarkup(p: {
  services: readonly PricedService[];
  own: readonly OwnPrice[];
  percent: string;
}): OwnPrice[] {
  const out: OwnPrice[] = [];
  const maps = ownPriceMaps(p.own);
  for (const service of p.services) {
    const own = ownPricesOf(maps, service.serviceId);
    for (const fee of feeCurrencies(service, own, null)) {
      const base = own.get(priceKey(fee.ruleId, fee.currency)) ?? fee.srp;
      if (base === null) continue;
      out.push({ serviceId: fee.serviceId, ruleId: fee.ruleId, currency: fee.currency, price: applyPercent(base, p.percent) });
    }
  }
  return out;
}

/** The undo a price list keeps while markup is on: its own prices as they were. */
export interface MarkupUndo {
  prices: { s: number; r: string; c: string; p: string }[];
}

export function toMarkupUndo(own: readonly OwnPrice[]): MarkupUndo {
  return { prices: own.map((o) => ({ s: o.serviceId, r: o.ruleId, c: o.currency, p: o.price })) };
}

/** [M4.26] Markup switched off: the saved prices, of the services still in the list. */
export function restoredPrices(undo: MarkupUndo | null, serviceIds: ReadonlySet<number>): OwnPrice[] {
  return (undo?.prices ?? [])
    .filter((x) => serviceIds.has(x.s))
    .map((x) => ({ serviceId: x.s, ruleId: x.r, currency: x.c, price: x.p }));
}

/** [M4.16] One fee's price under dynamic rules: its SRP with the markup of the most specific matching rule. */
export function dynamicPrice<R extends DynamicPricingRule>(
  rules: readonly R[],
  service: PricedServiceIdentity,
  srp: string,
): { rule: R | null; price: string } {
  const rule = matchingPricingRule(rules, service);
  return { rule, price: rule ? applyPercent(srp, rule.markupPercent) : srp };
}
