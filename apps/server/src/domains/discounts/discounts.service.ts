import {
  checkDiscountChange,
  type Discount,
  type DiscountBillingLine,
  type DiscountChange,
  type FieldError,
  MAX_DISCOUNTS_PER_ACCOUNT,
  priceListUnitPrice,
  type ServiceDiscounts,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { customerCurrency, type PricingSource } from '../catalogue/index.js';
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

function billingLines(source: PricingSource | undefined, currency: string, priceList: ReturnType<typeof noList>) {
  if (!source) return [];
  const lines: DiscountBillingLine[] = [];
  for (const rule of source.rules) {
    if (!rule.enabled) continue;
    const pi = rule.PriceableItemId ?? rule.Id;
    if (!pi) continue;
    const srp = rule.SuggestedRetailPrices.find((p) => p.Currency === currency)?.Charge ?? null;
    const condition = rule.Condition
      ? `${source.fields.find((f) => f.Id === rule.Condition?.FieldId)?.DisplayName ?? rule.Condition.FieldId} = ${rule.Condition.Value}`
      : '';
    const unit = rule.UdrcField ? `per ${source.fields.find((f) => f.Id === rule.UdrcField)?.DisplayName ?? rule.UdrcField}` : '';
    lines.push({
      PriceableItemId: pi,
      ChargeType: rule.ChargeType,
      Description: [condition, unit].filter((s) => s !== '').join(', '),
      Currency: currency,
      MyCharge: priceList ? priceListUnitPrice(priceList, rule.Id, currency, srp) : srp,
    });
  }
  return lines;
}
const noList = () => null as ReturnType<Awaited<ReturnType<typeof loadCustomerPricing>>['priceListFor']>;

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
    const dates = {
      effectiveStart: change.EffectiveStartDate ? new Date(change.EffectiveStartDate) : now,
      effectiveEnd: change.EffectiveEndDate ? new Date(change.EffectiveEndDate) : null,
    };
    if (dates.effectiveEnd && dates.effectiveEnd <= dates.effectiveStart)
      throw invalidDiscounts([
        { field: `Discounts[${i}].EffectiveEndDate`, message: 'The end date must be after the start date' },
      ]);
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
        ...dates,
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
      ...dates,
      by: caller.userId,
      at: now,
    });
    await repo.replaceItems(db, id, change.PercentMode, change.DiscountItems);
    audit.push({ Id: id, ProductName: service.service_name, Action: 'Created', Mode: mode, Items: change.DiscountItems.length });
  }
  return audit;
}
