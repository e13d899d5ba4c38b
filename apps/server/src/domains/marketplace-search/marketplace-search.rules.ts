/**
 * Pure decisions of marketplace search: who a caller is to the catalogue, which account buys for an
 * account, which texts the info page shows, and the short price text of a search result.
 */
import {
  type BillingRule,
  formatMoney,
  type PriceListPricing,
  type PricingResult,
  priceSubscription,
  type ServiceField,
} from '@portal/contracts';

/** How a caller's organisation sees the catalogue (decision 0033, README). */
export type Viewer = 'provider' | 'vendor' | 'customer';

export function viewerKind(organisation: { account_type: string; is_vendor: boolean }): Viewer {
  if (organisation.account_type === 'Provider') return 'provider';
  if (organisation.account_type === 'Company' && organisation.is_vendor) return 'vendor';
  return 'customer';
}

const BUYING_TYPES = new Set(['Company', 'Reseller', 'Provider']);

/**
 * The customer an account buys for: the nearest Company, Reseller or Provider at or above it (the
 * accounts of its path, top first); null when there is none.
 */
export function buyingOrganisation<A extends { account_type: string }>(pathAccounts: readonly A[]): A | null {
  for (let i = pathAccounts.length - 1; i >= 0; i -= 1) {
    const a = pathAccounts[i] as A;
    if (BUYING_TYPES.has(a.account_type)) return a;
  }
  return null;
}

/**
 * The texts of each type in the language to show: the service's default language, else English, else
 * the first there is.
 */
export function pickDescriptions<D extends { description_type: string; language_code: string }>(
  rows: readonly D[],
  defaultLanguage: string,
): D[] {
  const types = [...new Set(rows.map((r) => r.description_type))];
  return types.flatMap((type) => {
    const ofType = rows.filter((r) => r.description_type === type);
    const chosen =
      ofType.find((r) => r.language_code === defaultLanguage) ?? ofType.find((r) => r.language_code === 'en') ?? ofType[0];
    return chosen ? [chosen] : [];
  });
}

/** [M5.8] A one-unit subscription with the default field values, in the viewer's currency. */
export function basePrice(input: {
  rules: readonly BillingRule[];
  fields: readonly ServiceField[];
  currency: string;
  priceList?: PriceListPricing | null;
}): PricingResult {
  return priceSubscription({ ...input, values: {}, quantity: 1 });
}

/** [M3.11] Billing of a search result: the base monthly price as short text ('€12.00', 'FREE'); null without one. */
export function billingText(result: PricingResult): string | null {
  if (!result.ok) return null;
  if (result.monthly.selling === null) return null;
  if (result.lines.length === 0) return null;
  return formatMoney(result.monthly.selling, result.currency);
}
