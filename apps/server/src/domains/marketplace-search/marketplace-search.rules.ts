/**
 * Pure decisions of marketplace search: who a caller is to the catalogue, which account buys for an
 * account, which texts the info page shows, and the short price text of a search result.
 */
import {
  type BillingRule,
  formatMoney,
  NEW_SERVICE_DAYS,
  type PriceListPricing,
  type PricingResult,
  priceSubscription,
  type ServiceField,
} from '@portal/contracts';

const MINUTE_MS = 60 * 1000;

/**
 * ShowNewOnly: the first instant a new service may have been created at, NEW_SERVICE_DAYS before `now`,
 * rounded down to the minute so that the searches of one minute share one kept total (README).
 */
export function newSince(now: Date): Date {
  const since = now.getTime() - NEW_SERVICE_DAYS * 24 * 60 * MINUTE_MS;
  return new Date(Math.floor(since / MINUTE_MS) * MINUTE_MS);
}

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

/**
 * [M5.8] A one-unit subscription with the default field values, in the viewer's currency. A per-unit
 * fee's field without a default counts one unit, so a catalogue page shows the price per unit rather
 * than no price at all.
 */
export function basePrice(input: {
  rules: readonly BillingRule[];
  fields: readonly ServiceField[];
  currency: string;
  priceList?: PriceListPricing | null;
}): PricingResult {
  const values: Record<string, number> = {};
  for (const rule of input.rules) {
    const field = rule.UdrcField ? input.fields.find((f) => f.Id === rule.UdrcField) : undefined;
    if (rule.UdrcField && !field?.PlaceholderDefaultValue) values[rule.UdrcField] = 1;
  }
  return priceSubscription({ ...input, values, quantity: 1 });
}

/** [M3.11] Billing of a search result: the base monthly price as short text ('€12.00', 'FREE'); null without one. */
export function billingText(result: PricingResult): string | null {
  if (!result.ok) return null;
  if (result.monthly.selling === null) return null;
  if (result.lines.length === 0) return null;
  return formatMoney(result.monthly.selling, result.currency);
}
