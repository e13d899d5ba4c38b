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

/** Billing texts kept per process (`keptBillingText`), the oldest going first. */
export const BILLING_TEXTS_KEPT = 5_000;
/**
 * The longest key a Billing text is kept under (characters of JSON): the service's stored rules (and fields, when a
 * rule reads one) make most of it, so at most BILLING_TEXTS_KEPT x this x 2 bytes (20 MB) are held; a service whose
 * pricing inputs are longer is priced every time.
 */
export const BILLING_KEY_MAX_LENGTH = 2_048;

/**
 * Whether a service's stored fields can change its base price: only when one of its stored rules names a field (a
 * Condition or a UdrcField, which `basePrice` and `priceSubscription` read them for). Decided on the stored rules as
 * they are, before any schema pass: rules that fail the schema price as none, and then no field is read either.
 */
function fieldsMayCount(storedRules: unknown): boolean {
  if (!Array.isArray(storedRules)) return false;
  return storedRules.some(
    (r) =>
      typeof r === 'object' &&
      r !== null &&
      ((r as Record<string, unknown>).Condition != null || (r as Record<string, unknown>).UdrcField != null),
  );
}

/**
 * A price list's pricing of one service as part of a `keptBillingText` key (JSON): every property of PriceListPricing (the
 * mapped type makes a property added to the interface fail to compile until it is part of the key).
 */
export function priceListKey(list: PriceListPricing | null): unknown {
  if (!list) return null;
  const parts: { [K in keyof Required<PriceListPricing>]: unknown } = {
    marketplaceId: list.marketplaceId,
    name: list.name,
    mode: list.mode,
    isAutoSrpSyncEnabled: list.isAutoSrpSyncEnabled,
    customPrices: [...list.customPrices],
    markupPercent: list.markupPercent,
    priceProtectionDays: list.priceProtectionDays ?? null,
  };
  return Object.values(parts);
}

/**
 * [M3.11] A search result's Billing (`billingText` of `basePrice`), computed once per process for the same inputs: a
 * pure function of the service's stored BillingRules and Fields (as the statement answered them, compared as JSON
 * text; the fields only when a rule names one, `fieldsMayCount`), the viewer's currency and the price list's pricing of the service (`priceListKey`), so a kept text is the
 * text computing it again would give, whatever changed meanwhile (a change changes an input, hence the key).
 * `parse` turns the stored rules and fields into what the pricing rule takes; it runs only when the text is computed.
 * Issue 12: pricing 20 results (decimal arithmetic, the schema pass over each service's rules) was about a third of
 * the Node process's CPU per search page. The service id is part of the key, so each service is priced once per
 * process and inputs, even where services share their fees.
 */
export function keptBillingText(
  kept: Map<string, string | null>,
  input: {
    serviceId: number;
    storedRules: unknown;
    storedFields: unknown;
    currency: string;
    priceList: PriceListPricing | null;
  },
  parse: (storedRules: unknown, storedFields: unknown) => { rules: readonly BillingRule[]; fields: readonly ServiceField[] },
): string | null {
  const key = JSON.stringify([
    input.serviceId,
    input.currency,
    priceListKey(input.priceList),
    input.storedRules ?? null,
    fieldsMayCount(input.storedRules) ? (input.storedFields ?? null) : null,
  ]);
  const found = kept.get(key);
  if (found !== undefined) return found;
  const text = billingText(
    basePrice({ ...parse(input.storedRules, input.storedFields), currency: input.currency, priceList: input.priceList }),
  );
  if (key.length > BILLING_KEY_MAX_LENGTH) return text;
  if (kept.size >= BILLING_TEXTS_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, text);
  return text;
}
