/**
 * Which price list prices a customer's subscription, and what it charges (docs/decisions/0033-price-lists.md):
 * of the price lists that reach the customer (the nearest Company, Reseller or Provider at or above the
 * account) and hold the service (Added or Hidden), the lowest Priority wins; at equal priority a direct
 * assignment beats one reached by propagation, then the nearer assignee, then the lower id.
 *
 * Every caller of the one pricing rule loads its sources here (`loadCustomerPricing`), so the price preview,
 * the creation and import wizards, orders, upgrades and the revenue dataset agree.
 */
import {
  type DiscountPricing,
  type DynamicPricingRule,
  matchingPricingRule,
  type PriceListPricing,
  type PricingMode,
  priceKey,
  type SpecialDealPricing,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { loadPricingSources, type PricingSource } from '../catalogue/index.js';
import { loadDiscountsFor } from '../discounts/discount-lookup.js';
import { loadSpecialDealsFor, specialDealKey } from '../special-deals/special-deal-lookup.js';

/** A subscription (or any account) whose customer is looked up, and the service to price for it. */
export interface PriceListQuery {
  /** The account's materialized path ('/1/5/23/'); its customer is the nearest organisation at or above it. */
  accountPath: string;
  serviceId: number;
  ownerAccountId: number;
  category: string | null;
}

const pairKey = (accountPath: string, serviceId: number) => `${accountPath}|${serviceId}`;

interface ChosenListRow {
  account_path: string;
  service_id: number;
  marketplace_id: number;
  name: string;
  pricing_mode: PricingMode;
  is_auto_srp_sync_enabled: boolean;
  override_price_protection: boolean;
  price_protection_days: number | null;
}

/**
 * A SELECT of the price list that prices each service for the customer of each account (the rule above): one row
 * (ChosenListRow) per pair of an account path of the SQL expression `paths` (text[]) and a service id of
 * `serviceIds` (int[]) that has a list. The one place the rule is written; a statement that reads more than prices
 * (an account page's pricing facts) embeds it.
 */
export const chosenPriceListsSql = (paths: string, serviceIds: string) =>
  `WITH q AS (SELECT p AS account_path FROM unnest(${paths}) AS p),
     customer AS (
       SELECT q.account_path, c.id AS customer_id, c.path AS customer_path
       FROM q CROSS JOIN LATERAL (
         SELECT a.id, a.path FROM accounts a
         WHERE a.id = ANY (string_to_array(btrim(q.account_path, '/'), '/')::int[])
           AND a.account_type IN ('Company', 'Reseller', 'Provider')
         ORDER BY a.depth DESC LIMIT 1) c)
     SELECT DISTINCT ON (customer.account_path, ms.service_id)
            customer.account_path, ms.service_id, m.id AS marketplace_id, m.name, m.pricing_mode, m.is_auto_srp_sync_enabled,
            ms.override_price_protection, ms.price_protection_days
     FROM customer
     JOIN marketplace_assignments ma
       ON ma.account_id = ANY (string_to_array(btrim(customer.customer_path, '/'), '/')::int[])
     JOIN marketplaces m ON m.id = ma.marketplace_id AND (ma.account_id = customer.customer_id OR m.is_propagation_enabled)
     JOIN marketplace_services ms ON ms.marketplace_id = m.id AND ms.service_id = ANY (${serviceIds})
     JOIN accounts assignee ON assignee.id = ma.account_id
     ORDER BY customer.account_path, ms.service_id, m.priority, (ma.account_id = customer.customer_id) DESC,
              assignee.depth DESC, m.id`;

/** The price list of each (account, service) pair that has one, keyed by `${accountPath}|${serviceId}`. */
export async function loadPriceListsFor(
  db: Queryable,
  queries: readonly PriceListQuery[],
): Promise<Map<string, PriceListPricing>> {
  const lists = new Map<string, PriceListPricing>();
  if (queries.length === 0) return lists;
  const paths = [...new Set(queries.map((q) => q.accountPath))];
  const serviceIds = [...new Set(queries.map((q) => q.serviceId))];
  const chosen = await db.query<ChosenListRow>(chosenPriceListsSql('$1::text[]', '$2::int[]'), [paths, serviceIds]);
  if (chosen.length === 0) return lists;

  const pricings = await listPricings(db, chosen, queries);
  const chosenOf = new Map(chosen.map((c) => [pairKey(c.account_path, c.service_id), c]));
  for (const q of queries) {
    const c = chosenOf.get(pairKey(q.accountPath, q.serviceId));
    const pricing = c ? pricings.get(`${c.marketplace_id}|${q.serviceId}`) : undefined;
    if (pricing) lists.set(pairKey(q.accountPath, q.serviceId), pricing);
  }
  return lists;
}

type ChosenList = Omit<ChosenListRow, 'account_path'>;

/**
 * What each chosen (price list, service) pair charges: the list's own prices of the service and, in dynamic mode,
 * the markup of the most specific matching rule. Keyed `${marketplaceId}|${serviceId}`.
 */
async function listPricings(
  db: Queryable,
  chosen: readonly ChosenList[],
  services: readonly Omit<PriceListQuery, 'accountPath'>[],
): Promise<Map<string, PriceListPricing>> {
  const out = new Map<string, PriceListPricing>();
  if (chosen.length === 0) return out;
  const listIds = [...new Set(chosen.map((c) => c.marketplace_id))];
  const serviceIds = [...new Set(chosen.map((c) => c.service_id))];
  const [prices, rules] = await Promise.all([
    db.query<{ marketplace_id: number; service_id: number; rule_id: string; currency: string; custom_price: string }>(
      `SELECT marketplace_id, service_id, rule_id, currency, custom_price::text AS custom_price FROM marketplace_prices
       WHERE marketplace_id = ANY ($1::int[]) AND service_id = ANY ($2::int[])`,
      [listIds, serviceIds],
    ),
    db.query<{ marketplace_id: number; target_kind: DynamicPricingRule['target']; target_value: string; markup_percent: string }>(
      `SELECT r.marketplace_id, r.target_kind, r.target_value, r.markup_percent::text AS markup_percent
       FROM marketplace_pricing_rules r JOIN marketplaces m ON m.id = r.marketplace_id
       WHERE r.marketplace_id = ANY ($1::int[]) AND m.pricing_mode = 'dynamic'`,
      [listIds],
    ),
  ]);
  const pricesOf = new Map<string, Map<string, string>>();
  for (const p of prices) {
    const key = `${p.marketplace_id}|${p.service_id}`;
    const own = pricesOf.get(key) ?? new Map<string, string>();
    own.set(priceKey(p.rule_id, p.currency), p.custom_price);
    pricesOf.set(key, own);
  }
  const rulesOf = new Map<number, DynamicPricingRule[]>();
  for (const r of rules) {
    const list = rulesOf.get(r.marketplace_id) ?? [];
    list.push({ target: r.target_kind, value: r.target_value, markupPercent: r.markup_percent });
    rulesOf.set(r.marketplace_id, list);
  }
  const identity = new Map(services.map((s) => [s.serviceId, s]));
  for (const c of chosen) {
    const key = `${c.marketplace_id}|${c.service_id}`;
    if (out.has(key)) continue;
    const service = identity.get(c.service_id);
    const rule =
      c.pricing_mode === 'dynamic' && service
        ? matchingPricingRule(rulesOf.get(c.marketplace_id) ?? [], {
            serviceId: c.service_id,
            ownerAccountId: service.ownerAccountId,
            category: service.category,
          })
        : null;
    out.set(key, {
      marketplaceId: c.marketplace_id,
      name: c.name,
      mode: c.pricing_mode,
      isAutoSrpSyncEnabled: c.is_auto_srp_sync_enabled,
      customPrices: pricesOf.get(key) ?? new Map(),
      markupPercent: rule?.markupPercent ?? null,
      priceProtectionDays: c.override_price_protection ? c.price_protection_days : null,
    });
  }
  return out;
}

/**
 * One named price list's pricing of some services (a sales quote priced from a price template, decision 0050):
 * by service id, the services the list holds as Added; null when the list does not exist. The list itself is
 * chosen by the caller here, not by the customer rule above; what it charges is worked out the same way.
 */
export async function loadPriceListPricing(
  db: Queryable,
  marketplaceId: number,
  services: readonly Omit<PriceListQuery, 'accountPath'>[],
): Promise<{ name: string; pricing: Map<number, PriceListPricing> } | null> {
  const [list] = await db.query<{ name: string }>('SELECT name FROM marketplaces WHERE id = $1', [marketplaceId]);
  if (!list) return null;
  const chosen = await db.query<ChosenList>(
    `SELECT ms.service_id, m.id AS marketplace_id, m.name, m.pricing_mode, m.is_auto_srp_sync_enabled,
            ms.override_price_protection, ms.price_protection_days
     FROM marketplaces m JOIN marketplace_services ms ON ms.marketplace_id = m.id
     WHERE m.id = $1 AND ms.status = 'Added' AND ms.service_id = ANY ($2::int[])`,
    [marketplaceId, services.map((s) => s.serviceId)],
  );
  const pricings = await listPricings(db, chosen, services);
  const pricing = new Map<number, PriceListPricing>();
  for (const c of chosen) {
    const p = pricings.get(`${c.marketplace_id}|${c.service_id}`);
    if (p) pricing.set(c.service_id, p);
  }
  return { name: list.name, pricing };
}

/**
 * Which of these services a named price list holds as Added (a sales quote's price template decides what may be
 * quoted, decision 0050), in one statement; for a quote priced as its customer pays, where the template's own prices
 * are not needed.
 */
export async function addedServiceIds(db: Queryable, marketplaceId: number, serviceIds: readonly number[]): Promise<Set<number>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db.query<{ service_id: number }>(
    `SELECT service_id FROM marketplace_services WHERE marketplace_id = $1 AND status = 'Added' AND service_id = ANY ($2::int[])`,
    [marketplaceId, [...new Set(serviceIds)]],
  );
  return new Set(rows.map((r) => r.service_id));
}

/** The pricing sources of some subscriptions' services and the price list of each (account, service). */
export interface CustomerPricing {
  /** By lower-case service name, as catalogue's loadPricingSources answers. */
  sources: Map<string, PricingSource>;
  /** The price list that prices `productName` for the customer of the account at `accountPath`; null: SRP. */
  priceListFor(accountPath: string, productName: string | null): PriceListPricing | null;
  /** The discount of the customer (nearest Company or Reseller) of the account on `productName`, effective now; null: none. */
  discountFor(accountPath: string, productName: string | null): DiscountPricing | null;
  /**
   * The special deal in force on the Product account `productAccountId` of the charge stream into the customer at
   * `accountPath` (its buyer's path; decision 0049); null: none, or the subscription was not loaded with its id.
   */
  specialDealFor(accountPath: string, productAccountId: number | null): SpecialDealPricing | null;
  /**
   * What the one pricing rule takes to price `productName` for the customer at `accountPath`: its price list, its
   * discount and, for an existing subscription loaded with its id, the special deal of the stream into it.
   */
  pricingFor(
    accountPath: string,
    productName: string | null,
    productAccountId?: number | null,
  ): { priceList: PriceListPricing | null; discount: DiscountPricing | null; specialDeal: SpecialDealPricing | null };
}

/**
 * Loads what `priceWithSource` needs to price these accounts' services for their customers (four to six queries):
 * the services, their price lists and the discounts effective at `now` (decision 0048); one more when a
 * subscription names its Product account (`productAccountId`): the special deals in force on it (decision 0049).
 * A reseller's purchase price of a subscription is the subscription priced with the reseller's path as
 * `accountPath` and the Product account's id.
 */
export async function loadCustomerPricing(
  db: Queryable,
  subscriptions: readonly { accountPath: string; productName: string | null; productAccountId?: number | null }[],
  now: Date = new Date(),
): Promise<CustomerPricing> {
  const sources = await loadPricingSources(
    db,
    subscriptions.map((s) => s.productName).filter((n): n is string => !!n),
  );
  const queries: PriceListQuery[] = [];
  for (const s of subscriptions) {
    const source = s.productName ? sources.get(s.productName.toLowerCase()) : undefined;
    if (source)
      queries.push({
        accountPath: s.accountPath,
        serviceId: source.serviceId,
        ownerAccountId: source.ownerAccountId,
        category: source.category,
      });
  }
  const productAccountIds = subscriptions.flatMap((s) => (s.productAccountId ? [s.productAccountId] : []));
  const [lists, discounts, deals] = await Promise.all([
    loadPriceListsFor(db, queries),
    loadDiscountsFor(db, queries, now),
    loadSpecialDealsFor(db, productAccountIds, now),
  ]);
  const keyOf = (accountPath: string, productName: string | null) => {
    const source = productName ? sources.get(productName.toLowerCase()) : undefined;
    return source ? pairKey(accountPath, source.serviceId) : null;
  };
  const pricing: CustomerPricing = {
    sources,
    priceListFor(accountPath, productName) {
      const key = keyOf(accountPath, productName);
      return key ? (lists.get(key) ?? null) : null;
    },
    discountFor(accountPath, productName) {
      const key = keyOf(accountPath, productName);
      return key ? (discounts.get(key) ?? null) : null;
    },
    specialDealFor(accountPath, productAccountId) {
      return productAccountId ? (deals.get(specialDealKey(accountPath, productAccountId)) ?? null) : null;
    },
    pricingFor(accountPath, productName, productAccountId = null) {
      return {
        priceList: pricing.priceListFor(accountPath, productName),
        discount: pricing.discountFor(accountPath, productName),
        specialDeal: pricing.specialDealFor(accountPath, productAccountId),
      };
    },
  };
  return pricing;
}
