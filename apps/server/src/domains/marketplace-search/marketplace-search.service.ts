import {
  AUTOCOMPLETE_SERVICES,
  AUTOCOMPLETE_TAGS,
  type AutocompleteEntry,
  BillingRuleSchema,
  DISCOUNT_SEARCH_SOURCE,
  type GetServiceInfoInput,
  MARKETPLACE_BROWSE_CAPABILITY_KEYS,
  type PriceListPricing,
  refusalMessage,
  type SearchOptions,
  SearchOptionsSchema,
  type SearchOrderBy,
  type SearchService,
  type SearchServicesMetadata,
  type SearchServicesOutput,
  ServiceFieldSchema,
  ServiceFileSchema,
  type ServiceInfo,
  ServiceVideoSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/db.js';
import { forbidden, notFound } from '../../platform/errors/domain-error.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { findLocation } from '../accounts/index.js';
import { currencyOfPathAccounts, customerCurrency } from '../catalogue/index.js';
import { discountSearchDetails, requireDiscountAccount } from '../discounts/index.js';
import { loadPriceListsFor, type PriceListPricingRow, pricingOfChosenRows } from '../price-lists/index.js';
import * as repo from './marketplace-search.repository.js';
import {
  basePrice,
  buyingOrganisation,
  keptBillingText,
  newSince,
  pickDescriptions,
  viewerKind,
} from './marketplace-search.rules.js';

/** Who may see prices [A6.17]: search results' Billing and the info page's price. */
const SEE_PRICES = 'BILLING_SHOWPRODUCTPRICE_READ';
/** [A6.15] Reading the discount tool: the Discount tab's add-service search. */
const DISCOUNT_TOOL_READ = 'DISCOUNT_TOOL_READ';

const RulesSchema = z.array(BillingRuleSchema).catch([]);
const FieldsSchema = z.array(ServiceFieldSchema).catch([]);
const FilesSchema = z.array(ServiceFileSchema).catch([]);
const VideosSchema = z.array(ServiceVideoSchema).catch([]);
/** A service's stored BillingRules and Fields as the pricing rule takes them (an invalid list counts as none). */
const parseStoredPricing = (rules: unknown, fields: unknown) => ({
  rules: RulesSchema.parse(rules ?? []),
  fields: FieldsSchema.parse(fields ?? []),
});
/** The search results' Billing texts computed in this process (`keptBillingText`). */
const billingTexts = new Map<string, string | null>();
const wholeDays = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

interface Viewing {
  caller: Caller;
  now: Date;
}

/** The accounts on the caller's organisation path, read once per operation call. */
const pathAccountsByCall = new WeakMap<Viewing, Promise<repo.OrganisationRow[]>>();
function callerPathAccounts(db: Queryable, v: Viewing): Promise<repo.OrganisationRow[]> {
  let found = pathAccountsByCall.get(v);
  if (!found) {
    found = repo.listPathAccounts(db, v.caller.scope.rootPath);
    pathAccountsByCall.set(v, found);
  }
  return found;
}

/** The caller's organisation, its kind, and the price lists that reach it or that it owns. */
async function organisationOf(db: Queryable, v: Viewing) {
  const { caller } = v;
  const path = await callerPathAccounts(db, v);
  const organisation = path.find((a) => a.id === caller.scope.rootId);
  if (!organisation) throw notFound('Account');
  return {
    organisation,
    kind: viewerKind(organisation),
    ancestorIds: path.filter((a) => a.id !== organisation.id).map((a) => a.id),
  };
}

/**
 * Global: what the caller may browse (decision 0033). The provider browses every Active service; any other
 * organisation's view (a vendor's own services, else the Added services of the lists reaching it or owned in its
 * subtree) is decided inside the search statement itself from its path, without a statement of its own.
 */
export function visibleBase(v: Viewing): repo.BaseSet {
  const { scope } = v.caller;
  if (scope.rootType === 'Provider') return { kind: 'all' };
  return { kind: 'visibleTo', rootId: scope.rootId, rootPath: scope.rootPath, maybeVendor: scope.rootType === 'Company' };
}

/** A price list the caller owns (inside its organisation); the provider owns every list. Else 404. */
async function requireOwnedList(db: Queryable, v: Viewing, id: number): Promise<void> {
  const { caller } = v;
  const { kind } = await organisationOf(db, v);
  const found =
    kind === 'provider'
      ? await repo.marketplaceExists(db, id)
      : (await repo.listOwnedMarketplaceIds(db, caller.scope.rootPath)).includes(id);
  if (!found) throw notFound('Price list');
}

/** The services a source offers; `onAccount` hears the account an AvailableServicesForAccount(Discount) names. */
async function baseOf(
  db: Queryable,
  v: Viewing,
  source: SearchOptions['Source'],
  onAccount?: (account: LocatedAccount) => void,
): Promise<repo.BaseSet> {
  const { caller } = v;
  switch (source.Type) {
    case 'Global':
      return visibleBase(v);
    case 'MyServices':
      return { kind: 'ownedIn', path: caller.scope.rootPath };
    case DISCOUNT_SEARCH_SOURCE:
    case 'AvailableServicesForAccount': {
      const located = await findLocation(db, source.Value as number);
      if (!located || !isInScope(caller.scope.rootPath, located.path)) throw notFound('Account');
      // [A2.24] [A2.28] The discount source answers only for an account the caller gives discounts to.
      if (source.Type === DISCOUNT_SEARCH_SOURCE) requireDiscountAccount(caller, located);
      const accountPath = located.path;
      onAccount?.(located);
      const path = await repo.listPathAccounts(db, accountPath);
      const customer = buyingOrganisation(path);
      if (!customer) return { kind: 'inLists', marketplaceIds: [], statuses: ['Added'] };
      if (customer.account_type === 'Provider') return { kind: 'all' };
      const ancestors = path.filter((a) => a.depth < customer.depth).map((a) => a.id);
      return {
        kind: 'inLists',
        marketplaceIds: await repo.listReachingMarketplaceIds(db, customer.id, ancestors),
        statuses: ['Added'],
      };
    }
    case 'Marketplace': {
      const id = source.Value as number;
      const { kind, ancestorIds } = await organisationOf(db, v);
      if (kind === 'provider') {
        if (!(await repo.marketplaceExists(db, id))) throw notFound('Price list');
        return { kind: 'inLists', marketplaceIds: [id], statuses: ['Added', 'Hidden'] };
      }
      if ((await repo.listOwnedMarketplaceIds(db, caller.scope.rootPath)).includes(id)) {
        return { kind: 'inLists', marketplaceIds: [id], statuses: ['Added', 'Hidden'] };
      }
      if ((await repo.listReachingMarketplaceIds(db, caller.scope.rootId, ancestorIds)).includes(id)) {
        return { kind: 'inLists', marketplaceIds: [id], statuses: ['Added'] };
      }
      throw notFound('Price list');
    }
  }
}

/**
 * The capability a source needs (the operation layer let in either): the discount source DISCOUNT_TOOL read
 * [A6.15], every other source a marketplace browsing capability.
 */
function requireSourceCapability(caller: Caller, source: SearchOptions['Source']['Type']): void {
  const needed: readonly string[] = source === DISCOUNT_SEARCH_SOURCE ? [DISCOUNT_TOOL_READ] : MARKETPLACE_BROWSE_CAPABILITY_KEYS;
  if (!needed.some((key) => caller.capabilities.has(key))) throw forbidden(refusalMessage(needed));
}

/**
 * The search set of some options for a caller: the base the source gives, the status list and the filters, and
 * the buyer they name (AvailableServicesForAccount and the discount source), if any.
 */
async function searchSet(
  db: Queryable,
  v: Viewing,
  options: SearchOptions,
  text = options.DisplayName,
): Promise<repo.SearchSet & { buyerPath?: string; discountAccount?: LocatedAccount }> {
  requireSourceCapability(v.caller, options.Source.Type);
  if (options.MarketplaceId !== null) await requireOwnedList(db, v, options.MarketplaceId);
  let buyer: LocatedAccount | undefined;
  const base = await baseOf(db, v, options.Source, (account) => {
    buyer = account;
  });
  const buyerPath = buyer?.path;
  const discountAccount = options.Source.Type === DISCOUNT_SEARCH_SOURCE ? buyer : undefined;
  const statusListId = options.MarketplaceId ?? (options.Source.Type === 'Marketplace' ? options.Source.Value : null);
  return {
    base,
    buyerPath,
    discountAccount,
    statusListId,
    filters: {
      text: text.trim(),
      ownerIds: options.OwnerAccountIds,
      categories: options.ServiceCategories,
      tags: options.ServiceTags,
      excludeAdded: options.ExcludeAdded,
      excludeHidden: options.ExcludeHidden,
      createdSince: options.ShowNewOnly ? newSince(v.now) : null,
    },
  };
}

/** The services a page prices: what a price list's rules match on (decision 0033). */
interface PricedRow {
  id: number;
  owner_account_id: number;
  category: string | null;
}

/**
 * The buyer's currency and, per service id, the price list that prices the buyer (the rule of domains/price-lists):
 * the account at `buyerPath` (an account's Available services [A2.14]), by default the viewer's organisation; null
 * when the viewer may not see prices. `priceLists`: the rows of `priceListPricingSql` a search page's statement
 * answered for `buyerPath`; without them `loadPriceListsFor` reads them (one statement).
 */
async function pricing(
  db: Queryable,
  v: Viewing,
  rows: readonly PricedRow[],
  buyerPath = v.caller.scope.rootPath,
  priceLists?: readonly PriceListPricingRow[],
) {
  if (!v.caller.capabilities.has(SEE_PRICES)) return null;
  // The viewer's own organisation's currency comes from the path already read for the search.
  const currency =
    buyerPath === v.caller.scope.rootPath
      ? currencyOfPathAccounts(await callerPathAccounts(db, v))
      : await customerCurrency(db, buyerPath);
  const services = rows.map((r) => ({ serviceId: r.id, ownerAccountId: r.owner_account_id, category: r.category }));
  const found = priceLists
    ? pricingOfChosenRows(priceLists, services)
    : await loadPriceListsFor(
        db,
        services.map((s) => ({ ...s, accountPath: buyerPath })),
      );
  const lists = new Map<number, PriceListPricing>();
  for (const r of rows) {
    const list = found.get(`${buyerPath}|${r.id}`);
    if (list) lists.set(r.id, list);
  }
  return { currency, lists };
}

function toSearchService(row: Omit<repo.SearchRow, 'total'>, billing: string | null): SearchService {
  return {
    Id: row.id,
    ServiceName: row.service_name,
    DisplayName: row.display_name,
    Status: row.status,
    Billing: billing,
    Owner: { OwnerId: row.owner_account_id, OwnerName: row.owner_name },
    IsTcAccepted: row.is_tc_accepted,
    ServiceCategoryName: row.category,
    ServiceCategoryDisplayName: row.category_display_name,
    OwnerAccountId: row.owner_account_id,
    OwnerAccountName: row.owner_name,
    OwnerProfileIcon: row.owner_icon,
    Tags: row.tags,
    Ranking: row.ranking,
    ModifyDate: row.updated_at.toISOString(),
    CreateDate: row.created_at.toISOString(),
    Icon: row.icon,
    ShortDescription: row.short_description,
  };
}

/** [M7.9] One page of the services the caller may see that match the options, with the total. */
export async function searchServices(
  db: Queryable,
  v: Viewing,
  input: { options: SearchOptions; orderBy: SearchOrderBy; page: number; limit: number },
): Promise<SearchServicesOutput> {
  const set = await searchSet(db, v, input.options);
  const offset = (input.page - 1) * input.limit;
  const { rootId, rootPath } = v.caller.scope;
  // The page statement also answers what pricing needs: the viewer's path accounts (its currency) and, for the
  // page's services, the price list that prices each for the buyer with what it charges, so pricing the viewer's own
  // page needs no other statement.
  const seesPrices = v.caller.capabilities.has(SEE_PRICES);
  const priceForViewer = seesPrices && set.buyerPath === undefined;
  const askPath = (priceForViewer || set.base.kind === 'visibleTo') && !pathAccountsByCall.has(v);
  const page = { offset, limit: input.limit };
  const { rows, total, pathAccounts, priceLists } = await repo.searchPage(db, set, input.orderBy, page, rootId, {
    pathAccountsOf: askPath ? rootPath : undefined,
    priceListsFor: seesPrices ? (set.buyerPath ?? rootPath) : undefined,
    pricing: seesPrices,
  });
  if (askPath) {
    // The caller's organisation is gone (a signed-in caller's never is): the same 404 its lookup gave.
    if (!pathAccounts?.some((a) => a.id === rootId)) throw notFound('Account');
    pathAccountsByCall.set(v, Promise.resolve(pathAccounts));
  }
  // An account's Available services are priced for that account [A2.14], the rest for the viewer's organisation.
  const prices = await pricing(db, v, rows, set.buyerPath, priceLists);
  const services = rows.map((row) => {
    if (!prices) return toSearchService(row, null);
    const billing = keptBillingText(
      billingTexts,
      {
        serviceId: row.id,
        storedRules: row.rules,
        storedFields: row.fields,
        currency: prices.currency,
        priceList: prices.lists.get(row.id) ?? null,
      },
      parseStoredPricing,
    );
    return toSearchService(row, billing);
  });
  if (set.discountAccount) {
    // [A3.8] The discount source: each fee's purchase and custom price, and the account's discount on it.
    const details = await discountSearchDetails(
      db,
      v.caller,
      set.discountAccount,
      rows.map((r) => r.service_name),
      v.now,
    );
    for (const s of services) {
      const found = details.get(s.ServiceName.toLowerCase());
      s.DiscountBilling = found?.billing ?? [];
      s.ActiveDiscountId = found?.activeDiscountId ?? null;
    }
  }
  return { Services: services, Total: total, Page: input.page, Limit: input.limit };
}

/** [M7.16] The categories, vendors and tags of the matching services, with counts. */
export async function searchMetadata(db: Queryable, v: Viewing, options: SearchOptions): Promise<SearchServicesMetadata> {
  const m = await repo.searchMetadata(db, await searchSet(db, v, options));
  return {
    Total: m.total,
    Categories: m.categories.map((c) => ({
      ServiceCategoryName: c.name,
      ServiceCategoryDisplayName: c.display_name,
      Count: c.count,
    })),
    Vendors: m.vendors.map((o) => ({
      OwnerAccountId: o.owner_account_id,
      OwnerAccountName: o.owner_name,
      OwnerProfileIcon: o.owner_icon,
      Count: o.count,
    })),
    Tags: m.tags.map((t) => ({ TagValue: t.tag, Count: t.count })),
  };
}

/** [M9.7] Up to 5 services, the vendor owning most matches, and matching tags. */
export async function autocomplete(
  db: Queryable,
  v: Viewing,
  input: { Text: string; options: SearchOptions },
): Promise<{ Entries: AutocompleteEntry[] }> {
  const set = await searchSet(db, v, input.options, input.Text);
  const { services, vendor, tags } = await repo.autocomplete(db, set, input.Text.trim(), {
    services: AUTOCOMPLETE_SERVICES,
    tags: AUTOCOMPLETE_TAGS,
  });
  return {
    Entries: [
      ...services.map(
        (s): AutocompleteEntry => ({
          Type: 'Service',
          Id: s.id,
          ServiceName: s.service_name,
          DisplayName: s.display_name,
          Icon: s.icon,
        }),
      ),
      ...(vendor
        ? [
            {
              Type: 'Vendor',
              OwnerAccountId: vendor.owner_account_id,
              OwnerAccountName: vendor.owner_name,
              OwnerProfileIcon: vendor.owner_icon,
            } satisfies AutocompleteEntry,
          ]
        : []),
      ...tags.map((TagValue): AutocompleteEntry => ({ Type: 'Tag', TagValue })),
    ],
  };
}

/**
 * [M7.16] A service the caller may browse (or that its organisation owns), by id or name; another
 * tenant's or a missing one is the same 404.
 */
export async function getServiceInfo(
  db: Queryable,
  v: Viewing,
  input: GetServiceInfoInput,
  subscription?: { path: string },
): Promise<ServiceInfo> {
  const key = 'Id' in input ? { id: input.Id } : { serviceName: input.ServiceName };
  const companyId = v.caller.scope.rootId;
  const filters = repo.NO_FILTERS;
  const visible: repo.BaseSet = subscription ? { kind: 'all' } : visibleBase(v);
  const row =
    (await repo.findInfo(db, { base: visible, statusListId: null, filters }, key, companyId)) ??
    (await repo.findInfo(
      db,
      { base: { kind: 'ownedIn', path: v.caller.scope.rootPath }, statusListId: null, filters },
      key,
      companyId,
    ));
  if (!row) throw notFound('Service');
  const definition = row.definition ?? {};
  const descriptions = pickDescriptions(await repo.listDescriptions(db, row.id), row.default_language);
  const prices = await pricing(db, v, [row], subscription?.path);
  let price: ServiceInfo['Price'] = null;
  if (prices) {
    const priceList = prices.lists.get(row.id) ?? null;
    const result = basePrice({
      rules: RulesSchema.parse(row.rules ?? []),
      fields: FieldsSchema.parse(row.fields ?? []),
      currency: prices.currency,
      priceList,
    });
    price = result.ok
      ? {
          Currency: result.currency,
          PriceListName: result.priceList?.name ?? null,
          Lines: result.lines.map((l) => ({
            ChargeType: l.chargeType,
            Condition: l.condition ? `${l.condition.fieldDisplayName}: ${l.condition.value}` : null,
            UnitField: l.unitField?.fieldDisplayName ?? null,
            UnitPrice: l.sellingUnitPrice,
            AdvanceMonths: l.advanceMonths,
          })),
          MonthlyTotal: result.monthly.selling,
          SetupTotal: result.setup.selling,
        }
      : { Currency: prices.currency, PriceListName: null, Lines: [], MonthlyTotal: null, SetupTotal: null };
  }
  return {
    Id: row.id,
    ServiceName: row.service_name,
    DisplayName: row.display_name,
    ShortDescription: row.short_description,
    Icon: row.icon,
    Status: row.status,
    Category:
      row.category && row.category_display_name
        ? { ServiceCategoryName: row.category, ServiceCategoryDisplayName: row.category_display_name }
        : null,
    Tags: row.tags,
    Owner: { OwnerId: row.owner_account_id, OwnerName: row.owner_name },
    OwnerProfileIcon: row.owner_icon,
    Descriptions: descriptions.map((d) => ({
      Type: d.description_type,
      Title: d.title,
      Content: d.content,
      LocalizationLanguageCode: d.language_code,
    })),
    Screenshots: FilesSchema.parse(definition.Screenshots ?? []),
    Downloads: FilesSchema.parse(definition.Downloads ?? []),
    ServiceVideos: VideosSchema.parse(definition.ServiceVideos ?? []),
    PriceProtectionLengthInDays: wholeDays(definition.PriceProtectionLengthInDays),
    MinimumContractPeriodInDays: wholeDays(definition.MinimumContractPeriodInDays),
    IsTcAccepted: row.is_tc_accepted,
    CreateDate: row.created_at.toISOString(),
    ModifyDate: row.updated_at.toISOString(),
    Price: price,
  };
}

/**
 * [A2.13] The Service info tab of a subscription (Product account) the caller may read: its service, whatever
 * price list reaches the caller, priced for the subscription's customer.
 */
export async function getSubscriptionServiceInfo(db: Queryable, v: Viewing, account: LocatedAccount): Promise<ServiceInfo> {
  if (account.type !== 'Product') throw notFound('Service');
  const productName = await repo.findProductName(db, account.id);
  if (!productName) throw notFound('Service');
  return getServiceInfo(db, v, { ServiceName: productName }, { path: account.path });
}

/**
 * The price lists a caller may search with Source Marketplace, by name (the sales quote builder's price templates,
 * decision 0050): the provider every list; anyone else the lists its organisation owns and those reaching it. The
 * same rule `sourceBase` applies to one list.
 */
export async function listSearchableMarketplaces(
  db: Queryable,
  caller: Caller,
): Promise<{ id: number; name: string; owner_name: string }[]> {
  const v: Viewing = { caller, now: new Date() };
  const { kind, ancestorIds } = await organisationOf(db, v);
  const ids =
    kind === 'provider'
      ? null
      : [
          ...new Set([
            ...(await repo.listOwnedMarketplaceIds(db, caller.scope.rootPath)),
            ...(await repo.listReachingMarketplaceIds(db, caller.scope.rootId, ancestorIds)),
          ]),
        ];
  return repo.listMarketplaceNames(db, ids);
}

/**
 * Decision 0054: the header's global search asks for the services the caller may browse (Source Global, the
 * autocomplete's statement and order: best ranked first); null when the caller may not browse the marketplace.
 */
export async function findBrowsableServices(
  db: Queryable,
  v: Viewing,
  text: string,
  limit: number,
): Promise<{ id: number; service_name: string; display_name: string }[] | null> {
  if (!MARKETPLACE_BROWSE_CAPABILITY_KEYS.some((key) => v.caller.capabilities.has(key))) return null;
  const set = await searchSet(db, v, SearchOptionsSchema.parse({}), text);
  const { services } = await repo.autocomplete(db, set, text.trim(), { services: limit, tags: 0 });
  return services;
}
