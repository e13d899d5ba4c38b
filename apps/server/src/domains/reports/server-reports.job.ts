/**
 * The jobs of the server reports (decision 0056), run by the one job runner: report.execute computes a run's rows,
 * keeps them chunk by chunk with its chart and updates the report's average time; report.export streams a loaded
 * run into an .xlsx with exceljs's streaming writer.
 */
import { performance } from 'node:perf_hooks';
import { REPORT_EXPORT_ROW_CAP, type ReportColumn, type ReportRow } from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import { JobFailure, type JobHandler, progressOf, succeedWithWorkbook } from '../../platform/jobs/index.js';
import { type XlsxCell, type XlsxColumn, XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
import { findById as findAccount } from '../accounts/index.js';
import { COMPUTATIONS } from './server-reports.computations.js';
import * as repo from './server-reports.repository.js';
import { ChartAccumulator, nextAverage } from './server-reports.rules.js';
import { REPORT_EXECUTE_JOB_TYPE, REPORT_EXPORT_JOB_TYPE } from './server-reports.service.js';

/** Runs a server report for the run its payload names; a run replaced meanwhile is left alone. */
export function reportExecuteJobHandler(): JobHandler<{ runId: string }> {
  return {
    type: REPORT_EXECUTE_JOB_TYPE,
    async run(ctx) {
      const run = await repo.findRun(ctx.db, ctx.job.payload.runId);
      if (!run || run.jobId !== ctx.job.id) return { Replaced: true };
      const report = await repo.findServerReport(ctx.db, run.reportId);
      if (!report) throw new JobFailure('The report no longer exists');
      const computation = COMPUTATIONS[report.computation];
      if (!computation) throw new JobFailure(`The report "${report.name}" cannot be run: its computation is not known`);
      const scope = await findAccount(ctx.db, run.scopeAccountId);
      if (!scope) throw new JobFailure('The organisation the report was run for no longer exists');
      const started = performance.now();
      // A retry after a crash starts the rows again.
      await repo.clearRows(ctx.db, run.id);
      await ctx.progress(0, `Running ${report.name}`);
      const chart = new ChartAccumulator(computation.chart);
      let total = 0;
      for await (const chunk of computation.rows({
        db: ctx.db,
        rootPath: scope.path,
        parameters: run.parameters,
        parts: run.parts,
        now: ctx.now(),
      })) {
        await repo.insertRows(ctx.db, run.id, total + 1, chunk);
        chart.add(chunk);
        total += chunk.length;
        const elapsed = performance.now() - started;
        await ctx.progress(progressOf(elapsed, Math.max(run.expectedMs, elapsed * 1.1), 95), `Computed ${total} rows`);
        await ctx.pause();
      }
      const executionMs = Math.max(1, Math.round(performance.now() - started));
      await ctx.db.transaction(async (tx) => {
        const kept = await repo.finishRun(tx, {
          id: run.id,
          jobId: ctx.job.id,
          loadedAt: ctx.now(),
          executionMs,
          totalRows: total,
          columns: computation.columns,
          chart: chart.result(),
        });
        if (kept) await repo.recordExecutionTime(tx, report.id, (avg, runs) => nextAverage(avg, runs, executionMs));
        await ctx.succeedIn(tx, { TotalRows: total, ExecutionMs: executionMs }, { message: `${total} rows` });
      });
    },
    async onGiveUp(db, job, error) {
      const run = await repo.findRun(db, job.payload.runId);
      if (!run || run.jobId !== job.id) return;
      // [M8.11] The job's message is written for the user (a JobFailure's, or the runner's generic one).
      await repo.failRun(db, { id: run.id, jobId: job.id, error, executionMs: null });
    },
  };
}

/** Rows of a run read and written per chunk of the export. */
const EXPORT_CHUNK = 5000;

const xlsxColumns = (columns: readonly ReportColumn[]): XlsxColumn[] =>
  columns.map((c, i) => ({ key: `c${i}`, header: c.CellName, width: c.CellType === 'String' ? 30 : 18 }));

/** A cell's value for the workbook by its column's type: numbers as numbers, DateTime as a date, the rest as text. */
const CELL_OF: Record<ReportColumn['CellType'], (cell: NonNullable<ReportRow[number]>) => XlsxCell> = {
  Int32: Number,
  Decimal: Number,
  DateTime: (cell) => new Date(String(cell)),
  String,
};

/**
 * A workbook row's values (keyed `c0`, `c1`, ... as xlsxColumns names them) from a kept row, each cell typed by
 * CELL_OF; the column types are looked up once per export, not once per cell.
 */
export function xlsxValuesOf(columns: readonly ReportColumn[]): (row: ReportRow) => Record<string, XlsxCell> {
  const cellOf = columns.map((c) => CELL_OF[c.CellType]);
  const keys = columns.map((_, i) => `c${i}`);
  return (row) => {
    const values: Record<string, XlsxCell> = {};
    for (let i = 0; i < keys.length; i++) {
      const cell = row[i] ?? null;
      values[keys[i] as string] = cell === null ? null : (cellOf[i] as (typeof cellOf)[number])(cell);
    }
    return values;
  };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';

/** [M5.14] Streams a loaded run into an .xlsx, with progress; the file is downloaded through GET /api/jobs/{id}/download. */
export function reportExportJobHandler(deps: { storage: FileStorage }): JobHandler<{ runId: string; jobId: string | null }> {
  return {
    type: REPORT_EXPORT_JOB_TYPE,
    async run(ctx) {
      const gone = () => new JobFailure('The report was run again while it was being exported; export it again');
      const run = await repo.findRun(ctx.db, ctx.job.payload.runId);
      if (!run || run.jobId !== ctx.job.payload.jobId || run.status !== 'loaded') throw gone();
      if (run.totalRows > REPORT_EXPORT_ROW_CAP) {
        throw new JobFailure('Report contains large amounts of data and cannot be exported to XLS.');
      }
      if (ctx.job.createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const report = await repo.findServerReport(ctx.db, run.reportId);
      if (!report) throw new JobFailure('The report no longer exists');
      const writer = new XlsxStreamWriter({ sheetName: report.name, columns: xlsxColumns(run.columns), creator: 'Cloud portal' });
      await ctx.progress(0, `Exporting ${run.totalRows} rows`);
      const valuesOf = xlsxValuesOf(run.columns);
      let after = 0;
      for (;;) {
        const chunk = await repo.rowChunkAfter(ctx.db, run.id, after, EXPORT_CHUNK);
        if (!chunk) break;
        for (const row of chunk.rows) writer.add({ values: valuesOf(row) });
        after = chunk.lastRow;
        await ctx.progress(progressOf(writer.rows, run.totalRows, 95), `Exported ${writer.rows} of ${run.totalRows} rows`);
        await ctx.pause();
      }
      if (writer.rows !== run.totalRows) throw gone();
      const day = (run.loadedAt ?? ctx.now()).toISOString().slice(0, 10);
      await succeedWithWorkbook(ctx, deps.storage, {
        data: await writer.finish(),
        fileName: `${safeName(report.name)}-${day}.xlsx`,
        rows: writer.rows,
        createdBy: ctx.job.createdBy,
        message: `Exported ${writer.rows} rows`,
      });
    },
  };
}
