import {
  type BillingRule,
  checkDiscountChange,
  convertAmount,
  DEFAULT_CURRENCY,
  type Discount,
  type DiscountBillingLine,
  type DiscountChange,
  discountedUnitPrice,
  type FieldError,
  MAX_DISCOUNTS_PER_ACCOUNT,
  PRICE_DECIMALS,
  type PriceListPricing,
  priceListUnitPrice,
  type SearchServiceBilling,
  type ServiceDiscounts,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { customerCurrency, type PricingSource } from '../catalogue/index.js';
import { conversionForAccount } from '../exchange-rates/index.js';
import { loadCustomerPricing } from '../price-lists/price-list-lookup.js';
import {
  discountNotFound,
  invalidDiscounts,
  notDirectCustomer,
  notDiscountAccount,
  ownOrganisationDiscounts,
  tooManyDiscounts,
} from './discounts.errors.js';
import * as repo from './discounts.repository.js';
import { decideDiscountAccount, parentIdOfPath } from './discounts.rules.js';

/** The account whose discounts the caller reads or gives, or the refusal of [A2.24] [A2.28]. */
export function requireDiscountAccount(caller: Caller, account: LocatedAccount): LocatedAccount {
  const decision = decideDiscountAccount({
    accountId: account.id,
    accountType: account.type,
    parentId: parentIdOfPath(account.path),
    callerOrganisationId: caller.scope.rootId,
  });
  if (decision.allowed) return account;
  if (decision.reason === 'not-organisation') throw notDiscountAccount();
  throw decision.reason === 'own' ? ownOrganisationDiscounts() : notDirectCustomer();
}

/** The fees a discount item can name: each enabled rule with its PriceableItemId (its Id without one) and its description. */
function feesOf(source: PricingSource) {
  const fees: { rule: BillingRule; pi: string; description: string }[] = [];
  for (const rule of source.rules) {
    if (!rule.enabled) continue;
    const pi = rule.PriceableItemId ?? rule.Id;
    if (!pi) continue;
    const condition = rule.Condition
      ? `${source.fields.find((f) => f.Id === rule.Condition?.FieldId)?.DisplayName ?? rule.Condition.FieldId} = ${rule.Condition.Value}`
      : '';
    const unit = rule.UdrcField ? `per ${source.fields.find((f) => f.Id === rule.UdrcField)?.DisplayName ?? rule.UdrcField}` : '';
    fees.push({ rule, pi, description: [condition, unit].filter((s) => s !== '').join(', ') });
  }
  return fees;
}

const srpIn = (rule: BillingRule, currency: string) =>
  rule.SuggestedRetailPrices.find((p) => p.Currency === currency)?.Charge ?? null;

/** [A2.48] My charge: the account's price of a fee without its discount (its price list's price, else the SRP). */
const listedPrice = (rule: BillingRule, currency: string, priceList: PriceListPricing | null) =>
  priceList ? priceListUnitPrice(priceList, rule.Id, currency, srpIn(rule, currency)) : srpIn(rule, currency);

function billingLines(source: PricingSource | undefined, currency: string, priceList: PriceListPricing | null) {
  if (!source) return [];
  return feesOf(source).map(
    ({ rule, pi, description }): DiscountBillingLine => ({
      PriceableItemId: pi,
      ChargeType: rule.ChargeType,
      Description: description,
      Currency: currency,
      MyCharge: listedPrice(rule, currency, priceList),
    }),
  );
}

/** What the Discount search answers per service besides the search result [A3.8]. */
export interface DiscountSearchDetails {
  billing: SearchServiceBilling[];
  activeDiscountId: number | null;
}

/**
 * [A3.8] [A7.6] The fees of some services as the Discount tab's add-service search shows them for an account, by
 * lower-case service name: per fee, in the account's currency, the price the giving organisation (the caller's)
 * pays — for the provider the vendor's charge, for any other organisation its own price through the one pricing
 * rule (its price list, else the SRP, then its own discount) — converted with the provider's rates (null without a
 * rate), and CustomPrice, the account's price without a discount (the card's my charge). Also the account's Active
 * discount on each service (decision 0048: such services are marked, not left out).
 */
export async function discountSearchDetails(
  db: Queryable,
  caller: Caller,
  account: LocatedAccount,
  productNames: readonly string[],
  now: Date,
): Promise<Map<string, DiscountSearchDetails>> {
  const details = new Map<string, DiscountSearchDetails>();
  if (productNames.length === 0) return details;
  const giverPath = caller.scope.rootPath;
  const giverIsProvider = caller.scope.rootType === 'Provider';
  const [currency, giverCurrency, active, pricing] = await Promise.all([
    customerCurrency(db, account.path),
    giverIsProvider ? Promise.resolve(null) : customerCurrency(db, giverPath),
    repo.listActive(db, account.id),
    loadCustomerPricing(
      db,
      productNames.flatMap((productName) => [
        { accountPath: account.path, productName },
        ...(giverIsProvider ? [] : [{ accountPath: giverPath, productName }]),
      ]),
      now,
    ),
  ]);
  const rates = new Map<string, Promise<string | null>>();
  const convert = (amount: string | null, from: string): Promise<string | null> => {
    if (amount === null || from === currency) return Promise.resolve(amount);
    let factor = rates.get(from);
    if (!factor) {
      factor = conversionForAccount(db, account.path, from, currency, now).then((r) => (r.ok ? r.factor : null));
      rates.set(from, factor);
    }
    return factor.then((f) =>
      f === null ? null : new Decimal(convertAmount(amount, f)).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(),
    );
  };
  const activeByName = new Map(active.map((d) => [d.service_name.toLowerCase(), d.id]));
  for (const productName of productNames) {
    const source = pricing.sources.get(productName.toLowerCase());
    const targetList = pricing.priceListFor(account.path, productName);
    const giverList = giverIsProvider ? null : pricing.priceListFor(giverPath, productName);
    const giverDiscount = giverIsProvider ? null : pricing.discountFor(giverPath, productName);
    const billing: SearchServiceBilling[] = [];
    for (const { rule, pi, description } of source ? feesOf(source) : []) {
      const purchase =
        giverIsProvider || giverCurrency === null
          ? await convert(rule.Charge, source?.ownerCurrency ?? DEFAULT_CURRENCY)
          : await convert(
              discountedUnitPrice(listedPrice(rule, giverCurrency, giverList), giverDiscount, pi, giverCurrency),
              giverCurrency,
            );
      billing.push({
        PriceableItemId: pi,
        ChargeType: rule.ChargeType,
        Description: description,
        Charges: [{ Currency: currency, PurchasePrice: purchase, CustomPrice: listedPrice(rule, currency, targetList) }],
      });
    }
    details.set(productName.toLowerCase(), { billing, activeDiscountId: activeByName.get(productName.toLowerCase()) ?? null });
  }
  return details;
}

/** [A7.6] GetServiceDiscounts: the account's active discounts with their services' fees and my charge. */
export async function listDiscounts(db: Queryable, caller: Caller, located: LocatedAccount): Promise<ServiceDiscounts> {
  const account = requireDiscountAccount(caller, located);
  const [rows, currency] = await Promise.all([repo.listActive(db, account.id), customerCurrency(db, account.path)]);
  const [items, pricing] = await Promise.all([
    repo.itemsOf(
      db,
      rows.map((r) => r.id),
    ),
    loadCustomerPricing(
      db,
      rows.map((r) => ({ accountPath: account.path, productName: r.service_name })),
    ),
  ]);
  const discounts: Discount[] = rows.map((r) => ({
    Id: r.id,
    Description: r.description,
    DiscountItems: items
      .filter((i) => i.discount_id === r.id)
      .map((i) => ({
        Id: i.id,
        Currency: i.currency,
        CustomCharge: i.custom_charge,
        Discount: i.percent,
        IsCustomCharge: i.is_custom_charge,
        PriceableItemId: i.priceable_item_id,
      })),
    EffectiveStartDate: r.effective_start.toISOString(),
    EffectiveEndDate: r.effective_end ? r.effective_end.toISOString() : null,
    LastModifiedOn: r.updated_at.toISOString(),
    ProductName: r.service_name,
    SellerCompanyAccountId: r.seller_account_id,
    ServiceInfo: { Icon: r.service_icon, DisplayName: r.service_display_name, OwnerName: r.owner_name },
    Status: r.status,
    TargetAccountId: r.target_account_id,
    PercentMode: r.percent_mode,
    BillingLines: billingLines(
      pricing.sources.get(r.service_name.toLowerCase()),
      currency,
      pricing.priceListFor(account.path, r.service_name),
    ),
    Version: r.version,
  }));
  return {
    AccountId: account.id,
    Currency: currency,
    CanUpdate: caller.capabilities.has('DISCOUNT_TOOL_UPDATE'),
    MaxDiscounts: MAX_DISCOUNTS_PER_ACCOUNT,
    Items: discounts,
  };
}

export interface DiscountAuditChange {
  Id: number;
  ProductName: string;
  /** [A4.4] created, saved or deleted; mode percent or custom charge. */
  Action: 'Created' | 'Saved' | 'Deleted';
  Mode: 'Percent' | 'CustomCharge';
  Items: number;
}

/** [A7.6] UpdateServiceDiscounts: create, edit (over the version read) or remove each discount; all or nothing. */
export async function saveDiscounts(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount,
  changes: readonly DiscountChange[],
  now: Date,
): Promise<DiscountAuditChange[]> {
  const account = requireDiscountAccount(caller, located);
  const errors: FieldError[] = changes.flatMap((c, i) => checkDiscountChange(c, i));
  if (errors.length > 0) throw invalidDiscounts(errors);
  await repo.lockAccount(db, account.id);
  const audit: DiscountAuditChange[] = [];
  for (const [i, change] of changes.entries()) {
    const mode = change.PercentMode || !change.DiscountItems.some((it) => it.IsCustomCharge) ? 'Percent' : 'CustomCharge';
    // Without a start: now for a new discount, the stored start for an edit. Without an end: no end.
    const datesFrom = (storedStart: Date | null) => {
      const dates = {
        effectiveStart: change.EffectiveStartDate ? new Date(change.EffectiveStartDate) : (storedStart ?? now),
        effectiveEnd: change.EffectiveEndDate ? new Date(change.EffectiveEndDate) : null,
      };
      if (dates.effectiveEnd && dates.effectiveEnd <= dates.effectiveStart)
        throw invalidDiscounts([
          { field: `Discounts[${i}].EffectiveEndDate`, message: 'The end date must be after the start date' },
        ]);
      return dates;
    };
    if (change.Id !== null) {
      const current = await repo.findActiveForUpdate(db, account.id, change.Id);
      if (!current) throw discountNotFound();
      if (change.Version === null || isStaleVersion({ seen: change.Version, current: current.version }))
        throw staleVersion('discount', { Id: current.id, Version: current.version }, `Discounts[${i}].Version`);
      if (change.Status === 'Deleted') {
        await repo.markDeleted(db, current.id, caller.userId, now);
        audit.push({ Id: current.id, ProductName: current.service_name, Action: 'Deleted', Mode: mode, Items: 0 });
        continue;
      }
      await repo.update(db, current.id, {
        description: change.Description,
        percentMode: change.PercentMode,
        ...datesFrom(current.effective_start),
        by: caller.userId,
        at: now,
      });
      await repo.replaceItems(db, current.id, change.PercentMode, change.DiscountItems);
      audit.push({
        Id: current.id,
        ProductName: current.service_name,
        Action: 'Saved',
        Mode: mode,
        Items: change.DiscountItems.length,
      });
      continue;
    }
    if (change.Status === 'Deleted')
      throw invalidDiscounts([{ field: `Discounts[${i}].Id`, message: 'Name the discount to remove' }]);
    const service = await repo.findService(db, change.ProductName);
    if (!service)
      throw invalidDiscounts([{ field: `Discounts[${i}].ProductName`, message: 'There is no active service of this name' }]);
    if ((await repo.findActiveByService(db, account.id, service.id)) !== null)
      throw invalidDiscounts([
        { field: `Discounts[${i}].ProductName`, message: 'This account already has a discount on this service; edit it' },
      ]);
    if ((await repo.countActive(db, account.id)) >= MAX_DISCOUNTS_PER_ACCOUNT) throw tooManyDiscounts(MAX_DISCOUNTS_PER_ACCOUNT);
    const id = await repo.insert(db, {
      targetAccountId: account.id,
      sellerAccountId: caller.scope.rootId,
      serviceId: service.id,
      description: change.Description,
      percentMode: change.PercentMode,
      ...datesFrom(null),
      by: caller.userId,
      at: now,
    });
    await repo.replaceItems(db, id, change.PercentMode, change.DiscountItems);
    audit.push({ Id: id, ProductName: service.service_name, Action: 'Created', Mode: mode, Items: change.DiscountItems.length });
  }
  return audit;
}
