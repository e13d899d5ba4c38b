import {
  type AccountChargeStreams,
  type BillingRule,
  type ChargeStream,
  type ChargeStreamSubscription,
  checkSpecialDealChange,
  type DiscountPricing,
  discountItemKey,
  type FieldError,
  parseChargeStreamId,
  ruleApplies,
  type SpecialDeal,
  type SpecialDealAction,
  type SpecialDealChange,
  type SpecialDealItem,
  type SpecialDeals,
  SUGGESTED_RETAIL_PRICES_MARKETPLACE,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { notFound } from '../../platform/errors/domain-error.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { type AccountRow, findById } from '../accounts/index.js';
import {
  currencyOfPathAccounts,
  loadPricingSources,
  type PricingSource,
  priceWithSource,
  serviceFieldValues,
} from '../catalogue/index.js';
import { loadCustomerPricing } from '../price-lists/price-list-lookup.js';
import {
  dealAlreadyActive,
  invalidSpecialDeals,
  notProductAccount,
  notStreamSeller,
  ownerParentDeals,
  specialDealNotFound,
} from './special-deals.errors.js';
import * as repo from './special-deals.repository.js';
import { chargeStreams, decideSpecialDealViewer, type PathAccount, type StreamLink } from './special-deals.rules.js';

interface DealContext {
  product: AccountRow;
  path: PathAccount[];
  /** The streams the caller's organisation sells on. */
  streams: StreamLink[];
}

/** [A2.25] a Product account; [A2.29] not for the parent of its owning organisation; the streams the caller sells on. */
async function loadContext(db: Queryable, caller: Caller, located: LocatedAccount): Promise<DealContext> {
  if (located.type !== 'Product') throw notProductAccount();
  const [product, path] = await Promise.all([findById(db, located.id), repo.pathAccounts(db, located.path)]);
  if (!product) throw notFound();
  const decision = decideSpecialDealViewer(path, product.id, caller.scope.rootId);
  if (!decision.allowed) throw ownerParentDeals();
  return { product, path, streams: decision.streams };
}

/** The buyer's currency: of the nearest company, reseller or provider at or above it. */
function currencyOf(path: readonly PathAccount[], buyer: PathAccount): string {
  return currencyOfPathAccounts(
    path.filter((a) => a.depth <= buyer.depth).map((a) => ({ account_type: a.type, currency: a.currency, depth: a.depth })),
  );
}

/** The id a deal item names a fee by: its PriceableItemId, or its Id when it has none (as discounts do). */
const feeId = (rule: BillingRule) => rule.PriceableItemId ?? rule.Id;

/** The billing rule as the discount card and the service tool describe it: its condition and per-unit field. */
function ruleDescription(rule: BillingRule, source: PricingSource): string {
  const fieldName = (id: string) => source.fields.find((f) => f.Id === id)?.DisplayName ?? id;
  const condition = rule.Condition ? `${fieldName(rule.Condition.FieldId)} = ${rule.Condition.Value}` : '';
  const unit = rule.UdrcField ? `per ${fieldName(rule.UdrcField)}` : '';
  return [condition, unit].filter((s) => s !== '').join(', ');
}

function describeItem(
  kind: 'Special deal' | 'Company discount',
  priced: { percentMode: boolean; items: DiscountPricing['items'] },
  key: string,
): string {
  const item = priced.items.get(key);
  if (!item) return kind;
  if (item.isCustomCharge && !priced.percentMode) return `${kind}: special price`;
  return `${kind}: ${new Decimal(item.percent ?? '0').toFixed()}% off`;
}

/** [A3.6] The priced fees of the subscription for the buyer of a stream. */
function streamSubscriptions(
  product: AccountRow,
  source: PricingSource | undefined,
  currency: string,
  pricing: Awaited<ReturnType<typeof loadCustomerPricing>>,
  buyerPath: string,
): ChargeStreamSubscription[] {
  if (!source) return [];
  const { priceList, discount, specialDeal } = pricing.pricingFor(buyerPath, product.product_name, product.id);
  const sources = pricing.sources;
  const sub = { productName: product.product_name, attributes: product.attributes, currency, priceList, discount };
  const base = priceWithSource(sub, sources);
  const dealt = priceWithSource({ ...sub, specialDeal }, sources);
  if (!base?.result.ok || !dealt?.result.ok) return [];
  const values = serviceFieldValues(product.attributes);
  const applying = source.rules.filter((r) => ruleApplies(r, source.fields, values));
  const items: ChargeStreamSubscription[] = [];
  base.result.lines.forEach((line, i) => {
    const rule = applying[i];
    const id = rule ? feeId(rule) : null;
    if (!rule || !id) return;
    const listed = line.undiscountedUnitPrice !== undefined ? line.undiscountedUnitPrice : line.sellingUnitPrice;
    const actual = line.sellingUnitPrice;
    const withDeal = dealt.result.ok ? dealt.result.lines[i] : undefined;
    const key = discountItemKey(id, currency);
    const details =
      withDeal?.specialDeal && specialDeal
        ? { Price: withDeal.sellingUnitPrice, Description: describeItem('Special deal', specialDeal, key) }
        : discount && actual !== listed
          ? { Price: actual, Description: describeItem('Company discount', discount, key) }
          : null;
    items.push({
      PriceableItem: { PriceableItemId: id, Description: ruleDescription(rule, source), ChargeType: rule.ChargeType },
      ListedPrice: { Charge: listed, Currency: currency },
      ActualPrice: { Charge: actual, Currency: currency },
      ...(line.advanceMonths && actual !== null
        ? {
            AdvancePrice: {
              Charge: new Decimal(actual).times(line.advanceMonths).toFixed(),
              Currency: currency,
              Description: `${line.advanceMonths} months in advance`,
            },
          }
        : {}),
      DiscountDetails: details,
    });
  });
  return items;
}

/** [A3.6] The deals as the wire spells them, with their items and history (newest first). */
async function toDeals(db: Queryable, rows: readonly repo.DealRow[]): Promise<SpecialDeal[]> {
  const ids = rows.map((r) => r.id);
  const [items, history] = await Promise.all([repo.itemsOf(db, ids), repo.historyOf(db, ids)]);
  return rows.map((r) => ({
    Id: r.id,
    Version: r.version,
    ChargeStreamId: `${r.seller_account_id}-${r.buyer_account_id}`,
    TargetAccountId: r.product_account_id,
    Comments: r.comments,
    EffectiveEndDate: r.effective_end ? r.effective_end.toISOString() : null,
    PercentMode: r.percent_mode,
    Status: r.status,
    DiscountItems: items
      .filter((i) => i.special_deal_id === r.id)
      .map((i) => ({
        PriceableItemId: i.priceable_item_id,
        Currency: i.currency,
        IsCustomCharge: i.is_custom_charge,
        CustomCharge: i.custom_charge,
        Discount: i.percent,
      })),
    LastModifiedOn: r.updated_at.toISOString(),
    History: history
      .filter((h) => h.special_deal_id === r.id)
      .map((h) => ({
        Author: h.author_id !== null ? { AccountId: h.author_id, DisplayName: h.author_name ?? '' } : null,
        Comments: h.comments,
        CreatedDate: new Date(h.created_at).toISOString(),
        EffectiveEndDate: h.effective_end ? new Date(h.effective_end).toISOString() : null,
        DiscountItems: h.items,
        Status: h.status,
        ActionTaken: h.action,
      })),
  }));
}

/** [A7.9] GetAccountChargeStreams: the streams of the subscription the caller's organisation sells on. */
export async function getChargeStreams(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount,
  now: Date,
): Promise<AccountChargeStreams> {
  const { product, path, streams } = await loadContext(db, caller, located);
  if (streams.length === 0) return { AccountId: product.id, Items: [] };
  const [pricing, rows] = await Promise.all([
    loadCustomerPricing(
      db,
      streams.map((s) => ({ accountPath: s.buyer.path, productName: product.product_name, productAccountId: product.id })),
      now,
    ),
    repo.listBySeller(db, product.id, caller.scope.rootId),
  ]);
  const deals = await toDeals(
    db,
    rows.filter((r) => r.status === 'Active'),
  );
  const source = product.product_name ? pricing.sources.get(product.product_name.toLowerCase()) : undefined;
  const items: ChargeStream[] = streams.map((s) => {
    const currency = currencyOf(path, s.buyer);
    const list = pricing.priceListFor(s.buyer.path, product.product_name);
    return {
      ChargeStreamId: s.chargeStreamId,
      MarketplaceId: list?.marketplaceId ?? null,
      MarketplaceName: list?.name ?? SUGGESTED_RETAIL_PRICES_MARKETPLACE,
      SellerCompany: { AccountId: s.seller.id, DisplayName: s.seller.displayName },
      BuyerAccount: {
        AccountId: s.buyer.id,
        DisplayName: s.buyer.displayName,
        AccountType: s.buyer.type as ChargeStream['BuyerAccount']['AccountType'],
      },
      Currency: currency,
      Subscriptions: streamSubscriptions(product, source, currency, pricing, s.buyer.path),
      HasCompanyDiscount: pricing.discountFor(s.buyer.path, product.product_name) !== null,
      SpecialDeal: deals.find((d) => d.ChargeStreamId === s.chargeStreamId) ?? null,
    };
  });
  return { AccountId: product.id, Items: items };
}

/** [A7.9] GetSpecialDealDiscount: every deal of the subscription the caller's organisation sold, newest first. */
export async function getSpecialDeals(db: Queryable, caller: Caller, located: LocatedAccount): Promise<SpecialDeals> {
  const { product } = await loadContext(db, caller, located);
  const rows = await repo.listBySeller(db, product.id, caller.scope.rootId);
  return { AccountId: product.id, Deals: await toDeals(db, rows) };
}

export interface SpecialDealAuditChange {
  Id: number;
  ChargeStreamId: string;
  /** [A4.5] */
  Action: Exclude<SpecialDealAction, 'Expired'>;
  Mode: 'Percent' | 'CustomCharge';
  Items: number;
  EffectiveEndDate: string | null;
}

/** The items to store: in percent mode every item is a percent (no custom charge is kept). */
function storedItems(change: SpecialDealChange): SpecialDealItem[] {
  return change.discountItems.map((i) => {
    const custom = i.IsCustomCharge && !change.percentMode;
    return { ...i, IsCustomCharge: custom, CustomCharge: custom ? i.CustomCharge : null, Discount: custom ? null : i.Discount };
  });
}

/**
 * [A7.9] SaveSpecialDealDiscount: activate (no id), modify (id and the version read) or remove (status Removed) each
 * deal of one subscription, all or nothing; each change writes a history entry and is audited by the caller.
 */
export async function saveSpecialDeals(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount,
  changes: readonly SpecialDealChange[],
  now: Date,
): Promise<SpecialDealAuditChange[]> {
  const { product, path, streams } = await loadContext(db, caller, located);
  const allStreams = chargeStreams(path, product.id);
  const sources = product.product_name ? await loadPricingSources(db, [product.product_name]) : new Map<string, PricingSource>();
  const source = product.product_name ? sources.get(product.product_name.toLowerCase()) : undefined;
  const fees = new Set((source?.rules ?? []).filter((r) => r.enabled).flatMap((r) => (feeId(r) ? [feeId(r) as string] : [])));

  const errors: FieldError[] = [];
  const resolved: StreamLink[] = [];
  changes.forEach((change, i) => {
    const at = (field: string) => `Deals[${i}].${field}`;
    if (change.targetAccountId !== product.id)
      errors.push({ field: at('TargetAccountId'), message: 'Every deal of one save is on the same subscription' });
    errors.push(...checkSpecialDealChange(change, i, now));
    const stream = streams.find((s) => s.chargeStreamId === change.chargeStreamId);
    if (!stream) {
      const parsed = parseChargeStreamId(change.chargeStreamId);
      if (parsed && allStreams.some((s) => s.chargeStreamId === change.chargeStreamId)) throw notStreamSeller();
      errors.push({ field: at('ChargeStreamId'), message: 'This is not a charge stream of the subscription you sell on' });
      return;
    }
    resolved[i] = stream;
    if (change.status === 'Removed') return;
    const currency = currencyOf(path, stream.buyer);
    change.discountItems.forEach((item, j) => {
      if (!fees.has(item.PriceableItemId))
        errors.push({
          field: at(`DiscountItems[${j}].PriceableItemId`),
          message: 'This is not a fee of the subscription’s service',
        });
      if (item.Currency !== currency)
        errors.push({ field: at(`DiscountItems[${j}].Currency`), message: `The buyer pays in ${currency}` });
    });
  });
  if (errors.length > 0) throw invalidSpecialDeals(errors);

  await repo.lockSubscription(db, product.id);
  const audit: SpecialDealAuditChange[] = [];
  for (const [i, change] of changes.entries()) {
    const stream = resolved[i] as StreamLink;
    const items = storedItems(change);
    const mode = items.some((it) => it.IsCustomCharge) ? 'CustomCharge' : 'Percent';
    const write = {
      comments: change.comments,
      effectiveEnd: change.effectiveEndDate ? new Date(change.effectiveEndDate) : null,
      percentMode: change.percentMode,
      by: caller.userId,
      at: now,
    };
    const record = (id: number, action: SpecialDealAuditChange['Action'], n: number) =>
      audit.push({
        Id: id,
        ChargeStreamId: stream.chargeStreamId,
        Action: action,
        Mode: mode,
        Items: n,
        EffectiveEndDate: write.effectiveEnd ? write.effectiveEnd.toISOString() : null,
      });

    if (change.id === undefined) {
      if (await repo.findActiveOnStream(db, product.id, stream.seller.id, stream.buyer.id)) throw dealAlreadyActive(i);
      const id = await repo.insert(db, {
        ...write,
        productAccountId: product.id,
        sellerId: stream.seller.id,
        buyerId: stream.buyer.id,
      });
      await repo.replaceItems(db, id, items);
      await repo.addHistory(db, { dealId: id, authorId: caller.userId, action: 'Activated', at: now });
      record(id, 'Activated', items.length);
      continue;
    }
    const current = await repo.findForUpdate(db, product.id, caller.scope.rootId, change.id);
    if (!current) throw specialDealNotFound();
    if (`${current.seller_account_id}-${current.buyer_account_id}` !== stream.chargeStreamId)
      throw invalidSpecialDeals([
        { field: `Deals[${i}].ChargeStreamId`, message: 'The special deal is on another charge stream' },
      ]);
    if (
      current.status !== 'Active' ||
      change.version === undefined ||
      isStaleVersion({ seen: change.version, current: current.version })
    )
      throw staleVersion(
        'special deal',
        { Id: current.id, Version: current.version, Status: current.status },
        `Deals[${i}].Version`,
      );
    if (change.status === 'Removed') {
      await repo.markRemoved(db, current.id, { comments: change.comments, by: caller.userId, at: now });
      await repo.addHistory(db, { dealId: current.id, authorId: caller.userId, action: 'Removed special deal', at: now });
      record(current.id, 'Removed special deal', 0);
      continue;
    }
    await repo.update(db, current.id, write);
    await repo.replaceItems(db, current.id, items);
    await repo.addHistory(db, { dealId: current.id, authorId: caller.userId, action: 'Modified', at: now });
    record(current.id, 'Modified', items.length);
  }
  return audit;
}
