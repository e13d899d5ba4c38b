/**
 * Prices subscriptions (Product accounts) from their catalogue service's fees with the [M5.8] rule of
 * `@portal/contracts`. One place every feature asks "what does this subscription cost": the price
 * preview of an account [A2.34], the totals of an order and the revenue reports.
 *
 * The selling price is the customer's price list's price (the caller passes it, from price-lists'
 * loadCustomerPricing), else the service's suggested retail price in the customer's currency; the
 * purchase price is the vendor's fee in the vendor's currency (decisions 0022 and 0033).
 */
import {
  type BillingRule,
  BillingRuleSchema,
  type DiscountPricing,
  type PriceListPricing,
  type PricingResult,
  type PricingValue,
  priceSubscription,
  type ServiceField,
  ServiceFieldSchema,
  type SpecialDealPricing,
} from '@portal/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/db.js';
import { currencyOfPathAccounts } from './catalogue.rules.js';

/** Where a subscription keeps the value of its service's field `Id`: attributes["Service.<Id>"]. */
export const SERVICE_FIELD_VIEW = 'Service';

export interface PricingSource {
  serviceId: number;
  ownerAccountId: number;
  category: string | null;
  serviceName: string;
  displayName: string;
  /** The vendor's currency: the fees' Charge is in it. */
  ownerCurrency: string | null;
  rules: BillingRule[];
  fields: ServiceField[];
  isComplexProduct: boolean;
  /** [A3.1] The service's PriceProtectionLengthInDays; null when it gives none. */
  priceProtectionDays: number | null;
}

/** A stored day count (a whole number, as the service tool validates it), or null when there is none. */
export const wholeDays = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The Active services by name (matched without case) with their owner `o`: `name` is a SQL expression. */
const ACTIVE_SERVICE_BY_NAME = (name: string) =>
  `services s JOIN accounts o ON o.id = s.owner_account_id WHERE lower(s.service_name) = ${name} AND s.state = 'Active'`;

/**
 * A SELECT of the Active service named by the SQL expression `productName` (without case), as much of its pricing
 * source as an account page needs: id, owner_currency, protection_days (raw; `wholeDays` reads it). For a
 * statement that reads more than this (an AccountExtension's facts).
 */
export const pageServiceSql = (productName: string) =>
  `SELECT s.id, o.currency AS owner_currency, s.definition -> 'PriceProtectionLengthInDays' AS protection_days
   FROM ${ACTIVE_SERVICE_BY_NAME(`lower(${productName})`)}`;

/** A SELECT of the accounts on the path (SQL expression `path`) that `currencyOfPathAccounts` reads. */
export const pathCurrencyAccountsSql = (path: string) =>
  `SELECT account_type, currency, depth FROM accounts WHERE id = ANY(string_to_array(btrim(${path}, '/'), '/')::int[])`;

const RulesSchema = z.array(BillingRuleSchema).catch([]);
const FieldsSchema = z.array(ServiceFieldSchema).catch([]);

/** The pricing sources of the named services (matched without case), keyed by lower-case service name. */
export async function loadPricingSources(db: Queryable, productNames: readonly string[]): Promise<Map<string, PricingSource>> {
  const names = [...new Set(productNames.map((n) => n.toLowerCase()))];
  const sources = new Map<string, PricingSource>();
  if (names.length === 0) return sources;
  const rows = await db.query<{
    id: number;
    owner_account_id: number;
    category: string | null;
    service_name: string;
    display_name: string;
    owner_currency: string | null;
    rules: unknown;
    fields: unknown;
    is_complex_product: boolean;
    protection_days: unknown;
  }>(
    `SELECT s.id, s.owner_account_id, s.category, s.service_name, s.display_name, o.currency AS owner_currency, s.definition -> 'BillingRules' AS rules,
            s.definition -> 'Fields' AS fields, s.is_complex_product,
            s.definition -> 'PriceProtectionLengthInDays' AS protection_days
     FROM ${ACTIVE_SERVICE_BY_NAME('ANY($1::text[])')}`,
    [names],
  );
  for (const r of rows) {
    sources.set(r.service_name.toLowerCase(), {
      serviceId: r.id,
      ownerAccountId: r.owner_account_id,
      category: r.category,
      serviceName: r.service_name,
      displayName: r.display_name,
      ownerCurrency: r.owner_currency,
      rules: RulesSchema.parse(r.rules ?? []),
      fields: FieldsSchema.parse(r.fields ?? []),
      isComplexProduct: r.is_complex_product,
      priceProtectionDays: wholeDays(r.protection_days),
    });
  }
  return sources;
}

/** A subscription as pricing needs it: its Product account's quantity and service values, and the customer's currency. */
export interface SubscriptionForPricing {
  productName: string | null;
  attributes: Record<string, unknown>;
  currency: string;
  /** The customer's price list that holds the service (price-lists' loadCustomerPricing); null or absent: SRP. */
  priceList?: PriceListPricing | null;
  /** The customer's discount on the service (loadCustomerPricing's discountFor); null or absent: none. */
  discount?: DiscountPricing | null;
  /** The special deal of the stream into the customer on this subscription (loadCustomerPricing's specialDealFor). */
  specialDeal?: SpecialDealPricing | null;
}

/** The subscription's values of its service's fields, by field Id. */
export function serviceFieldValues(attributes: Record<string, unknown>): Record<string, PricingValue> {
  const prefix = `${SERVICE_FIELD_VIEW}.`;
  const values: Record<string, PricingValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(prefix)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      values[key.slice(prefix.length)] = value as PricingValue;
    }
  }
  return values;
}

/** The quantity (user amount) of a Product account; 1 when it holds none. */
export function subscriptionQuantity(attributes: Record<string, unknown>): number {
  const raw = attributes['Product.Quantity'];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : 1;
  return Number.isFinite(n) && n >= 0 ? n : 1;
}

/** [M5.8] Prices one subscription against a loaded source; null when its service is not in the catalogue. */
export function priceWithSource(
  sub: SubscriptionForPricing,
  sources: Map<string, PricingSource>,
): { source: PricingSource; result: PricingResult } | null {
  const source = sub.productName ? sources.get(sub.productName.toLowerCase()) : undefined;
  if (!source) return null;
  const result = priceSubscription({
    rules: source.rules,
    fields: source.fields,
    values: serviceFieldValues(sub.attributes),
    quantity: subscriptionQuantity(sub.attributes),
    currency: sub.currency,
    priceList: sub.priceList ?? null,
    discount: sub.discount ?? null,
    specialDeal: sub.specialDeal ?? null,
  });
  return { source, result };
}

/** The customer's currency of the account at `accountPath` (see currencyOfPathAccounts). */
export async function customerCurrency(db: Queryable, accountPath: string): Promise<string> {
  const rows = await db.query<{ account_type: string; currency: string | null; depth: number }>(
    pathCurrencyAccountsSql('$1::text'),
    [accountPath],
  );
  return currencyOfPathAccounts(rows);
}

/** The customer's currency of each of these accounts, in one statement (see currencyOfPathAccounts). */
export async function customerCurrenciesOf(db: Queryable, accountIds: readonly number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; account_type: string; currency: string | null; depth: number }>(
    `SELECT a.id, pa.account_type, pa.currency, pa.depth
     FROM accounts a JOIN accounts pa ON pa.id = ANY (string_to_array(btrim(a.path, '/'), '/')::int[])
     WHERE a.id = ANY ($1::int[])`,
    [[...new Set(accountIds)]],
  );
  const byAccount = new Map<number, typeof rows>();
  for (const r of rows) byAccount.set(r.id, [...(byAccount.get(r.id) ?? []), r]);
  return new Map(accountIds.map((id) => [id, currencyOfPathAccounts(byAccount.get(id) ?? [])]));
}
