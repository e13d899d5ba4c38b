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

/**
 * What a chosen (price list, service) pair charges, as two json columns over a row `c` with `marketplace_id`,
 * `service_id` and `pricing_mode`: `prices`, the list's own prices of the service as [rule id, currency, price]
 * triples, and `rules`, in dynamic mode, the list's markup rules as [target, value, percent] triples (null
 * otherwise). The one place these are read; `pricingOfChosenRows` turns them into a PriceListPricing.
 */
const listChargesColumns = (c: string) =>
  `(SELECT json_agg(json_build_array(mp.rule_id, mp.currency, mp.custom_price::text))
     FROM marketplace_prices mp WHERE mp.marketplace_id = ${c}.marketplace_id AND mp.service_id = ${c}.service_id) AS prices,
   CASE WHEN ${c}.pricing_mode = 'dynamic' THEN
     (SELECT json_agg(json_build_array(r.target_kind, r.target_value, r.markup_percent::text))
      FROM marketplace_pricing_rules r WHERE r.marketplace_id = ${c}.marketplace_id) END AS rules`;

/**
 * A SELECT of the price list that prices each service for the customer of each account, with what it charges: the
 * rows of `chosenPriceListsSql` with the `prices` and `rules` of `listChargesColumns` (PriceListPricingRow). A
 * statement that shows prices (a search page, decision 0041's rule that extensions give SQL) embeds it and turns
 * its rows into pricings with `pricingOfChosenRows`; `loadPriceListsFor` runs it alone.
 */
export const priceListPricingSql = (paths: string, serviceIds: string) =>
  `SELECT c.*, ${listChargesColumns('c')} FROM (${chosenPriceListsSql(paths, serviceIds)}) c`;

/**
 * A condition every account that a price list prices for has to meet, as SQL over `pathIds` (an int[] expression: the
 * ids of the account's path): some list is assigned to an account of that path. `chosenPriceListsSql` takes only the
 * assignments to accounts of the customer's path, which is part of the account's, so where this is false it finds
 * nothing; a statement may skip the lookup then (one index probe instead of the lookup's joins). Where it is true the
 * lookup decides, as before.
 */
export const listMayPriceSql = (pathIds: string) =>
  `EXISTS (SELECT 1 FROM marketplace_assignments lma WHERE lma.account_id = ANY (${pathIds}))`;

/** A row of `priceListPricingSql` (the json columns as node-pg and json_agg give them). */
export interface PriceListPricingRow extends ChosenListRow {
  prices: [string, string, string][] | null;
  rules: [DynamicPricingRule['target'], string, string][] | null;
}

/**
 * The PriceListPricing of each row of `priceListPricingSql` (or of a named list's chosen rows), keyed
 * `${accountPath}|${serviceId}` (the account path is '' for rows without one): its own prices and, in dynamic mode,
 * the markup of the most specific rule matching the service (`services` gives each service's owner and category).
 */
export function pricingOfChosenRows(
  rows: readonly (Omit<PriceListPricingRow, 'account_path'> & { account_path?: string })[],
  services: readonly Omit<PriceListQuery, 'accountPath'>[],
): Map<string, PriceListPricing> {
  const out = new Map<string, PriceListPricing>();
  const identity = new Map(services.map((s) => [s.serviceId, s]));
  for (const c of rows) {
    const customPrices = new Map<string, string>();
    for (const [ruleId, currency, price] of c.prices ?? []) customPrices.set(priceKey(ruleId, currency), price);
    const service = identity.get(c.service_id);
    const rule =
      c.pricing_mode === 'dynamic' && service
        ? matchingPricingRule(
            (c.rules ?? []).map(([target, value, markupPercent]) => ({ target, value, markupPercent })),
            { serviceId: c.service_id, ownerAccountId: service.ownerAccountId, category: service.category },
          )
        : null;
    out.set(pairKey(c.account_path ?? '', c.service_id), {
      marketplaceId: c.marketplace_id,
      name: c.name,
      mode: c.pricing_mode,
      isAutoSrpSyncEnabled: c.is_auto_srp_sync_enabled,
      customPrices,
      markupPercent: rule?.markupPercent ?? null,
      priceProtectionDays: c.override_price_protection ? c.price_protection_days : null,
    });
  }
  return out;
}

/** The price list of each (account, service) pair that has one, keyed by `${accountPath}|${serviceId}`: one statement. */
export async function loadPriceListsFor(
  db: Queryable,
  queries: readonly PriceListQuery[],
): Promise<Map<string, PriceListPricing>> {
  if (queries.length === 0) return new Map();
  const paths = [...new Set(queries.map((q) => q.accountPath))];
  const serviceIds = [...new Set(queries.map((q) => q.serviceId))];
  const rows = await db.query<PriceListPricingRow>(priceListPricingSql('$1::text[]', '$2::int[]'), [paths, serviceIds]);
  return pricingOfChosenRows(rows, queries);
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
  const chosen = await db.query<Omit<PriceListPricingRow, 'account_path'>>(
    `SELECT c.*, ${listChargesColumns('c')} FROM (
       SELECT ms.service_id, m.id AS marketplace_id, m.name, m.pricing_mode, m.is_auto_srp_sync_enabled,
              ms.override_price_protection, ms.price_protection_days
       FROM marketplaces m JOIN marketplace_services ms ON ms.marketplace_id = m.id
       WHERE m.id = $1 AND ms.status = 'Added' AND ms.service_id = ANY ($2::int[])) c`,
    [marketplaceId, services.map((s) => s.serviceId)],
  );
  const pricings = pricingOfChosenRows(chosen, services);
  const pricing = new Map<number, PriceListPricing>();
  for (const c of chosen) {
    const p = pricings.get(pairKey('', c.service_id));
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
 * Loads what `priceWithSource` needs to price these accounts' services for their customers (three or four statements):
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
