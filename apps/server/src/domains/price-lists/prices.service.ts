/**
 * A price list's prices: the per-service edit [M3.18] [M5.11], dynamic pricing rules [M4.16], markup with
 * undo [M4.26] and the terms review [M2.25] [M7.16]. Scope (decision 0033): the caller touches only the
 * price lists its own organisation owns (the provider: all); any other is the same 404 as a missing one.
 */
import {
  BillingRuleSchema,
  type MarketplaceMarkup,
  type MarketplacePricingRules,
  type MarketplaceServicePrices,
  type MarketplaceServiceTerms,
  type PRICING_RULE_TARGETS,
  type PricingMode,
  type PricingRule,
  priceKey,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { current as currentMarketplace } from './price-lists.service.js';
import * as repo from './prices.repository.js';
import {
  dynamicPrice,
  feeCurrencies,
  ownPriceMaps,
  ownPricesOf,
  type PricedService,
  pricedRules,
  pricesWithMarkup,
  restoredPrices,
  toMarkupUndo,
} from './prices.rules.js';

/** A price list the caller may see: owned by its organisation or below (the provider sees all). */
export async function requireMarketplace(db: Queryable, caller: Caller, id: number): Promise<repo.MarketplaceRow> {
  const row = await repo.findMarketplace(db, id);
  if (!row || !isInScope(caller.scope.rootPath, row.owner_path)) throw notFound('Price list');
  return row;
}

/** Takes the next version of the list or answers 409 with its current values. */
export async function takeVersion(
  db: Queryable,
  caller: Caller,
  list: repo.MarketplaceRow,
  version: number,
  pricingMode?: PricingMode,
): Promise<number> {
  const next = await repo.bumpVersion(db, { id: list.id, version, actorId: caller.userId, pricingMode });
  if (next !== null) return next;
  // The same answer as every other stale edit of a price list: the list as GetMarketplace reads it now.
  throw staleVersion('price list', await currentMarketplace(db, caller, list.id), 'version');
}

export function toPricedService(row: repo.ListedServiceRow): PricedService {
  return {
    serviceId: row.id,
    ownerAccountId: row.owner_account_id,
    category: row.category,
    displayName: row.display_name,
    rules: parseBillingRules(row.definition.BillingRules ?? []),
  };
}

/** A service's fees as stored, read with their schema (defaults filled in). */
const parseBillingRules = (rules: readonly unknown[]) => rules.map((r) => BillingRuleSchema.parse(r));

async function requireListService(db: Queryable, marketplaceId: number, serviceId: number) {
  const [row] = await repo.listListServices(db, { marketplaceId, serviceIds: [serviceId] });
  if (!row) throw notFound('Service');
  return row;
}

// --- per-service edit --------------------------------------------------------------------------

/** [M3.18] One service's fees in the list: per currency the own price, the SRP and the purchase price. */
export async function getServicePrices(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; serviceId: number },
): Promise<MarketplaceServicePrices> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  const row = await requireListService(db, list.id, input.serviceId);
  const service = toPricedService(row);
  const own = ownPricesOf(ownPriceMaps(await repo.listOwnPrices(db, list.id, [service.serviceId])), service.serviceId);
  const fees = feeCurrencies(service, own, null);
  const billing = pricedRules(service.rules).map((rule) => {
    const ofRule = fees.filter((f) => f.ruleId === rule.Id);
    return {
      RuleId: rule.Id,
      PriceableItem: ofRule[0]?.priceableItem ?? rule.PriceableItemId ?? rule.Id,
      ChargeType: rule.ChargeType,
      Description: ofRule[0]?.description ?? rule.ChargeType,
      AdvancePaymentPeriodInMonths: rule.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths ?? null,
      Charges: ofRule.map((f) => ({
        Currency: f.currency,
        CustomPrice: own.get(priceKey(f.ruleId, f.currency)) ?? null,
        SuggestedRetailPrice: f.srp,
        PurchasePrice: f.purchase,
      })),
    };
  });
  return {
    MarketplaceId: list.id,
    ServiceId: service.serviceId,
    DisplayName: service.displayName,
    Version: list.version,
    PricingMode: list.pricing_mode,
    IsAutoSrpSyncEnabled: list.is_auto_srp_sync_enabled,
    OverridePriceProtection: row.override_price_protection ?? false,
    PriceProtectionLengthInDays: row.price_protection_days,
    Billing: billing,
  };
}

/** [M3.18] [M5.11] Saves one service's own prices (null: sell at the SRP) and its price protection override. */
export async function updateServicePrices(
  db: Queryable,
  caller: Caller,
  input: {
    marketplaceId: number;
    serviceId: number;
    version: number;
    OverridePriceProtection: boolean;
    PriceProtectionLengthInDays: number | null;
    Charges: { RuleId: string; Currency: string; CustomPrice: string | null }[];
  },
): Promise<MarketplaceServicePrices> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  const service = toPricedService(await requireListService(db, list.id, input.serviceId));
  const ruleIds = new Set(pricedRules(service.rules).map((r) => r.Id));
  const currencies = await repo.listCurrencyCodes(db);
  const errors = input.Charges.flatMap((c, i) => [
    ...(ruleIds.has(c.RuleId) ? [] : [{ field: `Charges.${i}.RuleId`, message: 'This service has no such fee' }]),
    ...(currencies.has(c.Currency)
      ? []
      : [{ field: `Charges.${i}.Currency`, message: `${c.Currency} is not a currency prices can be given in` }]),
  ]);
  if (errors.length > 0) throw validationFailed(errors);
  await takeVersion(db, caller, list, input.version);
  await repo.writeOwnPrices(
    db,
    list.id,
    caller.userId,
    input.Charges.map((c) => ({ serviceId: service.serviceId, ruleId: c.RuleId, currency: c.Currency, price: c.CustomPrice })),
  );
  await repo.updatePriceProtection(db, {
    marketplaceId: list.id,
    serviceId: service.serviceId,
    override: input.OverridePriceProtection,
    days: input.PriceProtectionLengthInDays,
  });
  return getServicePrices(db, caller, { marketplaceId: list.id, serviceId: service.serviceId });
}

// --- dynamic pricing -----------------------------------------------------------------------------

async function loadAllServices(db: Queryable, marketplaceId: number): Promise<repo.ListedServiceRow[]> {
  return repo.listListServices(db, { marketplaceId });
}

function targetsOf(rows: readonly repo.ListedServiceRow[]): MarketplacePricingRules['Targets'] {
  const vendors = new Map<string, string>();
  const categories = new Map<string, string>();
  for (const r of rows) {
    vendors.set(String(r.owner_account_id), r.owner_name);
    if (r.category) categories.set(r.category, r.category_display_name ?? r.category);
  }
  const sorted = (m: Map<string, string>, target: (typeof PRICING_RULE_TARGETS)[number]) =>
    [...m].map(([Value, Label]) => ({ Target: target, Value, Label })).sort((a, b) => a.Label.localeCompare(b.Label));
  return [
    ...sorted(vendors, 'Vendor'),
    ...sorted(categories, 'Category'),
    ...sorted(new Map(rows.map((r) => [String(r.id), r.display_name])), 'Service'),
  ];
}

/** [M4.16] The list's pricing mode and rules, with what a rule may target. */
export async function listPricingRules(db: Queryable, caller: Caller, marketplaceId: number): Promise<MarketplacePricingRules> {
  const list = await requireMarketplace(db, caller, marketplaceId);
  const rows = await loadAllServices(db, list.id);
  const targets = targetsOf(rows);
  const label = (t: string, v: string) => targets.find((x) => x.Target === t && x.Value === v)?.Label ?? v;
  const rules = await repo.listPricingRules(db, list.id);
  return {
    MarketplaceId: list.id,
    Version: list.version,
    PricingMode: list.pricing_mode,
    Rules: rules.map((r) => ({
      Target: r.target,
      Value: r.value,
      MarkupPercent: r.markupPercent,
      Label: label(r.target, r.value),
    })),
    Targets: targets,
  };
}

function checkRuleTargets(rules: readonly PricingRule[], targets: MarketplacePricingRules['Targets']) {
  const errors = rules.flatMap((r, i) =>
    targets.some((t) => t.Target === r.Target && t.Value === r.Value)
      ? []
      : [{ field: `Rules.${i}.Value`, message: `No ${r.Target.toLowerCase()} of this price list matches ${r.Value}` }],
  );
  if (errors.length > 0) throw validationFailed(errors);
}

const PREVIEW_ROWS = 500;

/** [M4.16] The prices the list's services would sell at under these rules (the first 500 fee prices). */
export async function previewPricingRules(db: Queryable, caller: Caller, input: { marketplaceId: number; Rules: PricingRule[] }) {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  const rows = await loadAllServices(db, list.id);
  checkRuleTargets(input.Rules, targetsOf(rows));
  const rules = input.Rules.map((r) => ({ target: r.Target, value: r.Value, markupPercent: r.MarkupPercent }));
  const out = [];
  let total = 0;
  for (const row of rows) {
    const service = toPricedService(row);
    for (const fee of feeCurrencies(service, new Map(), null)) {
      if (fee.srp === null) continue;
      total++;
      if (out.length >= PREVIEW_ROWS) continue;
      const { rule, price } = dynamicPrice(rules, service, fee.srp);
      out.push({
        ServiceId: service.serviceId,
        ServiceName: service.displayName,
        PriceableItem: fee.priceableItem,
        Currency: fee.currency,
        SuggestedRetailPrice: fee.srp,
        RuleTarget: rule?.target ?? null,
        MarkupPercent: rule?.markupPercent ?? null,
        Price: price,
      });
    }
  }
  return { Rows: out, Total: total };
}

/** [M4.16] [M6.6] Replaces the rules and sets the pricing mode (legacy or dynamic). */
export async function savePricingRules(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; version: number; PricingMode: PricingMode; Rules: PricingRule[] },
): Promise<MarketplacePricingRules> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  checkRuleTargets(input.Rules, targetsOf(await loadAllServices(db, list.id)));
  await takeVersion(db, caller, list, input.version, input.PricingMode);
  await repo.replacePricingRules(
    db,
    list.id,
    input.Rules.map((r) => ({ target: r.Target, value: r.Value, markupPercent: r.MarkupPercent })),
  );
  return listPricingRules(db, caller, list.id);
}

// --- markup ------------------------------------------------------------------------------------

/**
 * [M4.26] Markup on: the own prices are saved for undo and the percent applied to them (a fee without an
 * own price gets its SRP plus the percent). Off: the saved prices come back, exactly as they were.
 */
export async function setMarkup(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; version: number; Enabled: boolean; MarkupPercent: string | null },
): Promise<MarketplaceMarkup> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  const isOn = list.markup_percent !== null;
  if (input.Enabled === isOn) {
    throw validationFailed([
      { field: 'Enabled', message: isOn ? 'Markup is already switched on' : 'Markup is already switched off' },
    ]);
  }
  const version = await takeVersion(db, caller, list, input.version);
  const rows = await loadAllServices(db, list.id);
  const own = await repo.listOwnPrices(db, list.id);
  let changed: number;
  if (input.Enabled) {
    const percent = input.MarkupPercent as string;
    const next = pricesWithMarkup({ services: rows.map(toPricedService), own, percent });
    await repo.writeOwnPrices(db, list.id, caller.userId, next);
    await repo.setMarkup(db, { marketplaceId: list.id, percent, undo: toMarkupUndo(own) });
    changed = next.length;
  } else {
    const restored = restoredPrices(list.markup_undo, new Set(rows.map((r) => r.id)));
    await repo.deleteAllOwnPrices(db, list.id);
    await repo.writeOwnPrices(db, list.id, caller.userId, restored);
    await repo.setMarkup(db, { marketplaceId: list.id, percent: null, undo: null });
    changed = restored.length;
  }
  return {
    MarketplaceId: list.id,
    Version: version,
    IsMarkupEnabled: input.Enabled,
    MarkupPercent: input.Enabled ? (input.MarkupPercent as string) : null,
    PricesChanged: changed,
  };
}

// --- terms review --------------------------------------------------------------------------------

/** [M2.25] [M7.16] The list's services with their terms and conditions texts. */
export async function getTermsReview(
  db: Queryable,
  caller: Caller,
  marketplaceId: number,
): Promise<{ Services: MarketplaceServiceTerms[] }> {
  const list = await requireMarketplace(db, caller, marketplaceId);
  const rows = await loadAllServices(db, list.id);
  const texts = await repo.listTermsTexts(
    db,
    rows.map((r) => r.id),
  );
  const services = rows
    .map((r) => ({
      ServiceId: r.id,
      DisplayName: r.display_name,
      ServiceName: r.service_name,
      Descriptions: texts
        .filter((t) => t.service_id === r.id)
        .map((t) => ({
          Type: 'TermsAndConditions' as const,
          Title: t.title,
          Content: t.content,
          LocalizationLanguageCode: t.language_code,
        })),
    }))
    .sort((a, b) => a.DisplayName.localeCompare(b.DisplayName));
  return { Services: services };
}
