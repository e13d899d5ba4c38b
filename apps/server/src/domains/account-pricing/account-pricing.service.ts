import { type AccountPricePreview, DEFAULT_CURRENCY, type FieldValue, priceProtectionEnd } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { type AccountRow, findById } from '../accounts/index.js';
import { customerCurrency, type PricingSource, priceWithSource, subscriptionQuantity } from '../catalogue/index.js';
import { conversionForAccount } from '../exchange-rates/index.js';
import { loadCustomerPricing } from '../price-lists/index.js';
import { toPricePreview } from './account-pricing.rules.js';

/** [A6.17] The capability that adds purchase prices and gross margin to the preview. */
export const MARGIN_CAPABILITY = 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ';

/** [A2.34] [M5.8] The price preview of a Product account, as much of it as the caller may see [A6.17]. */
export async function getPricePreview(db: Queryable, caller: Caller, accountId: number, now: Date): Promise<AccountPricePreview> {
  const account = await findById(db, accountId);
  if (!account) throw notFound();
  if (account.account_type !== 'Product') {
    throw validationFailed([{ field: 'accountId', message: 'Only a Product account has a price preview' }]);
  }
  const currency = await customerCurrency(db, account.path);
  const pricing = await loadCustomerPricing(db, [{ accountPath: account.path, productName: account.product_name }]);
  const priced = priceWithSource(
    {
      productName: account.product_name,
      attributes: account.attributes,
      currency,
      priceList: pricing.priceListFor(account.path, account.product_name),
    },
    pricing.sources,
  );
  const purchaseCurrency = priced?.source.ownerCurrency ?? DEFAULT_CURRENCY;
  const showMargin = caller.capabilities.has(MARGIN_CAPABILITY);
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
    purchaseCurrency: priced?.source.ownerCurrency ?? null,
    result: priced?.result ?? null,
    showMargin,
    conversion,
  });
}

/**
 * [A3.1] [A2.33] What pricing adds to a Product account's ExtendedView, from one load of its service's pricing
 * source: the price protection end and whether the exchange rate it is converted with is out of date.
 */
export async function pricingExtendedValues(
  db: Queryable,
  account: AccountRow,
  caller: Caller,
  now: Date,
): Promise<Record<string, FieldValue>> {
  if (account.account_type !== 'Product') return {};
  const pricing = await loadCustomerPricing(db, [{ accountPath: account.path, productName: account.product_name }]);
  const source = account.product_name ? pricing.sources.get(account.product_name.toLowerCase()) : undefined;
  const listDays = pricing.priceListFor(account.path, account.product_name)?.priceProtectionDays ?? null;
  return {
    ...priceProtectionValues(account, listDays ?? source?.priceProtectionDays ?? null),
    ...(await exchangeRateValues(db, account, caller, source, now)),
  };
}

/**
 * [A3.1] ExtendedView.PriceProtectionEnddate: the account's creation time plus its service's
 * PriceProtectionLengthInDays, or its price list's when that overrides it [M3.18], computed on read (decision 0023);
 * null when neither gives one.
 */
function priceProtectionValues(account: AccountRow, days: number | null): Record<string, FieldValue> {
  const end = priceProtectionEnd(account.created_at, days);
  return { PriceProtectionEnddate: end ? end.toISOString() : null };
}

/**
 * [A2.33] ExtendedView.ExchangeRateNotUpToDate: true when the vendor charges in another currency than the
 * customer pays in and the provider's rate for that conversion is missing or older than the last month end.
 * Only for the callers who see the converted purchase prices and margin (BILLING_SHOWPRODUCTPRICE_MARGIN
 * read); null for everyone else (decision 0029).
 */
async function exchangeRateValues(
  db: Queryable,
  account: AccountRow,
  caller: Caller,
  source: PricingSource | undefined,
  now: Date,
): Promise<Record<string, FieldValue>> {
  if (!account.product_name) return {};
  if (!caller.capabilities.has(MARGIN_CAPABILITY) || !source) return { ExchangeRateNotUpToDate: null };
  const from = source.ownerCurrency ?? DEFAULT_CURRENCY;
  const to = await customerCurrency(db, account.path);
  if (from === to) return { ExchangeRateNotUpToDate: false };
  const conversion = await conversionForAccount(db, account.path, from, to, now);
  return { ExchangeRateNotUpToDate: !conversion.ok || !conversion.upToDate };
}
