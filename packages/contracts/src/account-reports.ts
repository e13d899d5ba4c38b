import { z } from 'zod';

/**
 * [A7.3] The state of a report page's data for one account: `Ready` (prepared, the report can be
 * drawn), `InProgress` (a preparation is queued or running) or `Error` (the last preparation failed;
 * `message` says why). Wire names as the spec spells them: `status`, `message`.
 */
export const ACCOUNT_REPORT_STATUSES = ['Ready', 'InProgress', 'Error'] as const;
export const AccountReportStatusValueSchema = z.enum(ACCOUNT_REPORT_STATUSES);
export type AccountReportStatusValue = z.infer<typeof AccountReportStatusValueSchema>;

export const AccountReportStatusSchema = z.object({
  status: AccountReportStatusValueSchema,
  message: z.string(),
  /** Progress of the preparation under way, 0-100 (100 when Ready). */
  progress: z.number().int().min(0).max(100),
  /** When the data shown was last prepared (ISO 8601 UTC), or null when never. */
  preparedAt: z.string().nullable(),
});
export type AccountReportStatus = z.infer<typeof AccountReportStatusSchema>;

/** [A9.5] How long the report tab waits before asking the status again, counting down each second. */
export const ACCOUNT_REPORT_REFRESH_TIMEOUT_MS = 30_000;

/** [A7.3] {base} of a report page of an account: `{base}/status`, `{base}/refresh`. */
export const accountReportBase = (accountId: number, pageId: string) =>
  `/api/accounts/${accountId}/reports/${encodeURIComponent(pageId)}`;
