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
export function priceableItemOf(rule: Pick<FeeRule, 'Id' | 'PriceableItemId'>): string | null {
  return rule.PriceableItemId ?? rule.Id;
}

/** What of a fee the price rules read (a BillingRule has more). */
export type FeeRule = Pick<
  BillingRule,
  'Id' | 'enabled' | 'ChargeType' | 'Charge' | 'Condition' | 'UdrcField' | 'PriceableItemId' | 'AdvancePaymentConfiguration'
> & { SuggestedRetailPrices: readonly { Currency: string; Charge: string }[] };

/**
 * One rule of a service's `price_fees` column (migration 0149, decision 0060): the fields prices use of a stored
 * BillingRule, each as stored (null when missing), the suggested retail prices as [Currency, Charge] pairs.
 */
type StoredFee = [
  Id: string | null,
  enabled: boolean | null,
  ChargeType: BillingRule['ChargeType'] | null,
  Charge: string | null,
  Condition: BillingRule['Condition'],
  UdrcField: string | null,
  PriceableItemId: string | null,
  AdvancePaymentConfiguration: BillingRule['AdvancePaymentConfiguration'],
  SuggestedRetailPrices: [Currency: string, Charge: string][] | null,
];

/**
 * A service's fees as the catalogue stored them, read from its `price_fees` column (the fields above of its
 * definition's BillingRules, written through BillingRuleSchema), without a schema pass per rule: the schema's
 * defaults for the ones an older definition may lack (issue 12: the export reads thousands of rules; a test compares
 * with BillingRuleSchema).
 */
export function storedFeeRules(fees: unknown): FeeRule[] {
  if (!Array.isArray(fees)) return [];
  const out: FeeRule[] = [];
  for (const [Id, enabled, ChargeType, Charge, Condition, UdrcField, PriceableItemId, Advance, srps] of fees as StoredFee[]) {
    const SuggestedRetailPrices: { Currency: string; Charge: string }[] = [];
    if (srps) for (const [Currency, Charge] of srps) SuggestedRetailPrices.push({ Currency, Charge });
    out.push({
      Id: Id ?? null,
      enabled: enabled ?? true,
      ChargeType: ChargeType as BillingRule['ChargeType'],
      Charge: Charge ?? '0',
      Condition: Condition ?? null,
      UdrcField: UdrcField ?? null,
      PriceableItemId: PriceableItemId ?? null,
      AdvancePaymentConfiguration: Advance ?? null,
      SuggestedRetailPrices,
    });
  }
  return out;
}

/** What a fee is for, for people: "Monthly base fee" or "Monthly fee: Plan = Pro". */
export function describeRule(rule: Pick<FeeRule, 'ChargeType' | 'Condition' | 'UdrcField'>): string {
  const what = rule.Condition
    ? `${rule.ChargeType} fee: ${rule.Condition.FieldId.replace(/^__gen__/, '')} = ${rule.Condition.Value}`
    : `${rule.ChargeType} base fee`;
  return rule.UdrcField ? `${what} (per ${rule.UdrcField.replace(/^__gen__/, '')})` : what;
}

/** A fee a price list prices. */
export type PricedRule<R extends FeeRule = BillingRule> = R & { Id: string };

/** The fees a price list prices: enabled rules that have an id (saved by the catalogue). */
export function pricedRules<R extends FeeRule>(rules: readonly R[]): PricedRule<R>[] {
  return rules.filter((r): r is PricedRule<R> => r.enabled && r.Id !== null);
}

const NO_CURRENCIES: readonly string[] = [];

/**
 * Every fee of the service in every currency it has a suggested retail price or an own price in, or only
 * in `currency` when given (a fee without a price in it is listed blank, so one can be added).
 */
export function feeCurrencies(
  service: { serviceId: number; rules: readonly FeeRule[] },
  own: ReadonlyMap<string, string>,
  currency: string | null,
): FeeCurrency[] {
  const out: FeeCurrency[] = [];
  // The currencies of the own prices, by fee: one pass over the service's own prices, not one per fee.
  const ownCurrencies = new Map<string, string[]>();
  if (!currency) {
    for (const key of own.keys()) {
      const bar = key.lastIndexOf('|');
      const ruleId = key.slice(0, bar);
      const list = ownCurrencies.get(ruleId);
      if (list) list.push(key.slice(bar + 1));
      else ownCurrencies.set(ruleId, [key.slice(bar + 1)]);
    }
  }
  // Per fee, plain arrays (a fee has a few currencies), not a Map and a Set: the export runs this for thousands of fees.
  for (const rule of pricedRules(service.rules)) {
    const srps = rule.SuggestedRetailPrices;
    let currencies: string[];
    if (currency) currencies = [currency];
    else {
      currencies = [];
      for (const p of srps) if (!currencies.includes(p.Currency)) currencies.push(p.Currency);
      for (const c of ownCurrencies.get(rule.Id) ?? NO_CURRENCIES) if (c && !currencies.includes(c)) currencies.push(c);
      if (currencies.length > 1) currencies.sort();
    }
    const priceableItem = priceableItemOf(rule) ?? rule.Id;
    const description = describeRule(rule);
    const advanceMonths = rule.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths ?? null;
    for (const c of currencies) {
      // The last SRP given in a currency, as a map of them by currency would keep.
      let srp: string | null = null;
      for (const p of srps) if (p.Currency === c) srp = p.Charge;
      out.push({
        serviceId: service.serviceId,
        ruleId: rule.Id,
        priceableItem,
        description,
        chargeType: rule.ChargeType,
        advanceMonths,
        currency: c,
        srp,
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

/**
 * Own prices read as columns (service ids, rule ids, currencies, prices; `ownPriceColumnsSql`), by service id, then
 * by priceKey(ruleId, currency), as `ownPriceMaps` gives them, without an object per price.
 */
export function ownPriceMapsOfColumns(
  columns:
    | readonly [readonly number[] | null, readonly string[] | null, readonly string[] | null, readonly string[] | null]
    | null,
): Map<number, Map<string, string>> {
  const byService = new Map<number, Map<string, string>>();
  const [services, rules, currencies, prices] = columns ?? [null, null, null, null];
  if (!services || !rules || !currencies || !prices) return byService;
  for (let i = 0; i < services.length; i++) {
    const serviceId = services[i] as number;
    let own = byService.get(serviceId);
    if (!own) {
      own = new Map();
      byService.set(serviceId, own);
    }
    own.set(priceKey(rules[i] as string, currencies[i] as string), prices[i] as string);
  }
  return byService;
}

/** One service's own prices from `ownPriceMaps` (or `ownPriceMapsOfColumns`), empty when it has none. */
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
