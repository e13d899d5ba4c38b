/** The portal's Reports page: the reports a user may open, the ones used most, and opening one [M7.22]. */
import { z } from 'zod';
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

/** [M3.23] A report list entry. Analytics (BI) reports have no parameters; their data is live. */
export const ReportListEntrySchema = z.object({
  reportName: z.string(),
  reportGroup: z.string(),
  reportDescription: z.string(),
  /** [M2.50] #/Reports/{reportLink}. */
  reportLink: z.string(),
  reportExecutionTime: z.number().int(),
  hasParameters: z.boolean(),
  /** PowerBI: shown in the embedded BI layout through the embed library and host. */
  kind: z.enum(['PowerBI']),
});
export type ReportListEntry = z.infer<typeof ReportListEntrySchema>;

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
    'Opens a report by its link or name and counts the use; an analytics report answers the ids its embed token is asked for with [M7.22]',
  input: z.object({
    name: z.string().trim().min(1, 'Choose a report').max(200),
    parameters: z.record(z.string(), z.string().max(500)).default({}),
    flag: z.boolean().default(false),
  }),
  output: z.object({
    Report: ReportListEntrySchema,
    /** [M3.23] PowerBiConfiguration: the token comes from GET /api/powerbi/workgroups/{workgroupId}/reports/{reportId}/token. */
    PowerBiConfiguration: z.object({ reportId: z.string(), workgroupId: z.string() }),
  }),
  access: { kind: 'session' },
  mutating: true,
});

export const reportsOperations = [ListReports, GetFrequentReports, ExecuteReport] as const;
