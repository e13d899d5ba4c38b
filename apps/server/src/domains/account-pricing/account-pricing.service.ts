import { type AccountPricePreview, conversion, DEFAULT_CURRENCY, type FieldValue, priceProtectionEnd } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { type AccountRow, findById } from '../accounts/index.js';
import {
  currencyOfPathAccounts,
  pageServiceSql,
  pathCurrencyAccountsSql,
  priceWithSource,
  subscriptionQuantity,
  wholeDays,
} from '../catalogue/index.js';
import { conversionForAccount, providerRatesSql, ratesOf } from '../exchange-rates/index.js';
import { chosenPriceListsSql, loadCustomerPricing } from '../price-lists/index.js';
import { pathAccounts, purchasingReseller } from '../special-deals/index.js';
import { toPricePreview, withResellerPurchase } from './account-pricing.rules.js';

/** [A6.17] The capability that adds purchase prices and gross margin to the preview. */
export const MARGIN_CAPABILITY = 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ';

/** [A2.34] [M5.8] The price preview of a Product account, as much of it as the caller may see [A6.17]. */
export async function getPricePreview(db: Queryable, caller: Caller, accountId: number, now: Date): Promise<AccountPricePreview> {
  const account = await findById(db, accountId);
  if (!account) throw notFound();
  if (account.account_type !== 'Product') {
    throw validationFailed([{ field: 'accountId', message: 'Only a Product account has a price preview' }]);
  }
  // The accounts on its path give the customer's currency and (decision 0049) the reseller it is bought through.
  const path = await pathAccounts(db, account.path);
  const currencyAt = (depth: number) =>
    currencyOfPathAccounts(
      path.filter((a) => a.depth <= depth).map((a) => ({ account_type: a.type, currency: a.currency, depth: a.depth })),
    );
  const currency = currencyAt(account.depth);
  const showMargin = caller.capabilities.has(MARGIN_CAPABILITY);
  // The purchase price is what the viewer's organisation pays (decision 0049): the reseller selling to the customer
  // sees its own purchase price (its price list, its discount, a special deal); the provider and any organisation
  // above that reseller see the vendor's charge; the end customer never sees a purchase price.
  const candidate = showMargin ? purchasingReseller(path, account.id) : null;
  const reseller = candidate && candidate.id === caller.scope.rootId ? candidate : null;
  const pricing = await loadCustomerPricing(db, [
    { accountPath: account.path, productName: account.product_name },
    ...(reseller ? [{ accountPath: reseller.path, productName: account.product_name, productAccountId: account.id }] : []),
  ]);
  const sub = { productName: account.product_name, attributes: account.attributes };
  const priced = priceWithSource(
    { ...sub, currency, ...pricing.pricingFor(account.path, account.product_name) },
    pricing.sources,
  );
  const resellerCurrency = reseller ? currencyAt(reseller.depth) : null;
  const bought =
    reseller && resellerCurrency && priced
      ? priceWithSource(
          { ...sub, currency: resellerCurrency, ...pricing.pricingFor(reseller.path, account.product_name, account.id) },
          pricing.sources,
        )
      : null;
  const resellerResult = priced && bought ? withResellerPurchase(priced.result, bought.result) : null;
  const purchaseCurrency = resellerResult
    ? (resellerCurrency ?? DEFAULT_CURRENCY)
    : (priced?.source.ownerCurrency ?? DEFAULT_CURRENCY);
  const conversion =
    showMargin && purchaseCurrency !== currency
      ? await conversionForAccount(db, account.path, purchaseCurrency, currency, now)
      : null;
  return toPricePreview({
    accountId: account.id,
    serviceName: account.product_name,
    serviceDisplayName: priced?.source.displayName ?? null,
    quantity: subscriptionQuantity(account.attributes),
    currency,
    purchaseCurrency: resellerResult ? purchaseCurrency : (priced?.source.ownerCurrency ?? null),
    result: resellerResult ?? priced?.result ?? null,
    showMargin,
    conversion,
    purchaseFrom: resellerResult && reseller ? { AccountId: reseller.id, DisplayName: reseller.displayName } : null,
  });
}

/**
 * [A3.1] [A2.33] What pricing reads for a Product account's page, in the statement that loads the account (an
 * AccountExtension's `extendedSql`, over the account row `a`): its Active service (id, owner currency, protection
 * days), the protection days of the customer's price list for it, the accounts on its path that give the
 * customer's currency, and its provider's latest rates. One json object (PricingFacts); null when the account is no
 * Product or its service is not Active.
 */
export const SERVICE_FACTS_SQL = `CASE WHEN a.account_type = 'Product' AND a.product_name IS NOT NULL THEN (
  SELECT json_build_object(
    'service', json_build_object('id', svc.id, 'owner_currency', svc.owner_currency, 'protection_days', svc.protection_days),
    'list_days', (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
                  FROM (${chosenPriceListsSql('ARRAY[a.path]', 'ARRAY[svc.id]')}) l),
    'path_accounts', (SELECT json_agg(pa) FROM (${pathCurrencyAccountsSql('a.path')}) pa),
    'rates', (SELECT json_agg(r) FROM (${providerRatesSql('a.path')}) r))
  FROM (${pageServiceSql('a.product_name')} LIMIT 1) svc) END`;

/**
 * [A3.1] [A2.33] SERVICE_FACTS_SQL's facts under `service_facts`, and the stored price protection end of the account
 * (decision 0047) under `stored` (null when the account has no row: one inserted outside createAccount).
 */
export const PAGE_FACTS_SQL = `CASE WHEN a.account_type = 'Product' THEN json_build_object(
  'service_facts', ${SERVICE_FACTS_SQL},
  'stored', (SELECT json_build_object('ends_at', pp.ends_at) FROM price_protections pp WHERE pp.account_id = a.id)) END`;

/**
 * [A3.1] [A2.33] The body of `account_pricing_page_facts(account id, margin)` (migration 0152), which the page's
 * statement calls for a Product (decision 0067) with whether the caller holds MARGIN_CAPABILITY: PAGE_FACTS_SQL's facts,
 * read in steps so that what `pricingExtendedValues` does not read for this account and caller is not run (issue 13,
 * decision 0076; PL/pgSQL starts a statement only when it reaches it, where one statement starts all its sub-plans on
 * every execution):
 * - the stored protection end (decision 0047), always;
 * - the service's owner currency, the path's currencies and the provider's rates only for a caller with the margin
 *   capability (ExchangeRateNotUpToDate is null for the others);
 * - the service's protection days and the price list's overriding days only for a subscription without a stored end
 *   (one inserted outside createAccount).
 * What is not read is null in the facts (service_facts itself for a caller without the capability and a stored end);
 * the page's values are PAGE_FACTS_SQL's (page-facts.test.ts compares them for every account of the demo data).
 */
export const PAGE_FACTS_FUNCTION_BODY = `DECLARE
  v_path text; v_product_name text; v_has_stored boolean; v_ends_at timestamptz;
  v_service_id integer; v_owner_currency text; v_path_accounts json; v_rates json;
  v_protection_days jsonb; v_list_days integer;
BEGIN
  IF $2 THEN
    SELECT a.path, a.product_name, pp.account_id IS NOT NULL, pp.ends_at, svc.id, svc.owner_currency,
           CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(pa) FROM (${pathCurrencyAccountsSql('a.path')}) pa) END,
           CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(r) FROM (${providerRatesSql('a.path')}) r) END
      INTO v_path, v_product_name, v_has_stored, v_ends_at, v_service_id, v_owner_currency, v_path_accounts, v_rates
      FROM accounts a
      LEFT JOIN price_protections pp ON pp.account_id = a.id
      LEFT JOIN LATERAL (${pageServiceSql('a.product_name')} LIMIT 1) svc ON a.product_name IS NOT NULL
     WHERE a.id = $1 AND a.account_type = 'Product';
  ELSE
    SELECT a.path, a.product_name, pp.account_id IS NOT NULL, pp.ends_at
      INTO v_path, v_product_name, v_has_stored, v_ends_at
      FROM accounts a LEFT JOIN price_protections pp ON pp.account_id = a.id
     WHERE a.id = $1 AND a.account_type = 'Product';
  END IF;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF NOT v_has_stored AND v_product_name IS NOT NULL THEN
    SELECT svc.id, svc.owner_currency, svc.protection_days,
           (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
              FROM (${chosenPriceListsSql('ARRAY[v_path]', 'ARRAY[svc.id]')}) l)
      INTO v_service_id, v_owner_currency, v_protection_days, v_list_days
      FROM (${pageServiceSql('v_product_name')} LIMIT 1) svc;
  END IF;
  RETURN json_build_object(
    'service_facts', CASE WHEN v_service_id IS NOT NULL THEN json_build_object(
      'service', json_build_object('id', v_service_id, 'owner_currency', v_owner_currency,
                                   'protection_days', v_protection_days),
      'list_days', v_list_days, 'path_accounts', v_path_accounts, 'rates', v_rates) END,
    'stored', CASE WHEN v_has_stored THEN json_build_object('ends_at', v_ends_at) END);
END`;

interface PageFacts {
  service_facts: PricingFacts | null;
  stored: { ends_at: string | null } | null;
}

interface PricingFacts {
  service: { id: number; owner_currency: string | null; protection_days: unknown };
  /** The price list's overriding days (from the page's function: null where a stored end makes them unread). */
  list_days: number | null;
  path_accounts: { account_type: string; currency: string | null; depth: number }[] | null;
  rates: { currency: string; rate: string; effective_on: string }[] | null;
}

/**
 * [A3.1] [A2.33] What pricing adds to a Product account's ExtendedView, from the facts of PAGE_FACTS_SQL: the price
 * protection end and whether the exchange rate it is converted with is out of date.
 */
export function pricingExtendedValues(
  facts: unknown,
  account: AccountRow,
  caller: Caller,
  now: Date,
): Record<string, FieldValue> {
  if (account.account_type !== 'Product') return {};
  const page = facts as PageFacts | null;
  const f = page?.service_facts ?? null;
  const days = f ? (f.list_days ?? wholeDays(f.service.protection_days)) : null;
  return {
    ...priceProtectionValues(account, page?.stored ?? null, days),
    ...exchangeRateValues(account, caller, f, now),
  };
}

/**
 * [A3.1] ExtendedView.PriceProtectionEnddate: the end stored when the subscription was created or reset (decision
 * 0047). A Product account without a stored row (inserted directly, never through createAccount) reads the end
 * decision 0023 computed: its creation time plus its price list's overriding days [M3.18], else its service's
 * PriceProtectionLengthInDays; null when neither gives one.
 */
function priceProtectionValues(
  account: AccountRow,
  stored: { ends_at: string | null } | null,
  days: number | null,
): Record<string, FieldValue> {
  if (stored) return { PriceProtectionEnddate: stored.ends_at ? new Date(stored.ends_at).toISOString() : null };
  const end = priceProtectionEnd(account.created_at, days);
  return { PriceProtectionEnddate: end ? end.toISOString() : null };
}

/**
 * [A2.33] ExtendedView.ExchangeRateNotUpToDate: true when the vendor charges in another currency than the
 * customer pays in and the provider's rate for that conversion is missing or older than the last month end.
 * Only for the callers who see the converted purchase prices and margin (BILLING_SHOWPRODUCTPRICE_MARGIN
 * read); null for everyone else (decision 0029).
 */
function exchangeRateValues(
  account: AccountRow,
  caller: Caller,
  facts: PricingFacts | null,
  now: Date,
): Record<string, FieldValue> {
  if (!account.product_name) return {};
  if (!caller.capabilities.has(MARGIN_CAPABILITY) || !facts) return { ExchangeRateNotUpToDate: null };
  const from = facts.service.owner_currency ?? DEFAULT_CURRENCY;
  const to = currencyOfPathAccounts(facts.path_accounts ?? []);
  if (from === to) return { ExchangeRateNotUpToDate: false };
  const converted = conversion(from, to, ratesOf(facts.rates ?? []), now);
  return { ExchangeRateNotUpToDate: !converted.ok || !converted.upToDate };
}
