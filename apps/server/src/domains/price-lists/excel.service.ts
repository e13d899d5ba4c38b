/**
 * Prices by Excel [M3.13] [M3.14] [M4.14] [M7.11]-[M7.14]: exports start a job; an upload (an .xlsx of the
 * caller's own, through /keeper/upload) is read with the streaming reader and answered as its changed rows
 * only; a save writes all the changed prices or none (the operation's one transaction).
 */
import {
  type ExportFilter,
  type Job,
  type MarketplacePriceChange,
  type MyServicesPriceChange,
  PRICE_UPLOAD_MAX_ERRORS,
  PRICE_WORKBOOK_MAX_ROWS,
  type PriceExportFilterOptions,
  priceKey,
  refusalMessage,
  samePrice,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { type FileStorage, findStoredFile } from '../../platform/files/index.js';
import { enqueueJob, loadJob } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { updateSuggestedRetailPrices } from '../catalogue/index.js';
import {
  describeRowErrors,
  diffPrices,
  locateColumns,
  type ParsedPriceRow,
  parsePriceRow,
  priceDiff,
  type RowError,
  type WorkbookKind,
} from './excel.rules.js';
import { readFirstSheet, WorkbookReadError } from './excel.workbook.js';
import * as repo from './prices.repository.js';
import { type FeeRule, ownPricesOf, type PricedRule, priceableItemOf, pricedRules, storedFeeRules } from './prices.rules.js';
import { requireMarketplace, takeVersion, toPricedService } from './prices.service.js';

export const MARKETPLACE_PRICES_EXPORT_JOB = 'exports.marketplace-prices';
export const MY_SERVICES_PRICES_EXPORT_JOB = 'exports.my-services-prices';

export interface PriceExportPayload {
  kind: WorkbookKind;
  marketplaceId: number | null;
  /** "My services": the scope the caller had when it asked (the job runs without a caller). */
  scopePath: string | null;
  filter: ExportFilter;
}

export const READ_FAILED = 'Could not read data from Excel';

/** The size of each read of an uploaded workbook. */
const UPLOAD_READ_BYTES = 1024 * 1024;

/** [M7.14] ExportMarketplacePricesToExcel: queues the export of a price list's prices. */
export async function startMarketplaceExport(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; filter: ExportFilter },
): Promise<Job> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  const payload: PriceExportPayload = { kind: 'marketplace', marketplaceId: list.id, scopePath: null, filter: input.filter };
  const id = await enqueueJob(db, {
    type: MARKETPLACE_PRICES_EXPORT_JOB,
    payload,
    createdBy: caller.userId,
    accountId: list.owner_account_id,
    maxAttempts: 3,
  });
  return loadJob(db, id);
}

/** [M7.11] ExportMyServicesToExcel: queues the export of the suggested retail prices of the caller's services. */
export async function startMyServicesExport(db: Queryable, caller: Caller, input: { filter: ExportFilter }): Promise<Job> {
  const payload: PriceExportPayload = {
    kind: 'myServices',
    marketplaceId: null,
    scopePath: caller.scope.rootPath,
    filter: input.filter,
  };
  const id = await enqueueJob(db, {
    type: MY_SERVICES_PRICES_EXPORT_JOB,
    payload,
    createdBy: caller.userId,
    accountId: caller.scope.rootId,
    maxAttempts: 3,
  });
  return loadJob(db, id);
}

export const toServiceFilter = (f: ExportFilter): repo.ServiceFilter => ({
  ownerIds: f.OwnerAccountIds,
  categories: f.ServiceCategories,
  tags: f.ServiceTags,
});

/**
 * [M3.14] The export filter's choices: the vendors, categories and tags of the list's services (of the
 * caller's own services without a list; that needs MY_SERVICES_UPDATE) and every currency.
 */
export async function exportFilterOptions(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number | null },
): Promise<PriceExportFilterOptions> {
  let services: repo.ListedServiceRow[];
  if (input.marketplaceId === null) {
    if (!caller.capabilities.has('MY_SERVICES_UPDATE')) throw forbidden(refusalMessage(['MY_SERVICES_UPDATE']));
    services = await repo.listScopeServices(db, { scopePath: caller.scope.rootPath });
  } else {
    if (!caller.capabilities.has('MARKETPLACE_READ')) throw forbidden(refusalMessage(['MARKETPLACE_READ']));
    const list = await requireMarketplace(db, caller, input.marketplaceId);
    services = await repo.listListServices(db, { marketplaceId: list.id });
  }
  const ids = services.map((s) => s.id);
  const sorted = (m: Map<string, string>) =>
    [...m].map(([Value, Label]) => ({ Value, Label })).sort((a, b) => a.Label.localeCompare(b.Label));
  const tags = await repo.listTagsOf(db, ids);
  return {
    Vendors: sorted(new Map(services.map((s) => [String(s.owner_account_id), s.owner_name]))),
    Categories: sorted(
      new Map(
        services.filter((s) => s.category).map((s) => [s.category as string, s.category_display_name ?? (s.category as string)]),
      ),
    ),
    Tags: sorted(new Map(tags.map((t) => [t, t]))),
    Currencies: await repo.listCurrencies(db),
  };
}

// --- upload preview --------------------------------------------------------------------------------

function refused(errors: readonly RowError[]): DomainError {
  const first = errors[0];
  return new DomainError(
    'VALIDATION_FAILED',
    `The file was not used: ${errors.length === 1 ? 'a row is' : `${errors.length} rows are`} not right. Nothing was changed.\n${describeRowErrors(errors)}`,
    [{ field: 'fileUrl', message: first ? `Row ${first.Row}, ${first.Column}: ${first.Reason}` : READ_FAILED }],
    { rowErrors: errors },
  );
}

/**
 * Reads an upload's rows, checking each; refuses the file with the rows that are not right. Without `sink` it
 * answers the rows read; with it, each row goes to the function `sink` resolves to (awaited once, after the header
 * row) as it is read, and none is kept (the marketplace preview diffs them as they come, issue 12).
 */
async function readUpload(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  p: {
    fileUrl: string;
    kind: WorkbookKind;
    log: FastifyBaseLogger;
    sink?: Promise<(row: ParsedPriceRow) => void>;
  },
): Promise<ParsedPriceRow[]> {
  const stored = await findStoredFile(db, p.fileUrl);
  // Someone else's upload looks exactly like one that does not exist.
  if (!stored || stored.uploaded_by !== caller.userId) throw notFound('File');
  if (!stored.original_name.toLowerCase().endsWith('.xlsx')) {
    throw validationFailed([{ field: 'fileUrl', message: 'Invalid format: upload one .xlsx file' }]);
  }
  // Reads of 1 MiB: a workbook of 10,000 rows (about 300 KiB) in one read instead of five, each of which waits for a
  // disk thread on a busy machine (issue 12); at most an upload's 10 MiB, one read at a time.
  const stream = await storage.read(stored.name, { chunkBytes: UPLOAD_READ_BYTES });
  if (!stream) throw notFound('File');
  const knownCurrencies = await repo.listCurrencyCodes(db);
  const rows: ParsedPriceRow[] = [];
  let take = (row: ParsedPriceRow) => {
    rows.push(row);
  };
  const errors: RowError[] = [];
  let index: Record<string, number> | null = null;
  let headerSeen = false;
  let sinkFailure: { error: unknown } | null = null;
  try {
    const read = await readFirstSheet(stream, PRICE_WORKBOOK_MAX_ROWS, (row, cells) => {
      if (!headerSeen) {
        headerSeen = true;
        const located = locateColumns(p.kind, cells);
        if (located.ok) index = located.index;
        else errors.push({ Row: row, Column: located.missing.join(', '), Reason: 'The header row lacks these columns' });
        // A failure of what the sink waits for (the database) is not the file's: it is thrown after the reading.
        return p.sink?.then(
          (sink) => {
            take = sink;
          },
          (error: unknown) => {
            sinkFailure = { error };
            take = () => undefined;
          },
        );
      }
      if (!index || errors.length >= PRICE_UPLOAD_MAX_ERRORS) return;
      const parsed = parsePriceRow({ kind: p.kind, row, cells, index, knownCurrencies });
      if (!parsed.ok) {
        for (const e of parsed.errors) {
          // [M8.5] An unexpected currency is logged.
          if (e.Column === 'Currency') p.log.warn({ row, reason: e.Reason }, 'Unexpected currency in a price upload');
        }
        errors.push(...parsed.errors);
      } else if (parsed.value) take(parsed.value);
    });
    if (read.tooMany) {
      errors.push({
        Row: PRICE_WORKBOOK_MAX_ROWS + 2,
        Column: '',
        Reason: `A file holds at most ${PRICE_WORKBOOK_MAX_ROWS} rows`,
      });
    }
  } catch (error) {
    if (!(error instanceof WorkbookReadError)) throw error;
    // [M8.5]
    p.log.warn({ err: error.message }, READ_FAILED);
    throw validationFailed([{ field: 'fileUrl', message: READ_FAILED }], READ_FAILED);
  }
  if (sinkFailure) throw (sinkFailure as { error: unknown }).error;
  if (!headerSeen) throw validationFailed([{ field: 'fileUrl', message: 'The file holds no rows' }], READ_FAILED);
  if (errors.length > 0) throw refused(errors.slice(0, PRICE_UPLOAD_MAX_ERRORS));
  return rows;
}

function requireExcelEditable(list: repo.MarketplaceRow) {
  // [M4.15] [M4.16] Edit all prices is for legacy lists that do not follow the SRP.
  if (list.is_auto_srp_sync_enabled) {
    throw new DomainError('CONFLICT', 'Auto SRP sync is on: this price list sells at the suggested retail prices');
  }
  if (list.pricing_mode === 'dynamic') {
    throw new DomainError('CONFLICT', 'This price list uses dynamic pricing: manage its pricing rules instead');
  }
}

/**
 * The fees of services an upload may price, by service id, then by priceable item (the same fees an export lists),
 * each as `keep` answers it (only what the diff reads of a fee is held while the workbook is read: issue 12), and the
 * services' names. A row's current price is looked up from its fee when the diff asks, not built for every fee and
 * currency beforehand (issue 12).
 */
function feesOf<F>(
  services: readonly { serviceId: number; displayName: string; rules: readonly FeeRule[] }[],
  keep: (rule: PricedRule<FeeRule>) => F,
) {
  const fees = new Map<number, Map<string, F>>();
  const names = new Map<number, string>();
  for (const service of services) {
    const byItem = new Map<string, F>();
    for (const rule of pricedRules(service.rules)) byItem.set(priceableItemOf(rule) ?? rule.Id, keep(rule));
    fees.set(service.serviceId, byItem);
    names.set(service.serviceId, service.displayName);
  }
  return {
    names,
    feeOf: (serviceId: number, priceableItem: string) => fees.get(serviceId)?.get(priceableItem),
  };
}

/** [M7.12] GetUpdatedMarketplacePricesFromExcel: the changed own prices of an uploaded workbook. */
export async function previewMarketplaceUpload(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  input: { fileUrl: string; marketplaceId: number; log: FastifyBaseLogger },
): Promise<{ Version: number; Changes: MarketplacePriceChange[] }> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  requireExcelEditable(list);
  // The list's services and prices load while the workbook is opened (on PostgreSQL the two overlap); its rows are
  // compared as they are read, none kept.
  const stored = Promise.all([repo.listListServiceFees(db, list.id), repo.listOwnPriceMaps(db, list.id)]).then(
    ([services, ownBy]) => {
      // A fee is its rule's id here: the own prices are found by it; the rest of the fee is not held.
      const { names, feeOf } = feesOf(
        services.map((s) => ({ serviceId: s.id, displayName: s.display_name, rules: storedFeeRules(s.fees) })),
        (rule) => rule.Id,
      );
      return priceDiff({
        kind: 'marketplace',
        serviceNames: names,
        feeOf,
        // The list's own price of the row's fee in its currency.
        priceOf: (r, ruleId) => ownPricesOf(ownBy, r.serviceId).get(priceKey(ruleId, r.currency)) ?? null,
      });
    },
  );
  const sink = stored.then((d) => (row: ParsedPriceRow) => d.add(row));
  // Handled when awaited; if the file is refused before its header row is read (not found, not .xlsx), a failure of
  // the list's reads must not go unhandled.
  stored.catch(() => undefined);
  sink.catch(() => undefined);
  await readUpload(db, storage, caller, { fileUrl: input.fileUrl, kind: 'marketplace', log: input.log, sink });
  const diff = (await stored).result();
  if (!diff.ok) throw refused(diff.errors);
  return {
    Version: list.version,
    Changes: diff.changes.map((c) => ({
      ServiceId: c.ServiceId,
      ServiceName: c.ServiceName,
      Currency: c.Currency,
      PriceableItem: c.PriceableItem,
      CustomPrice: c.Price,
      PreviousCustomPrice: c.PreviousPrice,
      PercentChange: c.PercentChange,
    })),
  };
}

/** [M7.12] GetUpdatedMyPricesFromExcel: the changed suggested retail prices of an uploaded workbook. */
export async function previewMyServicesUpload(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  input: { fileUrl: string; log: FastifyBaseLogger },
): Promise<{ Changes: MyServicesPriceChange[] }> {
  const rows = await readUpload(db, storage, caller, { fileUrl: input.fileUrl, kind: 'myServices', log: input.log });
  const ids = [...new Set(rows.map((r) => r.serviceId))];
  const services =
    ids.length === 0 ? [] : await repo.listScopeServices(db, { scopePath: caller.scope.rootPath, serviceIds: ids });
  const { names, feeOf } = feesOf(services.map(toPricedService), (rule) => rule);
  const diff = diffPrices({
    kind: 'myServices',
    rows,
    serviceNames: names,
    feeOf,
    // The suggested retail price of the row's fee in its currency.
    priceOf: (r, rule) => rule.SuggestedRetailPrices.find((p) => p.Currency === r.currency)?.Charge ?? null,
  });
  if (!diff.ok) throw refused(diff.errors);
  return {
    Changes: diff.changes.map((c) => ({
      ServiceId: c.ServiceId,
      ServiceName: c.ServiceName,
      Currency: c.Currency,
      PriceableItem: c.PriceableItem,
      Charge: c.Price as string,
      PreviousCharge: c.PreviousPrice,
      PercentChange: c.PercentChange,
    })),
  };
}

// --- save ----------------------------------------------------------------------------------------

/** Each item's rule id; the fields of items whose service or fee is not there. */
function resolveRules(
  services: readonly repo.ListedServiceRow[],
  items: readonly { ServiceId: number; PriceableItem: string }[],
  currencies: ReadonlySet<string>,
  itemCurrencies: readonly string[],
) {
  const byService = new Map(services.map((s) => [s.id, toPricedService(s)]));
  const errors: { field: string; message: string }[] = [];
  const ruleIds = items.map((item, i) => {
    const service = byService.get(item.ServiceId);
    if (!itemCurrencies[i] || !currencies.has(itemCurrencies[i] as string)) {
      errors.push({
        field: `chargeItems.${i}.Currency`,
        message: `${itemCurrencies[i]} is not a currency prices can be given in`,
      });
    }
    if (!service) {
      errors.push({ field: `chargeItems.${i}.ServiceId`, message: 'This service is not there' });
      return null;
    }
    const rule = pricedRules(service.rules).find((r) => priceableItemOf(r) === item.PriceableItem);
    if (!rule) errors.push({ field: `chargeItems.${i}.PriceableItem`, message: 'This service has no such priceable item' });
    return rule ? { rule, service } : null;
  });
  if (errors.length > 0) throw validationFailed(errors.slice(0, PRICE_UPLOAD_MAX_ERRORS));
  return ruleIds as { rule: ReturnType<typeof pricedRules>[number]; service: ReturnType<typeof toPricedService> }[];
}

/** [M7.13] UpdateMarketplaceServiceCharges: all the previewed own prices, or none. */
export async function saveMarketplaceCharges(
  db: Queryable,
  caller: Caller,
  input: {
    marketplaceId: number;
    version: number;
    chargeItems: { ServiceId: number; PriceableItem: string; Currency: string; CustomPrice: string | null }[];
  },
): Promise<{ Version: number; Updated: number }> {
  const list = await requireMarketplace(db, caller, input.marketplaceId);
  requireExcelEditable(list);
  const ids = [...new Set(input.chargeItems.map((c) => c.ServiceId))];
  const services = await repo.listListServices(db, { marketplaceId: list.id, serviceIds: ids });
  const resolved = resolveRules(
    services,
    input.chargeItems,
    await repo.listCurrencyCodes(db),
    input.chargeItems.map((c) => c.Currency),
  );
  const version = await takeVersion(db, caller, list, input.version);
  await repo.writeOwnPrices(
    db,
    list.id,
    caller.userId,
    input.chargeItems.map((c, i) => ({
      serviceId: c.ServiceId,
      ruleId: resolved[i]?.rule.Id as string,
      currency: c.Currency,
      price: c.CustomPrice,
    })),
  );
  return { Version: version, Updated: input.chargeItems.length };
}

/**
 * [M7.13] [M6.4] UpdateMyServicesSRPFromExcel: all the previewed suggested retail prices, or none; 409 with
 * the current prices when one changed since the preview.
 */
export async function saveMyServicesCharges(
  db: Queryable,
  caller: Caller,
  input: {
    chargeItems: { ServiceId: number; PriceableItem: string; Currency: string; Charge: string; PreviousCharge: string | null }[];
  },
): Promise<{ Updated: number }> {
  const ids = [...new Set(input.chargeItems.map((c) => c.ServiceId))];
  const services = await repo.listScopeServices(db, { scopePath: caller.scope.rootPath, serviceIds: ids });
  const resolved = resolveRules(
    services,
    input.chargeItems,
    await repo.listCurrencyCodes(db),
    input.chargeItems.map((c) => c.Currency),
  );
  const stale = input.chargeItems.flatMap((c, i) => {
    const rule = resolved[i]?.rule;
    const now = rule?.SuggestedRetailPrices.find((s) => s.Currency === c.Currency)?.Charge ?? null;
    return samePrice(now, c.PreviousCharge)
      ? []
      : [{ ServiceId: c.ServiceId, PriceableItem: c.PriceableItem, Currency: c.Currency, Charge: now }];
  });
  if (stale.length > 0) {
    throw new DomainError(
      'CONFLICT',
      'Some suggested retail prices were changed since the file was read; upload the file again',
      [{ field: 'chargeItems', message: 'Some prices were changed since the preview' }],
      { current: stale },
    );
  }
  const byService = new Map<number, { ruleId: string; currency: string; charge: string }[]>();
  input.chargeItems.forEach((c, i) => {
    const list = byService.get(c.ServiceId) ?? [];
    list.push({ ruleId: resolved[i]?.rule.Id as string, currency: c.Currency, charge: c.Charge });
    byService.set(c.ServiceId, list);
  });
  for (const [serviceId, changes] of byService) {
    if (!(await updateSuggestedRetailPrices(db, { serviceId, changes, actorId: caller.userId }))) throw notFound('Service');
  }
  return { Updated: input.chargeItems.length };
}
