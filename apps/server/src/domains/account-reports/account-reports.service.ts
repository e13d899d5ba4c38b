import type { AccountReportStatus, AccountType } from '@portal/contracts';
import { writeAudit } from '../../platform/audit/write-audit.js';
import type { Db, Queryable } from '../../platform/db/db.js';
import { forbidden, notFound } from '../../platform/errors/domain-error.js';
import { enqueueJob, findJob, type JobRow, waitForJobEnd } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { findLocation, findReportPage, type ReportPage } from '../accounts/index.js';
import { mayReadDataset } from '../reports/index.js';
import * as repo from './account-reports.repository.js';
import {
  decideRefresh,
  decideReportStatus,
  PREPARE_ACCOUNT_REPORT_JOB_TYPE,
  type PreparationJob,
} from './account-reports.rules.js';

/** [A2.11] The capability behind report pages, their status and refresh (decision 0028). */
export const ACCOUNT_REPORT_READ = 'ACCOUNT_REPORT_READ';

/**
 * How long GET {base}/status waits for a preparation under way before answering InProgress. A preparation
 * takes a fraction of a second, while the tab asks again only after its 30 s countdown [A9.5]: answering at
 * once made the first open of a tab wait out that countdown (decision 0058).
 */
export const STATUS_WAIT_MS = 3000;

/** Attempts of a preparation: unexpected errors are retried with backoff; a JobFailure is final. */
const PREPARE_ATTEMPTS = 3;

export interface PreparePayload {
  accountId: number;
  pageName: string;
}

type StatusCaller = Pick<Caller, 'userId' | 'impersonatorId' | 'scope' | 'capabilities'>;

const toPreparationJob = (job: JobRow): PreparationJob => ({
  status: job.status,
  progress: job.progress,
  progressMessage: job.progress_message,
  error: job.error,
  finishedAt: job.finished_at,
  result: job.result,
});

/** The account (inside the caller's scope) and its type's report page; anything else is not found. */
async function locate(db: Queryable, caller: StatusCaller, accountId: number, pageName: string) {
  if (!caller.capabilities.has(ACCOUNT_REPORT_READ)) throw forbidden('You do not have permission to open report pages');
  const account = await findLocation(db, accountId);
  if (!account || !isInScope(caller.scope.rootPath, account.path)) throw notFound();
  const page = await findReportPage(db, account.type as AccountType, pageName);
  if (!page) throw notFound('Report page');
  return { accountId: account.id, page };
}

/** Another request recorded the first preparation while this one tried to. */
class PreparationRace extends Error {}

/**
 * Queues a preparation in one transaction with the record pointing at it (and, for a refresh, its
 * audit row), unless one is already queued or running: that one is answered instead.
 */
async function startPreparation(
  db: Db,
  caller: StatusCaller,
  target: { accountId: number; page: ReportPage },
  how: { kind: 'first' } | { kind: 'refresh'; requestId: string | null },
): Promise<JobRow> {
  const { accountId, page } = target;
  return db.transaction(async (tx) => {
    const current = await repo.findPreparation(tx, accountId, page.name, { forUpdate: true });
    const currentJob = current ? await findJob(tx, current.job_id) : null;
    if (currentJob && (how.kind === 'first' || decideRefresh(currentJob) === 'wait')) return currentJob;
    const jobId = await enqueueJob(tx, {
      type: PREPARE_ACCOUNT_REPORT_JOB_TYPE,
      payload: { accountId, pageName: page.name } satisfies PreparePayload,
      createdBy: caller.userId,
      accountId,
      maxAttempts: PREPARE_ATTEMPTS,
    });
    const record = { accountId, pageName: page.name, jobId, requestedBy: caller.userId };
    if (current) await repo.updatePreparation(tx, record);
    else if (!(await repo.insertPreparation(tx, record))) throw new PreparationRace();
    if (how.kind === 'refresh') {
      await writeAudit(tx, {
        actorId: caller.userId,
        impersonatorId: caller.impersonatorId,
        operation: 'RefreshAccountReport',
        accountId,
        before: currentJob ? { status: decideReportStatus(toPreparationJob(currentJob)).status } : null,
        after: { page: page.name, reportId: page.reportId, workgroupId: page.workgroupId, jobId },
        requestId: how.requestId,
      });
    }
    const job = await findJob(tx, jobId);
    if (!job) throw new Error(`job ${jobId} was not saved`);
    return job;
  });
}

/**
 * [A7.3] GET {base}/status: the state of the page's latest preparation for the account. The first
 * look at a page of an account starts its first preparation (decision 0028). A preparation queued
 * or running is waited for up to `waitMs` (the job runner wakes the wait when it ends), so a short
 * one answers Ready at once (decision 0058).
 */
export async function getReportStatus(
  db: Db,
  caller: StatusCaller,
  input: { accountId: number; pageName: string; waitMs?: number },
): Promise<AccountReportStatus> {
  const target = await locate(db, caller, input.accountId, input.pageName);
  const current = await repo.findPreparation(db, target.accountId, target.page.name);
  let job = current ? await findJob(db, current.job_id) : null;
  if (!job) {
    try {
      job = await startPreparation(db, caller, target, { kind: 'first' });
    } catch (error) {
      if (!(error instanceof PreparationRace)) throw error;
      const raced = await repo.findPreparation(db, target.accountId, target.page.name);
      job = raced ? await findJob(db, raced.job_id) : null;
      if (!job) throw error;
    }
  }
  if ((input.waitMs ?? 0) > 0 && (job.status === 'queued' || job.status === 'running')) {
    job = (await waitForJobEnd(db, job.id, { timeoutMs: input.waitMs ?? 0 })) ?? job;
  }
  return decideReportStatus(toPreparationJob(job), (name) => mayReadDataset(caller.capabilities, name));
}

/** [A7.3] POST {base}/refresh: prepares the page's data again (or answers the preparation under way). */
export async function refreshReport(
  db: Db,
  caller: StatusCaller,
  input: { accountId: number; pageName: string; requestId: string | null },
): Promise<AccountReportStatus> {
  const target = await locate(db, caller, input.accountId, input.pageName);
  const job = await startPreparation(db, caller, target, { kind: 'refresh', requestId: input.requestId });
  return decideReportStatus(toPreparationJob(job), (name) => mayReadDataset(caller.capabilities, name));
}
