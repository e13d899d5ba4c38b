import type { FileStorage } from '../../platform/files/index.js';
import { JobFailure, type JobHandler, progressOf, succeedWithWorkbook } from '../../platform/jobs/index.js';
import { XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
import { countSubtreeAccounts, findById as findAccount, listSubtreeAccounts } from '../accounts/index.js';
import { decideBulkTarget } from '../credentials/index.js';
import { exportFileName, HIERARCHY_COLUMNS, hierarchyRow } from './account-exports.rules.js';
import { HIERARCHY_EXPORT_JOB_TYPE } from './account-exports.service.js';

/** Accounts read and written per chunk, between which requests get their turn. */
const CHUNK = 500;
const EVERY_ACCOUNT = { types: null, onlyActive: false };

/** [A2.4] Writes the account and everything below it, depth-first, to an .xlsx file. */
export function hierarchyExportJobHandler(deps: { storage: FileStorage }): JobHandler<{ accountId: number }> {
  return {
    type: HIERARCHY_EXPORT_JOB_TYPE,
    async run(ctx) {
      const root = await findAccount(ctx.db, ctx.job.payload.accountId);
      if (!root) throw new JobFailure('The account no longer exists');
      if (!decideBulkTarget({ accountType: root.account_type, state: root.state }).ok) {
        throw new JobFailure('The hierarchy can be exported for active Reseller and Company accounts only');
      }
      if (ctx.job.createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const total = 1 + (await countSubtreeAccounts(ctx.db, root.path, EVERY_ACCOUNT));
      await ctx.progress(0, `Exporting ${total} accounts`);
      const writer = new XlsxStreamWriter({
        sheetName: 'Hierarchy',
        columns: HIERARCHY_COLUMNS,
        creator: 'Cloud portal',
        indentColumn: 'DisplayName',
      });
      const parent = root.parent_id === null ? null : await findAccount(ctx.db, root.parent_id);
      writer.add(hierarchyRow({ ...root, parent_display_name: parent?.display_name ?? null }, root.depth));
      let afterPath = root.path;
      for (;;) {
        const page = await listSubtreeAccounts(ctx.db, root.path, afterPath, CHUNK, EVERY_ACCOUNT);
        const last = page.at(-1);
        if (!last) break;
        for (const account of page) writer.add(hierarchyRow(account, root.depth));
        afterPath = last.path;
        await ctx.progress(progressOf(writer.rows, total, 95), `Exported ${writer.rows} of ${total} accounts`);
        await ctx.pause();
      }
      await succeedWithWorkbook(ctx, deps.storage, {
        data: await writer.finish(),
        fileName: exportFileName({ kind: 'hierarchy', accountNames: [root.display_name], now: ctx.now() }),
        rows: writer.rows,
        createdBy: ctx.job.createdBy,
        message: `Exported ${writer.rows} accounts`,
      });
    },
  };
}
