/**
 * Server-run reports (docs/decisions/0056-server-reports.md), on PGlite, or on PostgreSQL when DATABASE_URL is set (a
 * scratch database, dropped afterwards; e.g. `scripts/with-postgres.sh npx tsx --expose-gc bench/reports.ts --size 1000000`):
 *
 * - a report run end to end (ExecuteReport's work and the report.execute job: computation through the owning domain,
 *   rows kept, chart, average time) over the demo tenant plus `--size` generated accounts and `--orders` past orders,
 *   as a ratio to the same aggregate SQL run directly (target <= 5x);
 * - the export of a 100,000-row run (the report.export job: rows read in chunks, streaming writer, job file) as a ratio
 *   to a raw exceljs streaming write of the same rows held in memory (target <= 1.2x), with the heap growth of each.
 *
 *   npx tsx --expose-gc bench/reports.ts [--size 20000] [--orders 100000] [--iterations 5] [--export-rounds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { REPORT_EXPORT_ROW_CAP, type ReportRow } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.js';
import { xlsxValuesOf } from '../apps/server/src/domains/reports/server-reports.job.js';
import * as runs from '../apps/server/src/domains/reports/server-reports.repository.js';
import {
  executeServerReport,
  findServerReportByName,
  startReportExport,
} from '../apps/server/src/domains/reports/server-reports.service.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { localDiskStorage } from '../apps/server/src/platform/files/index.js';
import type { Caller } from '../apps/server/src/platform/operations/types.js';
import type { XlsxCell } from '../apps/server/src/platform/spreadsheets/xlsx-writer.js';
import { pathUpperBound } from '../apps/server/src/platform/tenancy/scope.js';
import { seedDemo, seedLargeHierarchy } from '../apps/server/src/seed/demo-seed.js';
import { benchSecrets, openBenchDb } from './fixture.js';
import { formatMs, formatRatio, measure, median, peakHeapGrowth, table } from './measure.js';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    orders: { type: 'string', default: String(REPORT_EXPORT_ROW_CAP) },
    iterations: { type: 'string', default: '5' },
    'export-rounds': { type: 'string', default: '3' },
  },
  strict: true,
});
const SIZE = Math.max(100, Number(args.size));
const ORDERS = Math.max(1000, Math.min(REPORT_EXPORT_ROW_CAP, Number(args.orders)));
const ITERATIONS = Math.max(1, Number(args.iterations));
const EXPORT_ROUNDS = Math.max(1, Number(args['export-rounds']));
const log = (line: string) => process.stderr.write(`${line}\n`);
/** The process's CPU time since `from` (every thread: zlib runs on libuv's pool), ms: a loaded machine stretches it less than wall time. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The same workbook as the export writes (the same typed cells), from rows already in memory. */
async function rawStreamingWrite(headers: string[], rows: Record<string, XlsxCell>[]): Promise<number> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report');
  sheet.columns = headers.map((h, i) => ({ key: `c${i}`, header: h, width: 20 }));
  for (const values of rows) sheet.addRow(values).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks).length;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-reports-'));
  const filesDir = join(dir, 'files');
  const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const bench = await openBenchDb(backend);
  const db = bench.db;
  log(`Database: ${bench.location}`);
  try {
    await migrate(db, MIGRATIONS_DIR);
    const app = await buildApp({ secrets: benchSecrets, db, webDist: null, filesDir, backgroundJobs: false });
    log(`Seeding the demo tenant with ${ORDERS} past orders, and ${SIZE} generated accounts`);
    await seedDemo(db, { storage: localDiskStorage(filesDir), orderHistory: ORDERS });
    let reported = 0;
    await seedLargeHierarchy(db, SIZE, (accounts) => {
      if (accounts - reported >= 100_000) {
        reported = accounts;
        log(`  ${accounts} accounts`);
      }
    });
    const [provider] = await db.query<{ id: number; path: string }>(
      "SELECT id, path FROM accounts WHERE account_type = 'Provider'",
    );
    const [admin] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE username = 'provider.admin'");
    if (!provider || !admin) throw new Error('the demo seed has no provider admin');
    const caller: Caller = {
      userId: admin.id,
      username: 'provider.admin',
      displayName: 'Provider admin',
      sessionId: 'bench',
      impersonatorId: null,
      impersonatorDisplayName: null,
      scope: { rootId: provider.id, rootPath: provider.path, rootType: 'Provider', rootDisplayName: 'Provider' },
      capabilities: new Set(['ORDER_MANAGEMENT_READ', 'PRODUCT_ACCOUNT_READ', 'FIELDS_CREDITLIMIT_READ']),
    };
    const range = [provider.path, pathUpperBound(provider.path)];
    const runReport = async (name: string, parameters: Record<string, string>) => {
      const report = await findServerReportByName(db, name);
      if (!report) throw new Error(`no report ${name}`);
      await db.transaction((tx) => executeServerReport(tx, caller, report, { parameters, flag: true }, new Date()));
      await app.jobs.runDue({});
      const run = await runs.findUserRun(db, admin.id, report.id);
      if (run?.status !== 'loaded') throw new Error(`${name} did not load: ${run?.error}`);
      return run;
    };
    const cases: { report: string; parameters: Record<string, string>; sql: string }[] = [
      {
        report: 'OrdersByStatus',
        parameters: { From: '2000-01-01' },
        sql: `SELECT o.status, count(*)::int, sum(o.quantity)::text FROM orders o JOIN accounts p ON p.id = o.account_id
               WHERE p.path >= $1 AND p.path < $2 AND o.placed_at >= '2000-01-01' GROUP BY 1 ORDER BY 1`,
      },
      {
        report: 'SubscriptionsByServiceAndVendor',
        parameters: {},
        sql: `SELECT product_name, state, count(*)::int FROM accounts
               WHERE account_type = 'Product' AND path >= $1 AND path < $2 GROUP BY 1, 2 ORDER BY 1, 2`,
      },
      {
        report: 'CreditExposure',
        parameters: {},
        sql: `SELECT a.id, r.credit_limit FROM accounts a
                JOIN LATERAL (SELECT credit_limit FROM credit_limit_records WHERE account_id = a.id ORDER BY id DESC LIMIT 1) r ON true
               WHERE a.path >= $1 AND a.path < $2 AND a.account_type IN ('Company', 'Reseller')`,
      },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const report = await measure(c.report, () => runReport(c.report, c.parameters), {
        iterations: ITERATIONS,
        warmup: 1,
        maxMs: 30_000,
      });
      const direct = await measure(`${c.report} SQL`, () => db.query(c.sql, range), { iterations: ITERATIONS, warmup: 1 });
      rows.push([
        c.report,
        formatMs(report.median),
        formatMs(direct.median),
        formatRatio(report.median / direct.median),
        '<= 5x',
      ]);
    }
    console.log(`\nA report run end to end vs its aggregate SQL (demo + ${SIZE} accounts, ${ORDERS} past orders, ${backend})\n`);
    console.log(table(['report', 'run (median)', 'direct SQL', 'ratio', 'target'], rows));

    // The export of a run of ORDERS rows ('Orders by Date' over the history's year).
    log(`Running 'Orders by Date' over 2023 (${ORDERS} rows)`);
    const started = performance.now();
    const run = await runReport('OrdersByDate', { From: '2023-01-01', To: '2023-12-31' });
    const computeMs = performance.now() - started;
    // The baseline's rows are read and typed as the export types them (numbers, dates) before its clock starts (it only
    // writes), and dropped after it: the export job does not run with 100,000 foreign rows on the heap, which would make
    // each of its garbage collections mark them.
    const typedCells = async () => {
      const held = await db.query<{ cells: ReportRow }>('SELECT cells FROM report_run_rows WHERE run_id = $1 ORDER BY row_no', [
        run.id,
      ]);
      const valuesOf = xlsxValuesOf(run.columns);
      return held.map((r) => valuesOf(r.cells));
    };
    const headers = run.columns.map((c) => c.CellName);
    const exportOnce = async () => {
      let ms = 0;
      const c0 = process.cpuUsage();
      const heap = await peakHeapGrowth(async () => {
        const t0 = performance.now();
        await db.transaction((tx) => startReportExport(tx, caller, { name: 'OrdersByDate' }));
        await app.jobs.runDue({});
        ms = performance.now() - t0;
      });
      const [job] = await db.query<{ status: string }>(
        "SELECT status FROM jobs WHERE type = 'report.export' ORDER BY created_at DESC LIMIT 1",
      );
      if (job?.status !== 'succeeded') throw new Error(`the export job ended ${job?.status}`);
      return { ms, heap, cpu: cpuMs(c0) };
    };
    const rawOnce = async () => {
      let ms = 0;
      const cells = await typedCells();
      const c0 = process.cpuUsage();
      const heap = await peakHeapGrowth(async () => {
        const t0 = performance.now();
        await rawStreamingWrite(headers, cells);
        ms = performance.now() - t0;
      });
      return { ms, heap, cpu: cpuMs(c0) };
    };
    // Export and raw write alternate (each goes first every other round), so that load on a shared machine hits both.
    const exports: { ms: number; heap: number; cpu: number }[] = [];
    const raws: { ms: number; heap: number; cpu: number }[] = [];
    for (let i = 0; i < EXPORT_ROUNDS; i++) {
      if (i % 2 === 0) {
        exports.push(await exportOnce());
        raws.push(await rawOnce());
      } else {
        raws.push(await rawOnce());
        exports.push(await exportOnce());
      }
      log(
        `export round ${i + 1}: job ${formatMs(exports[i]?.ms ?? 0)} (CPU ${formatMs(exports[i]?.cpu ?? 0)}), raw ${formatMs(raws[i]?.ms ?? 0)} (CPU ${formatMs(raws[i]?.cpu ?? 0)})`,
      );
    }
    const exportMs = median(exports.map((e) => e.ms));
    const rawMs = median(raws.map((r) => r.ms));
    const exportHeap = median(exports.map((e) => e.heap));
    const rawHeap = median(raws.map((r) => r.heap));
    const exportCpu = median(exports.map((e) => e.cpu));
    const rawCpu = median(raws.map((r) => r.cpu));
    console.log(
      `\nExport of ${run.totalRows} rows (${backend}; the run itself took ${formatMs(computeMs)}), median of ${EXPORT_ROUNDS} alternating rounds\n`,
    );
    console.log(
      table(
        ['what', 'time', 'heap growth', 'ratio to raw', 'target', 'CPU', 'CPU ratio'],
        [
          [
            'report.export job',
            formatMs(exportMs),
            mib(exportHeap),
            formatRatio(exportMs / rawMs),
            '<= 1.2x',
            formatMs(exportCpu),
            formatRatio(exportCpu / rawCpu),
          ],
          ['raw exceljs streaming write (rows in memory)', formatMs(rawMs), mib(rawHeap), '1.00x', '', formatMs(rawCpu), '1.00x'],
        ],
      ),
    );
    await app.close();
  } finally {
    await bench.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
