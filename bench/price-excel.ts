/**
 * Price workbooks of a price list (apps/server/src/domains/price-lists/PRICES.md), on PGlite, then on PostgreSQL when
 * DATABASE_URL is set (a scratch database, dropped afterwards: `scripts/with-postgres.sh npx tsx bench/price-excel.ts`):
 *
 * - upload preview (GetUpdatedMarketplacePricesFromExcel's work: stream-read, check every row, diff with the
 *   stored prices) of a 10,000-row workbook, as a ratio to a raw exceljs streaming read of the same file;
 * - export (ExportMarketplacePricesToExcel's job: read the list in chunks, write with the streaming writer,
 *   store the file) of 10,000 rows, as a ratio to a raw exceljs streaming write of the same rows.
 *
 *   npx tsx bench/price-excel.ts [--rows 10000] [--iterations 5] [--skip-pglite] [--skip-postgres] [--profile DIR]
 *
 * --profile DIR: after the measurements, CPU profiles (in-process `node:inspector`) of `--iterations` previews, raw
 * reads, exports and raw writes, one file each: DIR/<backend>-<what>.cpuprofile.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.js';
import { insertAccount } from '../apps/server/src/domains/accounts/index.js';
import { WORKBOOK_COLUMNS } from '../apps/server/src/domains/price-lists/excel.rules.js';
import { previewMarketplaceUpload, startMarketplaceExport } from '../apps/server/src/domains/price-lists/excel.service.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { insertStoredFile, localDiskStorage } from '../apps/server/src/platform/files/index.js';
import type { Caller } from '../apps/server/src/platform/operations/types.js';
import { type Backend, benchSecrets, openBenchDb } from './fixture.js';
import { formatMs, formatRatio, median, peakHeapGrowth, table } from './measure.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '5' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
  strict: true,
});
const ROWS = Math.max(100, Number(args.rows));
const ITERATIONS = Math.max(1, Number(args.iterations));
const RULES = 5;
const CURRENCIES = ['EUR', 'USD'];
const SERVICES = Math.ceil(ROWS / (RULES * CURRENCIES.length));
const log = (line: string) => process.stderr.write(`${line}\n`);

async function rawStreamingRead(data: Buffer): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      if (Array.isArray(row.values)) rows++;
    }
    break;
  }
  return rows;
}

async function rawStreamingWrite(rows: Record<string, unknown>[]): Promise<number> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Prices');
  sheet.columns = WORKBOOK_COLUMNS.marketplace.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  for (const r of rows) sheet.addRow(r).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks).length;
}

/**
 * Medians of `a` and `b` run in turn (after one warm-up run each), each going first every other round, so that load
 * on a shared machine hits both alike: wall time, and the process's CPU time (every thread: zlib runs on libuv's
 * pool), which a loaded machine stretches less.
 */
async function measurePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[{ median: number; cpu: number }, { median: number; cpu: number }]> {
  const time = async (fn: () => Promise<unknown>, into: { wall: number[]; cpu: number[] }) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    into.wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    into.cpu.push((c.user + c.system) / 1000);
  };
  await a();
  await b();
  const as = { wall: [] as number[], cpu: [] as number[] };
  const bs = { wall: [] as number[], cpu: [] as number[] };
  for (let i = 0; i < ITERATIONS; i++) {
    if (i % 2 === 0) {
      await time(a, as);
      await time(b, bs);
    } else {
      await time(b, bs);
      await time(a, as);
    }
  }
  return [
    { median: median(as.wall), cpu: median(as.cpu) },
    { median: median(bs.wall), cpu: median(bs.cpu) },
  ];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function runBackend(backend: Backend) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-prices-'));
  const filesDir = join(dir, 'files');
  const bench = await openBenchDb(backend);
  const db = bench.db;
  const name = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
  log(`== ${name}: ${bench.location} ==`);
  try {
    await migrate(db, MIGRATIONS_DIR);
    const app = await buildApp({ secrets: benchSecrets, db, webDist: null, filesDir, backgroundJobs: false });
    const storage = localDiskStorage(filesDir);
    log(
      `Generating a price list of ${SERVICES} services x ${RULES} fees x ${CURRENCIES.length} currencies (${SERVICES * RULES * CURRENCIES.length} rows)`,
    );
    const provider = await insertAccount(db, {
      type: 'Provider',
      parentId: null,
      displayName: 'Bench provider',
      currency: 'EUR',
    });
    const vendor = await insertAccount(db, { type: 'Company', parentId: provider, displayName: 'Bench vendor', currency: 'EUR' });
    const user = await insertAccount(db, {
      type: 'User',
      parentId: provider,
      displayName: 'Bench user',
      username: 'bench.prices',
    });
    const [{ path } = { path: '' }] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [provider]);
    const [list] = await db.query<{ id: number }>(
      "INSERT INTO marketplaces (owner_account_id, name) VALUES ($1, 'Bench prices') RETURNING id",
      [provider],
    );
    const listId = list?.id as number;
    for (let s = 0; s < SERVICES; s++) {
      const rules = Array.from({ length: RULES }, (_, r) => ({
        Id: `rule-${s}-${r}`,
        PriceableItemId: `PI-${s}-${r}`,
        ChargeType: 'Monthly',
        Charge: '5',
        SuggestedRetailPrices: CURRENCIES.map((c) => ({ Id: null, Currency: c, Charge: `${10 + r}.5` })),
      }));
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO services (service_name, display_name, owner_account_id, state, definition, category)
         VALUES ($1, $1, $2, 'Active', $3::jsonb, 'Backup') RETURNING id`,
        [`Bench service ${s}`, vendor, JSON.stringify({ BillingRules: rules })],
      );
      await db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [listId, row?.id]);
      await db.query(
        `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price)
         SELECT $1, $2, r, 'EUR', 9.75 FROM unnest($3::text[]) AS r`,
        [listId, row?.id, rules.map((r) => r.Id)],
      );
    }
    // As autovacuum would soon after a bulk load: the planner sees a list of SERVICES services.
    await db.exec('ANALYZE');
    const caller: Caller = {
      userId: user,
      username: 'bench.prices',
      displayName: 'Bench user',
      sessionId: 'bench',
      impersonatorId: null,
      impersonatorDisplayName: null,
      scope: { rootId: provider, rootPath: path, rootType: 'Provider', rootDisplayName: 'Bench provider' },
      capabilities: new Set(['MARKETPLACE_READ', 'MARKETPLACE_UPDATE']),
    };

    // The exported workbook, with every tenth custom price changed, is the upload.
    const job = await startMarketplaceExport(db, caller, {
      marketplaceId: listId,
      filter: { OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], Currency: null },
    });
    await app.jobs.runDue();
    const [done] = await db.query<{ output_file: string }>('SELECT output_file FROM jobs WHERE id = $1', [job.Id]);
    const exported = new ExcelJS.Workbook();
    const stream = await storage.read(done?.output_file as string);
    const chunks: Buffer[] = [];
    for await (const c of stream as Readable) chunks.push(c as Buffer);
    await exported.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = exported.worksheets[0] as ExcelJS.Worksheet;
    const custom = WORKBOOK_COLUMNS.marketplace.findIndex((c) => c.key === 'CustomPrice') + 1;
    const rowsForWrite: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      if (n % 10 === 0) row.getCell(custom).value = 11.25;
      rowsForWrite.push(
        Object.fromEntries(WORKBOOK_COLUMNS.marketplace.map((c, i) => [c.key, (row.values as unknown[])[i + 1] ?? null])),
      );
    });
    const upload = Buffer.from(await exported.xlsx.writeBuffer());
    const uploadName = `${'b'.repeat(32)}.xlsx`;
    await storage.write(uploadName, upload);
    await insertStoredFile(db, {
      name: uploadName,
      original_name: 'prices.xlsx',
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size_bytes: upload.length,
      uploaded_by: user,
    });
    log(`Workbook: ${rowsForWrite.length} rows, ${(upload.length / 1024).toFixed(0)} KiB`);

    let changes = 0;
    const previewOnce = async () => {
      const res = await previewMarketplaceUpload(db, storage, caller, {
        fileUrl: uploadName,
        marketplaceId: listId,
        log: app.log,
      });
      changes = res.Changes.length;
    };
    const exportOnce = async () => {
      await startMarketplaceExport(db, caller, {
        marketplaceId: listId,
        filter: { OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], Currency: null },
      });
      await app.jobs.runDue();
    };
    const loadStart = loadavg()[0] as number;
    const [preview, rawRead] = await measurePair(previewOnce, () => rawStreamingRead(upload));
    const [exportRun, rawWrite] = await measurePair(exportOnce, () => rawStreamingWrite(rowsForWrite));
    // Memory: the heap growth of one preview and one export against the raw read and write of the same rows.
    const heap = {
      preview: await peakHeapGrowth(() =>
        previewMarketplaceUpload(db, storage, caller, { fileUrl: uploadName, marketplaceId: listId, log: app.log }),
      ),
      rawRead: await peakHeapGrowth(() => rawStreamingRead(upload)),
      export: await peakHeapGrowth(async () => {
        await startMarketplaceExport(db, caller, {
          marketplaceId: listId,
          filter: { OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], Currency: null },
        });
        await app.jobs.runDue();
      }),
      rawWrite: await peakHeapGrowth(() => rawStreamingWrite(rowsForWrite)),
    };

    const loadEnd = loadavg()[0] as number;
    if (args.profile) {
      mkdirSync(args.profile, { recursive: true });
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      const lines: [string, () => Promise<unknown>][] = [
        ['preview', previewOnce],
        ['raw-read', () => rawStreamingRead(upload)],
        ['export', exportOnce],
        ['raw-write', () => rawStreamingWrite(rowsForWrite)],
      ];
      for (const [what, fn] of lines) {
        await session.post('Profiler.start');
        for (let i = 0; i < ITERATIONS; i++) await fn();
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(join(args.profile, `${backend}-${what}.cpuprofile`), JSON.stringify(profile));
      }
      session.disconnect();
      log(`CPU profiles of ${ITERATIONS} runs each in ${args.profile}`);
    }
    console.log(
      `\nPrice workbooks, ${name}, ${rowsForWrite.length} rows (${changes} changed in the upload), median of ${ITERATIONS} alternating runs, load average ${loadStart.toFixed(1)} -> ${loadEnd.toFixed(1)}\n`,
    );
    console.log(
      table(
        ['what', 'median', 'floor', 'floor median', 'ratio', 'CPU', 'floor CPU', 'CPU ratio'],
        [
          [
            'upload preview (read, check, diff)',
            formatMs(preview.median),
            'exceljs streaming read',
            formatMs(rawRead.median),
            formatRatio(preview.median / rawRead.median),
            formatMs(preview.cpu),
            formatMs(rawRead.cpu),
            formatRatio(preview.cpu / rawRead.cpu),
          ],
          [
            'export job (read list, write, store)',
            formatMs(exportRun.median),
            'exceljs streaming write',
            formatMs(rawWrite.median),
            formatRatio(exportRun.median / rawWrite.median),
            formatMs(exportRun.cpu),
            formatMs(rawWrite.cpu),
            formatRatio(exportRun.cpu / rawWrite.cpu),
          ],
        ],
      ),
    );
    console.log(
      `\nPeak heap growth (sampled every 2 ms${(globalThis as { gc?: unknown }).gc ? ', after a full collection' : '; run with node --expose-gc for a steadier start'}); workbook ${mib(upload.length)}\n`,
    );
    console.log(
      table(
        ['what', 'peak heap growth', 'floor', 'floor growth'],
        [
          ['upload preview', mib(heap.preview), 'exceljs streaming read', mib(heap.rawRead)],
          ['export job', mib(heap.export), 'exceljs streaming write', mib(heap.rawWrite)],
        ],
      ),
    );
    if (backend === 'postgres') {
      console.log(
        "\nOn PostgreSQL the CPU columns are this process's only: the server's own work runs in its processes, on the other core.",
      );
    }
    await app.close();
  } finally {
    await bench.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args['skip-pglite']) await runBackend('pglite');
  if (!args['skip-postgres'] && process.env.DATABASE_URL) await runBackend('postgres');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
