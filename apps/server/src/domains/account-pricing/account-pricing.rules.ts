import {
  type AccountPricePreview,
  type Conversion,
  chargeSummary,
  convertAmount,
  DEFAULT_CURRENCY,
  grossMargin,
  type MarginUnavailableReason,
  type PricePreviewLine,
  type PricePreviewTotal,
  type PriceTotals,
  type PricingResult,
} from '@portal/contracts';

export interface PreviewInput {
  accountId: number;
  serviceName: string | null;
  /** Null when the service is not an active catalogue service. */
  serviceDisplayName: string | null;
  quantity: number;
  /** The customer's currency (already defaulted). */
  currency: string;
  /** The vendor's currency, in which the fees' Charge is; null when unset. */
  purchaseCurrency: string | null;
  /** The priced subscription; null when its service is not in the catalogue. */
  result: PricingResult | null;
  /** BILLING_SHOWPRODUCTPRICE_MARGIN read [A6.17], [M6.10]. */
  showMargin: boolean;
  /** From the purchase currency into the customer's, when they differ; null when they are the same. */
  conversion: Conversion | null;
  /** Decision 0049: the reseller whose purchase prices `result` carries (withResellerPurchase); absent: the vendor's. */
  purchaseFrom?: { AccountId: number; DisplayName: string } | null;
}

/**
 * Decision 0049: the customer's pricing with the purchase side replaced by a reseller's purchase price of the same
 * subscription (the reseller priced as the customer: its selling prices are what it pays). Null when the reseller's
 * pricing does not give every line a price (the vendor's charge is shown then, as before).
 */
export function withResellerPurchase(customer: PricingResult, reseller: PricingResult): PricingResult | null {
  if (!customer.ok || !reseller.ok || customer.lines.length !== reseller.lines.length) return null;
  const totals = [reseller.monthly, reseller.setup, reseller.prepaidAdvance];
  if (
    reseller.lines.some((l) => l.sellingUnitPrice === null || l.sellingTotal === null) ||
    totals.some((t) => t.selling === null)
  )
    return null;
  const purchase = (mine: PriceTotals, theirs: PriceTotals): PriceTotals => ({ ...mine, purchase: theirs.selling ?? '0' });
  return {
    ...customer,
    lines: customer.lines.map((l, i) => ({
      ...l,
      purchaseUnitPrice: reseller.lines[i]?.sellingUnitPrice ?? '0',
      purchaseTotal: reseller.lines[i]?.sellingTotal ?? '0',
    })),
    monthly: purchase(customer.monthly, reseller.monthly),
    setup: purchase(customer.setup, reseller.setup),
    prepaidAdvance: purchase(customer.prepaidAdvance, reseller.prepaidAdvance),
  };
}

const EMPTY_TOTAL: PricePreviewTotal = { Total: null };

/**
 * [A2.34] [A6.17] [M6.10] The preview the caller may see: selling prices for everyone allowed the
 * preview; purchase prices and gross margin only with the margin capability. When the vendor charges
 * in another currency, the purchase amounts are converted with the provider's exchange rates for the
 * margin, and without a rate the margin is not given (decision 0029).
 */
export function toPricePreview(input: PreviewInput): AccountPricePreview {
  const purchaseCurrency = input.purchaseCurrency ?? DEFAULT_CURRENCY;
  const sameCurrency = purchaseCurrency === input.currency;
  const rate = !sameCurrency && input.conversion?.ok ? input.conversion : null;
  const comparable = sameCurrency || rate !== null;
  const exchangeRate = rate ? { Factor: rate.factor, EffectiveOn: rate.effectiveOn, UpToDate: rate.upToDate } : null;
  const base = {
    AccountId: input.accountId,
    ServiceName: input.serviceName,
    ServiceDisplayName: input.serviceDisplayName,
    Quantity: input.quantity,
    Currency: input.currency,
  };
  const margin = (reason: MarginUnavailableReason | null, available: boolean) =>
    input.showMargin
      ? {
          Margin: {
            PurchaseCurrency: purchaseCurrency,
            Available: available,
            Reason: reason,
            ExchangeRate: exchangeRate,
            ...(input.purchaseFrom ? { PurchaseFrom: input.purchaseFrom } : {}),
          },
        }
      : {};

  if (input.result === null || !input.result.ok) {
    return {
      ...base,
      Outcome: input.result === null ? 'ServiceNotFound' : 'ConfigurationError',
      Error: input.result === null ? null : { Message: input.result.error, FieldId: input.result.fieldId },
      Lines: [],
      Monthly: EMPTY_TOTAL,
      Setup: EMPTY_TOTAL,
      PrepaidAdvance: null,
      MissingRetailPrice: false,
      Charges: null,
      ...margin(comparable ? null : 'NoExchangeRate', false),
    };
  }

  const result = input.result;
  const missingRetailPrice = result.lines.some((l) => l.sellingUnitPrice === null);
  const withMargin = (selling: string | null, purchase: string) => {
    if (!input.showMargin) return {};
    const converted = rate ? convertAmount(purchase, rate.factor) : null;
    return {
      PurchaseTotal: purchase,
      ...(converted !== null ? { ConvertedPurchaseTotal: converted } : {}),
      GrossMargin: sameCurrency ? grossMargin(selling, purchase) : converted !== null ? grossMargin(selling, converted) : null,
    };
  };
  const total = (t: PriceTotals): PricePreviewTotal => ({ Total: t.selling, ...withMargin(t.selling, t.purchase) });

  const lines: PricePreviewLine[] = result.lines.map((l) => ({
    ChargeType: l.chargeType,
    Condition: l.condition
      ? { FieldId: l.condition.fieldId, FieldDisplayName: l.condition.fieldDisplayName, Value: l.condition.value }
      : null,
    UnitField: l.unitField ? { FieldId: l.unitField.fieldId, FieldDisplayName: l.unitField.fieldDisplayName } : null,
    Units: l.units,
    UnitPrice: l.sellingUnitPrice,
    Total: l.sellingTotal,
    AdvanceMonths: l.advanceMonths,
    ...(input.showMargin ? { PurchaseUnitPrice: l.purchaseUnitPrice } : {}),
    ...withMargin(l.sellingTotal, l.purchaseTotal),
  }));
  const prepaid = result.lines.some((l) => l.chargeType === 'Monthly' && l.advanceMonths);

  return {
    ...base,
    Outcome: 'Priced',
    Error: null,
    Lines: lines,
    Monthly: total(result.monthly),
    Setup: total(result.setup),
    PrepaidAdvance: prepaid ? total(result.prepaidAdvance) : null,
    MissingRetailPrice: missingRetailPrice,
    Charges: chargeSummary(result),
    ...margin(!comparable ? 'NoExchangeRate' : missingRetailPrice ? 'NoRetailPrice' : null, comparable && !missingRetailPrice),
  };
}
