import type { AccountType } from '@portal/contracts';
import { JobFailure, type JobHandler } from '../../platform/jobs/index.js';
import { findById as findAccount, findReportPage } from '../accounts/index.js';
import { prepareAccountReport } from '../reports/index.js';
import { PREPARE_ACCOUNT_REPORT_JOB_TYPE, type PreparationResult } from './account-reports.rules.js';
import type { PreparePayload } from './account-reports.service.js';

/**
 * [A7.3] Prepares a report page's data for one account (decision 0028): checks the report exists,
 * is shared with the account and reads only datasets the server computes, and computes them at the
 * account. A report that cannot be prepared fails for good with the reason the tab shows.
 */
export function prepareAccountReportJobHandler(): JobHandler<PreparePayload> {
  return {
    type: PREPARE_ACCOUNT_REPORT_JOB_TYPE,
    async run(ctx): Promise<PreparationResult> {
      const { accountId, pageName } = ctx.job.payload;
      const account = await findAccount(ctx.db, accountId);
      if (!account) throw new JobFailure('The account no longer exists');
      const page = await findReportPage(ctx.db, account.account_type as AccountType, pageName);
      if (!page) throw new JobFailure('This report page is no longer part of the account layout');
      await ctx.progress(10, `Preparing "${page.displayName}" for ${account.display_name}`);
      const prepared = await prepareAccountReport(ctx.db, {
        workgroupId: page.workgroupId,
        reportId: page.reportId,
        accountId,
        now: ctx.now(),
      });
      if (!prepared.ok) throw new JobFailure(prepared.message);
      return { reportName: prepared.reportName, rows: prepared.rows, rowLimits: prepared.rowLimits };
    },
  };
}
