/**
 * Sales quotes and the quotation tool (decision 0050). A quote belongs to the organisation of its author (the
 * caller's scope root); that organisation's users change it; the organisations above it read it as a customer
 * quote; anyone else gets 404. Prices only through the one pricing rule: a quote with a customer is priced as that
 * customer pays (loadCustomerPricing: its price list, its discounts, its currency), one without from the price
 * template's own prices in the owner organisation's currency.
 */
import {
  addDaysIso,
  type DiscountPricing,
  type FieldError,
  isQuoteExpired,
  type MarketService,
  type PriceListPricing,
  priceSubscription,
  QUOTE_VALIDITY_DAYS,
  type Quote,
  type QuoteLine,
  type QuoteListInput,
  type QuotePricing,
  type QuoteRevisionSummary,
  type SalesQuote,
  type SalesQuoteHeader,
  type SalesQuoteValue,
  type SettableQuoteStatus,
  toMsDate,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import * as accounts from '../accounts/index.js';
import {
  customerCurrenciesOf,
  customerCurrency,
  findActiveServices,
  loadPricingSources,
  type PricingSource,
} from '../catalogue/index.js';
import { listSearchableMarketplaces } from '../marketplace-search/index.js';
import { addedServiceIds, loadCustomerPricing, loadPriceListPricing } from '../price-lists/index.js';
import * as repo from './quotes.repository.js';
import {
  allowedTransitions,
  checkQuoteLines,
  decideStatusChange,
  normaliseLines,
  type PricedLine,
  priceQuoteLine,
  type QuotedService,
  type QuoteLineIn,
  quoteTotals,
  statusAfterSave,
  yearlyCharge,
} from './quotes.rules.js';

const SALESQUOTE_UPDATE = 'SALESQUOTE_UPDATE';
const QUOTATION_TOOL_UPDATE = 'QUOTATION_TOOL_UPDATE';
const PRODUCT_CREATE = 'PRODUCT_ACCOUNT_CREATE';

// ---------------------------------------------------------------------------------------------
// Price templates, customers, services
// ---------------------------------------------------------------------------------------------

/** [M3.5] The price lists the caller may quote from. */
export async function priceTemplates(db: Queryable, caller: Caller) {
  const lists = await listSearchableMarketplaces(db, caller);
  return { Items: lists.map((l) => ({ Id: l.id, Name: l.name, OwnerName: l.owner_name })) };
}

/** A price template the caller may quote from, by id; else a field error named `field` (a missing one looks the same). */
async function requireTemplate(db: Queryable, caller: Caller, id: number, field: string): Promise<{ id: number; name: string }> {
  const list = (await listSearchableMarketplaces(db, caller)).find((l) => l.id === id);
  if (!list) throw validationFailed([{ field, message: 'Choose a price list you may quote from' }]);
  return { id: list.id, name: list.name };
}

/** A customer company inside the caller's scope (not terminated); else a field error named `field`. */
async function requireCustomer(db: Queryable, caller: Caller, id: number, field: string): Promise<accounts.AccountRow> {
  const row = await accounts.findById(db, id);
  if (!row || !isInScope(caller.scope.rootPath, row.path) || row.account_type !== 'Company' || row.state === 'Terminated') {
    throw validationFailed([{ field, message: 'Choose a customer company of your organisation' }]);
  }
  return row;
}

export async function quoteCustomers(db: Queryable, caller: Caller, input: { search: string }) {
  const rows = await accounts.searchInScope(db, caller.scope.rootPath, input.search, ['Company'], 50);
  const currencies = await customerCurrenciesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    Items: rows.map((r) => ({ AccountId: r.id, DisplayName: r.display_name, Currency: currencies.get(r.id) as string })),
  };
}

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

export interface PricedQuote {
  template: { id: number; name: string };
  currency: string;
  sources: Map<string, PricingSource>;
  /** The services of the template (Added), by lower-case name. */
  services: Map<string, QuotedService>;
  priced: PricedLine[];
  /** The price list and discount a service is priced with for this quote (the customer's, or the template's). */
  priceListOf(productName: string): PriceListPricing | null;
  discountOf(productName: string): DiscountPricing | null;
}

/**
 * Prices lines for a quote: the template must be one the caller quotes from; a line's service must be Added to it.
 * Lines of unknown services are left unpriced (the line checks name them).
 */
async function priceQuote(
  db: Queryable,
  caller: Caller,
  p: { templateId: number; templateField: string; customer: accounts.AccountRow | null; lines: readonly QuoteLineIn[] },
  now: Date,
): Promise<PricedQuote> {
  const template = await requireTemplate(db, caller, p.templateId, p.templateField);
  const names = p.lines.map((l) => l.ProductName);
  const currency = await customerCurrency(db, p.customer?.path ?? caller.scope.rootPath);
  const customerPricing = p.customer
    ? await loadCustomerPricing(
        db,
        names.map((n) => ({ accountPath: (p.customer as accounts.AccountRow).path, productName: n })),
        now,
      )
    : null;
  const sources = customerPricing?.sources ?? (await loadPricingSources(db, names));
  const identities = [...sources.values()].map((s) => ({
    serviceId: s.serviceId,
    ownerAccountId: s.ownerAccountId,
    category: s.category,
  }));
  // With a customer the customer's own price lists price the lines: the template only says what may be quoted.
  const listed = customerPricing ? null : await loadPriceListPricing(db, template.id, identities);
  const added = customerPricing
    ? await addedServiceIds(
        db,
        template.id,
        identities.map((s) => s.serviceId),
      )
    : new Set(listed?.pricing.keys() ?? []);
  const services = new Map<string, QuotedService>();
  for (const [key, s] of sources) {
    if (added.has(s.serviceId)) services.set(key, { displayName: s.displayName, fields: s.fields });
  }
  const customerPath = p.customer?.path ?? null;
  const priceListOf = (productName: string): PriceListPricing | null => {
    if (customerPricing && customerPath) return customerPricing.priceListFor(customerPath, productName);
    const source = sources.get(productName.toLowerCase());
    return source ? (listed?.pricing.get(source.serviceId) ?? null) : null;
  };
  const discountOf = (productName: string): DiscountPricing | null =>
    customerPricing && customerPath ? customerPricing.discountFor(customerPath, productName) : null;
  const priced = p.lines.map((line): PricedLine => {
    const key = line.ProductName.toLowerCase();
    const source = sources.get(key);
    if (!source || !services.has(key)) return { prices: emptyPrices('Not in the price list'), feeLines: [] };
    return priceQuoteLine({
      rules: source.rules,
      fields: source.fields,
      fieldValues: line.Fields,
      amount: line.Amount,
      currency,
      priceList: priceListOf(line.ProductName),
      discount: discountOf(line.ProductName),
    });
  });
  return { template, currency, sources, services, priced, priceListOf, discountOf };
}

function pricingOut(q: PricedQuote, lines: readonly QuoteLineIn[]): QuotePricing {
  const totals = quoteTotals(q.priced, q.currency);
  return {
    Currency: q.currency,
    Lines: lines.map((l, i) => ({ ProductName: l.ProductName, ...(q.priced[i]?.prices ?? emptyPrices('Not priced')) })),
    ...totals,
  };
}

const emptyPrices = (error: string) => ({
  MonthlyPrice: null,
  SetupPrice: null,
  MonthlyTotal: null,
  SetupTotal: null,
  Error: error,
});

/** PriceSalesQuote: the lines' prices and totals, as the order would cost. */
export async function priceSalesQuote(
  db: Queryable,
  caller: Caller,
  input: { PriceTemplateId: number; CustomerId: number | null; NumberOfUsers: number; Products: QuoteLineIn[] },
  now: Date,
): Promise<QuotePricing> {
  const customer = input.CustomerId === null ? null : await requireCustomer(db, caller, input.CustomerId, 'CustomerId');
  const lines = normaliseLines(input.Products, input.NumberOfUsers);
  const q = await priceQuote(
    db,
    caller,
    { templateId: input.PriceTemplateId, templateField: 'PriceTemplateId', customer, lines },
    now,
  );
  const errors = checkQuoteLines(lines, input.NumberOfUsers, q.services, 'Products');
  if (errors.length) throw validationFailed(errors);
  return pricingOut(q, lines);
}

/** [M7.7] [M3.3] LoadCheckedMarketServices: the template's services by name, their fields, priced fees and dependencies. */
export async function checkedMarketServices(
  db: Queryable,
  caller: Caller,
  input: { priceList: number; serviceNames: string[]; customerId: number | null },
  now: Date,
): Promise<{ Currency: string; Services: MarketService[] }> {
  const customer = input.customerId === null ? null : await requireCustomer(db, caller, input.customerId, 'customerId');
  const names = [...new Map(input.serviceNames.map((n) => [n.trim().toLowerCase(), n.trim()])).values()];
  const probe = names.map((n) => ({
    ProductName: n,
    ProductDisplayName: '',
    Amount: 1,
    Fields: [],
    IsSyncWithUserAmount: false,
  }));
  const q = await priceQuote(
    db,
    caller,
    { templateId: input.priceList, templateField: 'priceList', customer, lines: probe },
    now,
  );
  const out: MarketService[] = [];
  // An add-on sits under a Product (not orderable on its own) and still shows its icon and dependencies.
  const catalogue = await findActiveServices(
    db,
    names.filter((n) => q.services.has(n.toLowerCase())),
  );
  for (const name of names) {
    const source = q.sources.get(name.toLowerCase());
    if (!source || !q.services.has(name.toLowerCase())) continue;
    const orderable = catalogue.get(name.toLowerCase());
    const fields = source.fields.filter((f) => f.FieldType === 'Combobox' || f.FieldType === 'Numeric');
    out.push({
      ServiceName: source.serviceName,
      ProductName: source.serviceName,
      DisplayName: source.displayName,
      Icon: orderable?.icon ?? null,
      Amount: 1,
      IsUserProduct: orderable?.parents.includes('User') ?? false,
      Fields: fields.map((f) => ({
        Id: f.Id,
        DisplayName: f.DisplayName,
        FieldType: f.FieldType as 'Combobox' | 'Numeric',
        Value:
          f.FieldType === 'Combobox'
            ? (f.AvailableValues[0]?.Value ?? '')
            : f.PlaceholderDefaultValue || (f.MinValue !== null ? String(f.MinValue) : ''),
        AvailableValues: f.AvailableValues.map((v) => ({ Value: v.Value })),
        PlaceholderDefaultValue: f.PlaceholderDefaultValue,
        MinValue: f.MinValue,
        MaxValue: f.MaxValue,
      })),
      ChargeRules: chargeRules(source, q),
      Dependencies: orderable?.dependencies ?? [],
    });
  }
  return { Currency: q.currency, Services: out };
}

/** [M3.4] A service's enabled fees with their selling unit price in the quote's currency (the one pricing rule). */
function chargeRules(source: PricingSource, q: PricedQuote) {
  return source.rules
    .filter((r) => r.enabled)
    .map((r) => {
      const one = priceSubscription({
        rules: [{ ...r, Condition: null, UdrcField: null }],
        fields: source.fields,
        values: {},
        quantity: 1,
        currency: q.currency,
        priceList: q.priceListOf(source.serviceName),
        discount: q.discountOf(source.serviceName),
      });
      const line = one.ok ? one.lines[0] : undefined;
      return {
        ChargeAmount: line?.sellingUnitPrice ?? null,
        ChargeType: r.ChargeType === 'Monthly' ? ('Monthly' as const) : ('Subscription' as const),
        FieldName: r.Condition?.FieldId ?? null,
        FieldTestValue: r.Condition?.Value ?? null,
        IsUDRCField: r.UdrcField !== null,
        UDRCFieldName: r.UdrcField,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Loading and saving
// ---------------------------------------------------------------------------------------------

/** A quote the caller may see (its organisation's or one below it); else 404 as if it did not exist. */
export async function requireVisibleQuote(db: Queryable, caller: Caller, id: number, forUpdate = false): Promise<repo.QuoteRow> {
  const row = await repo.findQuote(db, id, forUpdate);
  if (!row || !isInScope(caller.scope.rootPath, row.owner_path)) throw notFound('Quote');
  return row;
}

const isOwner = (caller: Caller, row: repo.QuoteRow) => row.owner_account_id === caller.scope.rootId;

function revisionSummary(r: Omit<repo.RevisionRow, 'lines' | 'charges'>): QuoteRevisionSummary {
  return {
    RevisionNumber: r.revision,
    Author: r.author_id,
    AuthorName: r.author_name,
    CreatedAt: r.created_at.toISOString(),
    TotalRC: r.total_rc,
    TotalNRC: r.total_nrc,
  };
}

function salesHeader(row: repo.QuoteRow, rev: Omit<repo.RevisionRow, 'lines' | 'charges'> | null): SalesQuoteHeader {
  return {
    Id: row.id,
    Name: rev?.name ?? row.name,
    CompanyName: rev?.company_name ?? row.company_name,
    Author: rev?.author_id ?? row.author_id,
    AuthorName: rev?.author_name ?? row.author_name,
    CreateDate: toMsDate(row.created_at),
    ModifyDate: toMsDate(rev?.created_at ?? row.updated_at),
    NumberOfUsers: rev?.number_of_users ?? row.number_of_users,
    RevisionNumber: rev?.revision ?? row.latest_revision,
    Status: row.status,
    TotalNRC: rev ? rev.total_nrc : row.total_nrc,
    TotalRC: rev ? rev.total_rc : row.total_rc,
    PriceTemplateId: rev ? rev.marketplace_id : row.marketplace_id,
    PricetemplateName: rev?.price_template_name ?? row.price_template_name,
    Currency: rev?.currency ?? row.currency,
    CustomerId: rev ? rev.customer_account_id : row.customer_account_id,
    ValidUntil: rev?.valid_until ?? row.valid_until,
  };
}

export async function listSalesQuotes(db: Queryable, caller: Caller, input: { page: number; pageSize: number; search: string }) {
  const { rows, total } = await repo.listQuotes(db, {
    kind: 'builder',
    rootId: caller.scope.rootId,
    rootPath: caller.scope.rootPath,
    search: input.search,
    groupId: null,
    sortKey: 'ModifyDate',
    direction: 'DESC',
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { Items: rows.map((r) => salesHeader(r, null)), Total: total, Page: input.page, PageSize: input.pageSize };
}

/** [M2.6] LoadSalesQuote: a quote at a revision (the latest when null); older revisions stay readable. */
export async function loadSalesQuote(
  db: Queryable,
  caller: Caller,
  input: { id: number; revision: number | null },
): Promise<SalesQuote> {
  const row = await requireVisibleQuote(db, caller, input.id);
  const number = input.revision ?? row.latest_revision;
  const rev = await repo.findRevision(db, row.id, number);
  if (!rev)
    throw new DomainError('NOT_FOUND', 'Revision not found', [
      { field: 'revision', message: `The quote has no revision ${number}` },
    ]);
  const revisions = await repo.listRevisions(db, [row.id]);
  return {
    ...salesHeader(row, rev),
    Products: rev.lines,
    LatestRevisionNumber: row.latest_revision,
    Revisions: revisions.map(revisionSummary),
    Charges: rev.charges,
    CanEdit: isOwner(caller, row) && caller.capabilities.has(SALESQUOTE_UPDATE) && !row.archived,
    Archived: row.archived,
  };
}

/**
 * [M4.2] SaveSalesQuote: a new quote (revision 1) or a new revision over the latest one. Saving over a revision that
 * is no longer the latest answers 409 CONFLICT: two people editing revision 1 never overwrite each other.
 */
export async function saveSalesQuote(db: Queryable, caller: Caller, quote: SalesQuoteValue, now: Date) {
  const customer = quote.CustomerId === null ? null : await requireCustomer(db, caller, quote.CustomerId, 'quote.CustomerId');
  const lines = normaliseLines(quote.Products, quote.NumberOfUsers);
  const q = await priceQuote(
    db,
    caller,
    { templateId: quote.PriceTemplateId, templateField: 'quote.PriceTemplateId', customer, lines },
    now,
  );
  const errors: FieldError[] = checkQuoteLines(lines, quote.NumberOfUsers, q.services, 'quote.Products');
  if (errors.length) throw validationFailed(errors);
  const totals = quoteTotals(q.priced, q.currency);
  const saved: QuoteLine[] = lines.map((l, i) => ({
    ProductName: q.sources.get(l.ProductName.toLowerCase())?.serviceName ?? l.ProductName,
    ProductDisplayName: l.ProductDisplayName || (q.sources.get(l.ProductName.toLowerCase())?.displayName ?? l.ProductName),
    Amount: l.Amount,
    Fields: l.Fields,
    IsSyncWithUserAmount: l.IsSyncWithUserAmount,
    NRCDiscount: 0,
    RCDiscount: 0,
    ...(q.priced[i]?.prices ?? emptyPrices('Not priced')),
  }));
  const write: repo.QuoteWrite = {
    companyName: quote.CompanyName,
    name: quote.Name,
    numberOfUsers: quote.NumberOfUsers,
    customerId: customer?.id ?? null,
    marketplaceId: q.template.id,
    priceTemplateName: q.template.name,
    currency: q.currency,
    validUntil: quote.ValidUntil ?? addDaysIso(now, QUOTE_VALIDITY_DAYS),
    lines: saved,
    totalRc: totals.TotalRC,
    totalNrc: totals.TotalNRC,
    charges: totals.Charges,
  };
  if (quote.Id === null) {
    const id = await repo.insertQuote(db, {
      ...write,
      ownerId: caller.scope.rootId,
      authorId: caller.userId,
      status: 'draft',
      now,
    });
    await repo.insertRevision(db, { ...write, quoteId: id, revision: 1, authorId: caller.userId, now });
    return { Id: id, RevisionNumber: 1 };
  }
  const row = await requireVisibleQuote(db, caller, quote.Id, true);
  if (!isOwner(caller, row)) throw forbidden("Only the quote's own organisation saves it");
  if (row.archived) throw new DomainError('CONFLICT', 'An archived quote is read-only; restore it from the archive first');
  if (quote.RevisionNumber === null) {
    throw validationFailed([{ field: 'quote.RevisionNumber', message: 'Send the revision you edited' }]);
  }
  if (quote.RevisionNumber !== row.latest_revision) {
    throw new DomainError(
      'CONFLICT',
      `Someone saved revision ${row.latest_revision} after the revision ${quote.RevisionNumber} you edited; load revision ${row.latest_revision} and make your changes there`,
      [{ field: 'quote.RevisionNumber', message: `Revision ${row.latest_revision} is the latest` }],
      { LatestRevisionNumber: row.latest_revision },
    );
  }
  const revision = row.latest_revision + 1;
  const validUntil =
    quote.ValidUntil ?? (isQuoteExpired(row.valid_until, now) ? addDaysIso(now, QUOTE_VALIDITY_DAYS) : row.valid_until);
  const next = { ...write, validUntil };
  if (!(await repo.advanceQuote(db, { ...next, id: row.id, revision, status: statusAfterSave(row.status), now }))) {
    throw new DomainError('CONFLICT', 'Someone saved the quote at the same time; load the latest revision');
  }
  await repo.insertRevision(db, { ...next, quoteId: row.id, revision, authorId: caller.userId, now });
  return { Id: row.id, RevisionNumber: revision };
}

// ---------------------------------------------------------------------------------------------
// The quotation tool
// ---------------------------------------------------------------------------------------------

function toQuote(caller: Caller, row: repo.QuoteRow, revisions: Omit<repo.RevisionRow, 'lines' | 'charges'>[], now: Date): Quote {
  const own = isOwner(caller, row);
  const facts = { status: row.status, archived: row.archived, isOwner: own, validUntil: row.valid_until, now };
  return {
    Id: row.id,
    Name: row.name,
    Customer: { Name: row.customer_name ?? row.company_name },
    CustomerId: row.customer_account_id,
    CompanyName: row.company_name,
    Status: row.status,
    CreateDate: row.created_at.toISOString(),
    ModifyDate: row.updated_at.toISOString(),
    EstimatedApprovalDate: row.approved_at ? row.approved_at.toISOString().slice(0, 10) : row.valid_until,
    YearlyChargeAmount: yearlyCharge(row.total_rc),
    Currency: row.currency,
    IsProductMigration: false,
    ResellerName: row.owner_name,
    OwnerAccountId: row.owner_account_id,
    AuthorName: row.author_name,
    NumberOfUsers: row.number_of_users,
    PriceTemplateId: row.marketplace_id,
    PricetemplateName: row.price_template_name,
    LatestRevisionNumber: row.latest_revision,
    TotalRC: row.total_rc,
    TotalNRC: row.total_nrc,
    ValidUntil: row.valid_until,
    GroupId: row.group_id,
    GroupName: row.group_name,
    Archived: row.archived,
    Version: row.version,
    AllowedTransitions: caller.capabilities.has(QUOTATION_TOOL_UPDATE) ? allowedTransitions(facts) : [],
    CanOrder:
      own &&
      !row.archived &&
      row.customer_account_id !== null &&
      (row.status === 'approved' || row.status === 'active') &&
      !isQuoteExpired(row.valid_until, now) &&
      caller.capabilities.has(QUOTATION_TOOL_UPDATE) &&
      caller.capabilities.has(PRODUCT_CREATE),
    IsOwn: own,
    OrderNumbers: row.order_numbers,
    Quotes: revisions.filter((r) => r.quote_id === row.id).map(revisionSummary),
  };
}

export async function listQuotes(
  db: Queryable,
  caller: Caller,
  kind: 'own' | 'customers' | 'archive',
  input: Required<Omit<QuoteListInput, 'sort'>> & { sort: { Key: string; Direction: 'ASC' | 'DESC' } },
  now: Date,
) {
  const { rows, total } = await repo.listQuotes(db, {
    kind,
    rootId: caller.scope.rootId,
    rootPath: caller.scope.rootPath,
    search: input.search,
    groupId: input.groupId,
    sortKey: input.sort.Key,
    direction: input.sort.Direction,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  const revisions = await repo.listRevisions(
    db,
    rows.map((r) => r.id),
  );
  return { Items: rows.map((r) => toQuote(caller, r, revisions, now)), Total: total, Page: input.page, PageSize: input.pageSize };
}

export async function loadQuote(db: Queryable, caller: Caller, id: number, now: Date) {
  const row = await requireVisibleQuote(db, caller, id);
  const [revisions, latest] = await Promise.all([
    repo.listRevisions(db, [row.id]),
    repo.findRevision(db, row.id, row.latest_revision),
  ]);
  return { ...toQuote(caller, row, revisions, now), Products: latest?.lines ?? [], Charges: latest?.charges ?? null };
}

/** Quotes of the caller's organisation among ids; any other id answers 404 and nothing changes. */
async function requireOwnQuotes(db: Queryable, caller: Caller, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const owned = await repo.ownedIds(db, caller.scope.rootId, unique);
  if (owned.length !== unique.length) throw notFound('Quote');
  return unique;
}

/** DeleteQuote: for good, with every revision (decision 0050). */
export async function deleteQuotes(db: Queryable, caller: Caller, ids: readonly number[]) {
  const own = await requireOwnQuotes(db, caller, ids);
  await repo.deleteQuotes(db, own);
  return { Deleted: own };
}

export async function archiveQuotes(db: Queryable, caller: Caller, ids: readonly number[], archived: boolean, now: Date) {
  const own = await requireOwnQuotes(db, caller, ids);
  await repo.setArchived(db, own, archived, now);
  return { Updated: own };
}

/** [M4.25] SetQuoteStatus along QUOTE_TRANSITIONS (decision 0050). */
export async function setQuoteStatus(
  db: Queryable,
  caller: Caller,
  input: { id: number; status: SettableQuoteStatus; version: number; validUntil: string | null },
  now: Date,
) {
  const row = await requireVisibleQuote(db, caller, input.id, true);
  const decision = decideStatusChange({
    status: row.status,
    to: input.status,
    archived: row.archived,
    isOwner: isOwner(caller, row),
    validUntil: row.valid_until,
    now,
  });
  if (!decision.ok) {
    if (!isOwner(caller, row)) throw forbidden(decision.message);
    throw validationFailed([{ field: 'status', message: decision.message }], decision.message);
  }
  const today = now.toISOString().slice(0, 10);
  if (input.validUntil !== null && input.validUntil < today) {
    throw validationFailed([{ field: 'validUntil', message: 'The validity date is today or later' }]);
  }
  const renew = row.status === 'expired' || isQuoteExpired(row.valid_until, now);
  const validUntil = input.validUntil ?? (renew ? addDaysIso(now, QUOTE_VALIDITY_DAYS) : undefined);
  const done = await repo.setStatus(db, {
    id: row.id,
    version: input.version,
    status: input.status,
    ...(validUntil ? { validUntil } : {}),
    approvedBy: input.status === 'approved' ? caller.userId : null,
    now,
  });
  if (!done) {
    throw new DomainError('CONFLICT', 'The quote changed since you loaded it; reload it and try again', [
      { field: 'version', message: `The quote is at version ${row.version}` },
    ]);
  }
  const after = await requireVisibleQuote(db, caller, row.id);
  return { before: row.status, quote: toQuote(caller, after, await repo.listRevisions(db, [row.id]), now) };
}

// Groups

function toGroup(g: repo.GroupRow) {
  return { Id: g.id, Name: g.name, QuoteCount: g.quote_count, Version: g.version, CreateDate: g.created_at.toISOString() };
}

export async function listGroups(db: Queryable, caller: Caller) {
  return { Items: (await repo.listGroups(db, caller.scope.rootId)).map(toGroup) };
}

async function requireOwnGroup(db: Queryable, caller: Caller, id: number): Promise<repo.GroupRow> {
  const g = await repo.findGroup(db, id);
  if (!g || g.owner_account_id !== caller.scope.rootId) throw notFound('Project');
  return g;
}

async function requireFreeName(db: Queryable, caller: Caller, name: string, exceptId: number | null) {
  if (await repo.groupNameTaken(db, caller.scope.rootId, name, exceptId)) {
    throw validationFailed([{ field: 'Name', message: 'A project with this name exists already' }]);
  }
}

export async function createGroup(db: Queryable, caller: Caller, name: string, now: Date) {
  await requireFreeName(db, caller, name, null);
  const id = await repo.insertGroup(db, caller.scope.rootId, name, now);
  return toGroup(await requireOwnGroup(db, caller, id));
}

export async function renameGroup(db: Queryable, caller: Caller, input: { id: number; Name: string; version: number }) {
  const g = await requireOwnGroup(db, caller, input.id);
  await requireFreeName(db, caller, input.Name, g.id);
  if (!(await repo.renameGroup(db, g.id, input.version, input.Name))) {
    throw new DomainError('CONFLICT', 'The project changed since you loaded it; reload it and try again', [
      { field: 'version', message: `The project is at version ${g.version}` },
    ]);
  }
  return toGroup(await requireOwnGroup(db, caller, g.id));
}

export async function deleteGroup(db: Queryable, caller: Caller, id: number, now: Date) {
  const g = await requireOwnGroup(db, caller, id);
  return { Id: g.id, QuotesUngrouped: await repo.deleteGroup(db, g.id, now) };
}

export async function setQuotesGroup(db: Queryable, caller: Caller, ids: readonly number[], groupId: number | null, now: Date) {
  if (groupId !== null) await requireOwnGroup(db, caller, groupId);
  const own = await requireOwnQuotes(db, caller, ids);
  await repo.setGroup(db, own, groupId, now);
  return { Updated: own };
}

export { priceQuote, requireCustomer };
