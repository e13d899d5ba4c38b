/** The portal's Reports page: the reports a user may open, the ones used most, and opening one [M7.22]. */
import { z } from 'zod';
import { JobSchema } from './jobs.js';
import { defineOperation } from './operation.js';

/** [M2.50] A report's address part: its name in title case with the spaces removed. */
export function reportLink(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** [M9.13] How long the search box waits after the last key before it filters, and the default report time. */
export const REPORT_SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_REPORT_EXECUTION_MS = 50_000;
/** How many tiles "Most frequently used reports" shows. */
export const FREQUENT_REPORTS_MAX = 6;

/** [M9.13] The table of a report's result: rows per page, and the page sizes offered. */
export const REPORT_PAGE_SIZE = 15;
export const REPORT_PAGE_SIZES = [5, 15, 30, 100] as const;
/** [M9.13] [M5.14] The most rows a report's Excel export holds; a larger result is refused with 'Data limit exceeded'. */
export const REPORT_EXPORT_ROW_CAP = 100_000;
/** [M9.13] The progress bar ticks this often against the report's average execution time. */
export const REPORT_PROGRESS_TICK_MS = 1000;

/** [M4.24] A report entry's state for the caller: never run, running (queued), its kept result, or its last run failed. */
export const REPORT_STATUSES = ['default', 'loading', 'loaded', 'failed'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** [M3.23] ChartConfiguration types a report may list; [M9.14] Pie is never offered as a choice. */
export const REPORT_CHART_TYPES = ['Column', 'Bar', 'Line', 'Area', 'Pie'] as const;
export const ReportChartTypeSchema = z.enum(REPORT_CHART_TYPES);
export type ReportChartType = z.infer<typeof ReportChartTypeSchema>;
/** [M9.14] The chart types the report view offers as radio choices: the configured ones without Pie. */
export const offeredChartTypes = (types: readonly ReportChartType[]): ReportChartType[] => types.filter((t) => t !== 'Pie');

/**
 * [M3.23] A report parameter: Name (the key sent to ExecuteReport), DisplayName (the label), DisplayTemplate (how it
 * is entered: Date fields are typed dd/MM/yyyy and sent yyyy-MM-dd [M5.15]; Enum is a choice of EnumMembers) and
 * EnumMembers. A report with both `From` and `To` Date parameters shows them as the From/To date pickers [M2.53].
 */
export const ReportParameterSchema = z.object({
  Name: z.string(),
  DisplayName: z.string(),
  DisplayTemplate: z.enum(['Date', 'Text', 'Enum']),
  EnumMembers: z.array(z.string()),
  /** The value used when the caller sends none (a Date as yyyy-MM-dd); null: optional, no default. */
  Default: z.string().nullable(),
});
export type ReportParameter = z.infer<typeof ReportParameterSchema>;

/** [M3.23] A report list entry. Analytics (PowerBI) reports have no parameters; their data is live in the browser. */
export const ReportListEntrySchema = z.object({
  reportName: z.string(),
  reportGroup: z.string(),
  reportDescription: z.string(),
  /** [M2.50] #/Reports/{reportLink}. */
  reportLink: z.string(),
  /** [M3.23] AverageExecutionTime in ms, kept up to date from real runs; DEFAULT_REPORT_EXECUTION_MS before the first. */
  reportExecutionTime: z.number().int(),
  hasParameters: z.boolean(),
  /** PowerBI: shown in the embedded BI layout through the embed library; Server: run by ExecuteReport as a job. */
  kind: z.enum(['PowerBI', 'Server']),
  /** [M4.24] The caller's state of this report ('default' for PowerBI reports). */
  status: ReportStatusSchema.default('default'),
  /** [M3.23] Parameters (empty for PowerBI reports). */
  parameters: z.array(ReportParameterSchema).default([]),
  /** [M3.23] ChartConfiguration types, in the order configured (empty for PowerBI reports). */
  chartTypes: z.array(ReportChartTypeSchema).default([]),
});
export type ReportListEntry = z.infer<typeof ReportListEntrySchema>;

/** [M3.23] A result column: CellName and CellType. */
export const ReportColumnSchema = z.object({
  CellName: z.string(),
  CellType: z.enum(['DateTime', 'String', 'Int32', 'Decimal']),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

/**
 * One result row, a cell per column in column order: DateTime as ISO 8601 (a day as yyyy-MM-dd), Int32 as a number,
 * Decimal as a decimal string (money stays exact), String as a string; null when empty.
 */
export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export const ReportRowSchema = z.array(ReportCellSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

/**
 * The chart of a run, computed by the server over all rows: a category per point (a month, a status, a service...)
 * and one numeric series per measure (per currency for money). [M9.14] In a 'by Date' report the categories below 10
 * percent of the total (1 percent for the last one) are grouped into 'Other'.
 */
export const ReportChartSchema = z.object({
  CategoryName: z.string(),
  Categories: z.array(z.string()),
  Series: z.array(z.object({ Name: z.string(), Values: z.array(z.number()) })),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

/** The caller's latest run of a report: one is kept per user and report, replaced by the next Execute or Refresh. */
export const ReportRunSchema = z.object({
  /** The ExecuteReport job (GetJob for its state); null for a run whose job record is gone. */
  JobId: z.string().nullable(),
  Status: z.enum(['loading', 'loaded', 'failed']),
  /** The parameters it ran with (dates as yyyy-MM-dd), defaults filled in. */
  Parameters: z.record(z.string(), z.string()),
  /** ISO 8601 UTC. */
  StartedAt: z.string(),
  /** [M2.53] The loaded date: when the result was computed; null until then. */
  LoadedAt: z.string().nullable(),
  /** The report's average execution time (ms) when the run started: the progress bar's full length [M9.13]. */
  ExpectedMs: z.number().int(),
  /** How long the run took (ms), once finished. */
  ExecutionMs: z.number().int().nullable(),
  /** Why it failed, in words for the user [M8.11]; null otherwise. */
  Error: z.string().nullable(),
  /** Rows in the kept result (0 until loaded). */
  TotalRows: z.number().int(),
});
export type ReportRun = z.infer<typeof ReportRunSchema>;

export const ListReports = defineOperation({
  name: 'ListReports',
  summary: 'The reports the signed-in user may open, by group and name [M7.22], [M2.51]',
  input: z.object({}),
  output: z.object({ Reports: z.array(ReportListEntrySchema) }),
  access: { kind: 'session' },
  mutating: false,
});

export const GetFrequentReports = defineOperation({
  name: 'GetFrequentReports',
  summary: "The signed-in user's most often opened reports, most used first [M7.22], [M2.52]",
  input: z.object({}),
  output: z.object({ Reports: z.array(ReportListEntrySchema) }),
  access: { kind: 'session' },
  mutating: false,
});

export const ExecuteReport = defineOperation({
  name: 'ExecuteReport',
  summary:
    "Opens a report by its link or name and counts the use [M7.22]. An analytics report answers the ids its embed token is asked for with; a server report answers the caller's kept run when its parameters are the same and flag is false, otherwise queues a run (job type report.execute) and answers it loading",
  input: z.object({
    name: z.string().trim().min(1, 'Choose a report').max(200),
    /** By parameter Name; dates as yyyy-MM-dd [M5.15]. Unknown names are refused, naming the field. */
    parameters: z.record(z.string(), z.string().max(500)).default({}),
    /** Refresh: run again even when a kept result for these parameters exists. */
    flag: z.boolean().default(false),
  }),
  output: z.object({
    Report: ReportListEntrySchema,
    /** [M3.23] PowerBiConfiguration (PowerBI reports; null for server reports): the token comes from GET /api/powerbi/workgroups/{workgroupId}/reports/{reportId}/token. */
    PowerBiConfiguration: z.object({ reportId: z.string(), workgroupId: z.string() }).nullable(),
    /** The caller's run (server reports; null for PowerBI reports). */
    Run: ReportRunSchema.nullable(),
  }),
  access: { kind: 'session' },
  mutating: true,
});

export const GetReportResult = defineOperation({
  name: 'GetReportResult',
  summary:
    "The caller's kept run of a server report: its state, the columns, one sorted page of rows and the chart [M2.53]; no run yet is 404",
  input: z.object({
    name: z.string().trim().min(1, 'Choose a report').max(200),
    page: z.number().int().min(1).default(1),
    pageSize: z
      .number()
      .int()
      .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), {
        message: `Choose a page size of ${REPORT_PAGE_SIZES.join(', ')}`,
      })
      .default(REPORT_PAGE_SIZE),
    /** A column's CellName; null keeps the report's own order. */
    sortBy: z.string().max(200).nullable().default(null),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
  }),
  output: z.object({
    Report: ReportListEntrySchema,
    Run: ReportRunSchema,
    /** [M3.23] Columns; empty until loaded. */
    Columns: z.array(ReportColumnSchema),
    /** [M3.23] Result: the rows of the page asked for. */
    Rows: z.array(ReportRowSchema),
    Page: z.number().int(),
    PageSize: z.number().int(),
    /** Null until loaded. */
    Chart: ReportChartSchema.nullable(),
  }),
  access: { kind: 'session' },
  mutating: false,
});

export const ExportReport = defineOperation({
  name: 'ExportReport',
  summary:
    "Queues the .xlsx of the caller's loaded run of a server report (job type report.export, streamed, with progress); the job Result is an ExportFileResult. Above REPORT_EXPORT_ROW_CAP rows it is refused with DATA_LIMIT_EXCEEDED [M5.14]",
  input: z.object({ name: z.string().trim().min(1, 'Choose a report').max(200) }),
  output: JobSchema,
  access: { kind: 'session' },
  mutating: true,
});

export const reportsOperations = [ListReports, GetFrequentReports, ExecuteReport, GetReportResult, ExportReport] as const;
