import type { AccountReportStatus } from '@portal/contracts';

/** The job that prepares a report page's data for one account. */
export const PREPARE_ACCOUNT_REPORT_JOB_TYPE = 'account-report.prepare';

/** What a finished preparation keeps as its job result. */
export interface PreparationResult {
  reportName: string;
  /** Rows computed per dataset the report reads. */
  rows: Record<string, number>;
  /** Lists cut at their row limit, with the limit. */
  rowLimits: Record<string, number>;
}

/** The parts of the preparation's job the status is decided from. */
export interface PreparationJob {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: number;
  progressMessage: string | null;
  error: string | null;
  finishedAt: Date | null;
  result: unknown;
}

const PREPARING = 'The report data is being prepared';
const FAILED = 'The report data could not be prepared';

/** A time as the portal shows it: yyyy-MM-dd HH:mm UTC. */
const formatUtc = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;

function rowsOf(result: unknown): Record<string, number> {
  const rows = (result as Partial<PreparationResult> | null)?.rows;
  return rows && typeof rows === 'object' ? rows : {};
}

/** "Prepared 2026-11-23 07:00 UTC: 12 subscriptions, 30 orders" (the datasets in the order computed). */
export function preparedMessage(params: { preparedAt: Date; rows: Record<string, number> }): string {
  const counts = Object.entries(params.rows).map(([name, count]) => `${count} ${count === 1 ? 'row' : 'rows'} of ${name}`);
  return `Prepared ${formatUtc(params.preparedAt)}${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`;
}

/**
 * [A7.3] The status of a report page for an account, from the job of its latest preparation:
 * queued or running is InProgress (with the job's progress), failed is Error (with the job's
 * error), succeeded is Ready (with when and how much was prepared). Row counts of datasets the
 * viewer may not read (`mayRead`) are left out, as the embed host leaves out their rows.
 */
export function decideReportStatus(job: PreparationJob, mayRead: (dataset: string) => boolean = () => true): AccountReportStatus {
  switch (job.status) {
    case 'queued':
    case 'running':
      return {
        status: 'InProgress',
        message: job.progressMessage ?? PREPARING,
        progress: Math.max(0, Math.min(99, Math.round(job.progress))),
        preparedAt: null,
      };
    case 'failed':
      return { status: 'Error', message: job.error ?? FAILED, progress: 0, preparedAt: null };
    case 'succeeded': {
      const preparedAt = job.finishedAt ?? new Date(0);
      return {
        status: 'Ready',
        message: preparedMessage({
          preparedAt,
          rows: Object.fromEntries(Object.entries(rowsOf(job.result)).filter(([name]) => mayRead(name))),
        }),
        progress: 100,
        preparedAt: preparedAt.toISOString(),
      };
    }
  }
}

/** Refresh starts a new preparation unless one is already queued or running (that one is answered). */
export function decideRefresh(current: Pick<PreparationJob, 'status'> | null): 'start' | 'wait' {
  return current && (current.status === 'queued' || current.status === 'running') ? 'wait' : 'start';
}
