import { priceKey } from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import { JobFailure, type JobHandler, progressOf, succeedWithWorkbook } from '../../platform/jobs/index.js';
import { XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
import { PRICE_SHEET, WORKBOOK_COLUMNS } from './excel.rules.js';
import {
  MARKETPLACE_PRICES_EXPORT_JOB,
  MY_SERVICES_PRICES_EXPORT_JOB,
  type PriceExportPayload,
  toServiceFilter,
} from './excel.service.js';
import * as repo from './prices.repository.js';
import { feeCurrencies, ownPricesOf, storedFeeRules } from './prices.rules.js';

/**
 * Prices are written as numbers so Excel computes with them. A price keeps at most 6 decimals and 17
 * digits before the point, which a double holds to the digit that matters once read back to 6 decimals.
 */
const asCellNumber = (price: string | null) => (price === null ? null : Number(price));

/** Services read and written per chunk, between which requests get their turn. */
const CHUNK = 200;

const safeName = (name: string) =>
  [...name]
    .map((c) => ((c.codePointAt(0) ?? 0) < 0x20 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'prices';

/**
 * [M3.14] [M7.11] [M7.14] Writes the prices of a price list, or the suggested retail prices of "my
 * services", one row per fee and currency, with exceljs's streaming writer, in chunks of services.
 */
function priceExportHandler(type: string, deps: { storage: FileStorage }): JobHandler<PriceExportPayload> {
  return {
    type,
    async run(ctx) {
      const p = ctx.job.payload;
      const createdBy = ctx.job.createdBy;
      if (createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const filter = toServiceFilter(p.filter);
      let title: string;
      let total: number;
      if (p.kind === 'marketplace') {
        const list = p.marketplaceId === null ? null : await repo.findListForExport(ctx.db, p.marketplaceId);
        if (!list) throw new JobFailure('The price list no longer exists');
        title = `Prices - ${list.name}`;
        total = list.services;
      } else {
        if (!p.scopePath) throw new JobFailure('An export of your services needs your organisation');
        title = 'Suggested retail prices';
        total = 0;
      }
      // The claim shows the job running at 0 %; the first progress is written after the first page, then at most every
      // half second (issue 12: no statement on the server's own thread for a 0 % the claim already shows).
      const writer = new XlsxStreamWriter({ sheetName: PRICE_SHEET, columns: WORKBOOK_COLUMNS[p.kind], creator: 'Cloud portal' });
      // A page of services with their fees and (a price list) their own prices, in one statement.
      const readChunk = (afterId: number) =>
        repo.listExportServices(ctx.db, {
          ...(p.kind === 'marketplace' ? { marketplaceId: p.marketplaceId as number } : { scopePath: p.scopePath as string }),
          filter,
          afterId,
          limit: CHUNK,
        });
      let next: Promise<repo.ExportPage> | null = readChunk(0);
      let done = 0;
      while (next) {
        const { services, own }: repo.ExportPage = await next;
        const last = services.at(-1);
        if (!last) break;
        // The next chunk is read while this one is written (on PostgreSQL the server answers it meanwhile), so at
        // most two chunks are held. A short page, or every service of the list passed, is the last one.
        const more: boolean = services.length === CHUNK && !(total > 0 && done + services.length >= total);
        next = more ? readChunk(last.id) : null;
        // Handled when awaited; if this chunk's writing fails first, its failure is the job's, not an unhandled one.
        next?.catch(() => undefined);
        for (const row of services) {
          const ownPrices = ownPricesOf(own, row.id);
          // The fees as the catalogue stored them, without a schema pass per rule (storedFeeRules).
          for (const fee of feeCurrencies({ serviceId: row.id, rules: storedFeeRules(row.fees) }, ownPrices, p.filter.Currency)) {
            const srp = asCellNumber(fee.srp);
            writer.add({
              values: {
                ServiceId: row.id,
                ServiceName: row.display_name,
                PriceableItem: fee.priceableItem,
                Fee: fee.description,
                Currency: fee.currency,
                PurchasePrice: asCellNumber(fee.purchase),
                SuggestedRetailPrice: srp,
                CustomPrice: asCellNumber(ownPrices.get(priceKey(fee.ruleId, fee.currency)) ?? null),
                Charge: srp,
              },
            });
          }
        }
        done += services.length;
        await ctx.progress(
          total > 0 ? progressOf(done, total, 95) : Math.min(90, done),
          `Exported the prices of ${done} services`,
        );
        await ctx.pause();
      }
      await succeedWithWorkbook(ctx, deps.storage, {
        data: await writer.finish(),
        fileName: `${safeName(`${title} - ${ctx.now().toISOString().slice(0, 10)}`)}.xlsx`,
        rows: writer.rows,
        createdBy,
        message: `Exported ${writer.rows} prices`,
      });
    },
  };
}

export const marketplacePricesExportJobHandler = (deps: { storage: FileStorage }) =>
  priceExportHandler(MARKETPLACE_PRICES_EXPORT_JOB, deps);
export const myServicesPricesExportJobHandler = (deps: { storage: FileStorage }) =>
  priceExportHandler(MY_SERVICES_PRICES_EXPORT_JOB, deps);
