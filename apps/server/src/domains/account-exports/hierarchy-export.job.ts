import { EXPORT_FILE_HOURS, type ExportFileResult } from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import {
  JobFailure,
  type JobHandler,
  jobDownloadUrl,
  progressOf,
  registerJobFile,
  writeJobFile,
} from '../../platform/jobs/index.js';
import { XLSX_CONTENT_TYPE, XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
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
      const data = await writer.finish();
      const now = ctx.now();
      const fileName = exportFileName({ kind: 'hierarchy', accountNames: [root.display_name], now });
      const file = await writeJobFile(deps.storage, data, 'xlsx');
      const result: ExportFileResult = {
        FileName: fileName,
        DownloadUrl: jobDownloadUrl(ctx.job.id),
        SizeBytes: data.length,
        Rows: writer.rows,
        ExpiresAt: new Date(now.getTime() + EXPORT_FILE_HOURS * 3600_000).toISOString(),
      };
      const createdBy = ctx.job.createdBy;
      try {
        await ctx.db.transaction(async (tx) => {
          await registerJobFile(tx, {
            name: file.name,
            originalName: fileName,
            contentType: XLSX_CONTENT_TYPE,
            sizeBytes: data.length,
            createdBy,
          });
          await ctx.succeedIn(tx, result, { message: `Exported ${writer.rows} accounts`, outputFile: file.name });
        });
      } catch (error) {
        await file.discard();
        throw error;
      }
    },
  };
}
