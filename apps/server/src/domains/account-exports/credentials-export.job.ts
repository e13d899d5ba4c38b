import { writeAudit } from '../../platform/audit/write-audit.js';
import type { FileStorage } from '../../platform/files/index.js';
import { JobFailure, type JobHandler, progressOf, succeedWithWorkbook } from '../../platform/jobs/index.js';
import { isMailAddress } from '../../platform/mail/index.js';
import { XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
import { type AccountRow, countSubtreeAccounts, findById as findAccount, listSubtreeAccounts } from '../accounts/index.js';
import {
  decideBulkTarget,
  type IssuedPassword,
  issueFirstTimePasswords,
  selectRecipients,
  storeFirstTimePasswords,
} from '../credentials/index.js';
import { CREDENTIAL_COLUMNS, credentialRow, exportFileName } from './account-exports.rules.js';
import { CREDENTIALS_EXPORT_JOB_TYPE } from './account-exports.service.js';

const CHUNK = 50;
const ACTIVE_USERS = { types: ['User'] as const, onlyActive: true };
/** Hashing takes most of the time; writing and saving the rest. */
const HASHING_SHARE = 85;

type ExportUser = AccountRow & { parent_display_name: string | null };

/**
 * [A2.3] Gives every active user below the companies a fresh first-time password and lists them in an
 * .xlsx file. All or nothing: the new passwords, the file and the job's success commit in one
 * transaction, so no password is changed unless the file holding it can be downloaded.
 */
export function credentialsExportJobHandler(deps: { storage: FileStorage }): JobHandler<{ companyIds: number[] }> {
  return {
    type: CREDENTIALS_EXPORT_JOB_TYPE,
    async run(ctx) {
      const createdBy = ctx.job.createdBy;
      if (createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const roots: AccountRow[] = [];
      for (const id of ctx.job.payload.companyIds) {
        const root = await findAccount(ctx.db, id);
        if (!root) throw new JobFailure('A company of this export no longer exists');
        if (!decideBulkTarget({ accountType: root.account_type, state: root.state }).ok) {
          throw new JobFailure(`${root.display_name} cannot be exported: it is terminated or not a company`);
        }
        roots.push(root);
      }
      let total = 0;
      for (const root of roots) total += await countSubtreeAccounts(ctx.db, root.path, ACTIVE_USERS);
      await ctx.progress(0, `Preparing first-time passwords for ${total} users`);

      const entries: { company: string; user: ExportUser; issued: IssuedPassword }[] = [];
      const seen = new Set<number>();
      let considered = 0;
      for (const root of roots) {
        let afterPath = root.path;
        for (;;) {
          const page = await listSubtreeAccounts(ctx.db, root.path, afterPath, CHUNK, ACTIVE_USERS);
          const last = page.at(-1);
          if (!last) break;
          // A company listed under another listed reseller would repeat its users; each appears once.
          const fresh = page.filter((u) => !seen.has(u.id));
          for (const u of fresh) seen.add(u.id);
          const { recipients } = selectRecipients({ users: fresh, excludeId: createdBy, needsEmail: false, isMailAddress });
          const issued = await issueFirstTimePasswords(recipients);
          recipients.forEach((user, i) => {
            entries.push({ company: root.display_name, user, issued: issued[i] as IssuedPassword });
          });
          considered += page.length;
          afterPath = last.path;
          await ctx.progress(
            progressOf(considered, total, HASHING_SHARE),
            `Prepared first-time passwords for ${entries.length} users`,
          );
          await ctx.pause();
        }
      }

      const writer = new XlsxStreamWriter({
        sheetName: 'First-time credentials',
        columns: CREDENTIAL_COLUMNS,
        creator: 'Cloud portal',
      });
      for (const [i, e] of entries.entries()) {
        writer.add(credentialRow({ company: e.company, user: e.user, password: e.issued.password }));
        if (i % 1000 === 999) await ctx.pause();
      }
      const data = await writer.finish();
      await ctx.progress(95, 'Saving the file');
      await succeedWithWorkbook(ctx, deps.storage, {
        data,
        fileName: exportFileName({ kind: 'credentials', accountNames: roots.map((r) => r.display_name), now: ctx.now() }),
        rows: entries.length,
        createdBy,
        message: `Exported ${entries.length} users`,
        // First-time passwords: stored sealed, opened only for the creator's download (decision 0035).
        sealed: true,
        alsoIn: async (tx) => {
          await storeFirstTimePasswords(
            tx,
            entries.map((e) => e.issued),
            { issuedBy: createdBy, delivery: 'export', jobId: ctx.job.id },
          );
          for (const e of entries) {
            await writeAudit(tx, {
              actorId: createdBy,
              impersonatorId: null,
              operation: 'ExportUserCredentials',
              accountId: e.user.id,
              before: undefined,
              after: { CredentialsExported: true, JobId: ctx.job.id },
              requestId: null,
            });
          }
        },
      });
    },
  };
}
