import type { ImportJobResult } from '@portal/contracts';
import { writeAudit } from '../../platform/audit/write-audit.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { FileStorage } from '../../platform/files/index.js';
import { JobFailure, type JobHandler } from '../../platform/jobs/index.js';
import { createAccount } from '../account-creation/index.js';
import { callerForUser } from '../auth/index.js';
import * as repo from './account-import.repository.js';
import { checkTemplate, IMPORT_JOB_TYPE } from './account-import.service.js';

const describeError = (error: DomainError) =>
  error.fields.length > 0 ? error.fields.map((f) => f.message).join('; ') : error.message;

/**
 * [A7.12] Runs an import: checks the file again for the person who started it (with the capabilities and scope
 * they have now), then creates every row through createAccount in ONE transaction with an audit row each, the
 * import record and the job's success. Any failing row rolls everything back: all or nothing.
 */
export function importJobHandler(deps: { storage: FileStorage }): JobHandler<{ importId: number }> {
  return {
    type: IMPORT_JOB_TYPE,
    async run(ctx) {
      const record = await repo.findImport(ctx.db, ctx.job.payload.importId);
      if (!record) throw new JobFailure('The import no longer exists');
      if (record.status !== 'Queued') return { ImportId: record.id, RowsCreated: record.rows_created, AccountIds: [] };
      const caller = await callerForUser(ctx.db, record.created_by);
      if (!caller) throw new JobFailure('The person who started the import can no longer sign in');
      await ctx.progress(5, `Checking ${record.row_count} rows`);
      let checked: Awaited<ReturnType<typeof checkTemplate>>;
      try {
        checked = await checkTemplate(ctx.db, deps.storage, caller, {
          url: record.upload_name,
          field: 'uploadUrl',
          now: ctx.now(),
          checkExpiry: false,
        });
      } catch (error) {
        if (error instanceof DomainError) throw new JobFailure(describeError(error));
        throw error;
      }
      const errors = checked.validation.Errors;
      if (errors.length > 0) {
        const message = `The uploaded file contains ${errors.length} error(s)`;
        await repo.failImport(ctx.db, record.id, { errorCount: errors.length, error: message });
        throw new JobFailure(message);
      }
      await ctx.progress(20, `Creating ${checked.rows.length} accounts`);
      await ctx.pause();
      const result: ImportJobResult = { ImportId: record.id, RowsCreated: 0, AccountIds: [] };
      await ctx.db.transaction(async (tx) => {
        for (const row of checked.rows) {
          let created: Awaited<ReturnType<typeof createAccount>>;
          try {
            created = await createAccount(
              tx,
              caller,
              { accountType: checked.type, parentId: checked.parentId, productName: checked.productName, views: row.views },
              ctx.now(),
            );
          } catch (error) {
            if (error instanceof DomainError) throw new JobFailure(`Row ${row.row}: ${describeError(error)}`);
            throw error;
          }
          await writeAudit(tx, {
            actorId: caller.userId,
            impersonatorId: null,
            operation: 'CreateImport',
            accountId: created.id,
            before: undefined,
            after: {
              ImportId: record.id,
              Row: row.row,
              AccountType: checked.type,
              ParentAccountId: checked.parentId,
              ProductName: checked.productName,
              ...created.values,
            },
            requestId: null,
          });
          result.AccountIds.push(created.id);
        }
        result.RowsCreated = result.AccountIds.length;
        await repo.finishImport(tx, record.id, { rowsCreated: result.RowsCreated, now: ctx.now() });
        await ctx.succeedIn(tx, result, { message: `Created ${result.RowsCreated} accounts` });
      });
      return result;
    },
    async onGiveUp(db, job, error) {
      await repo.failImport(db, job.payload.importId, { errorCount: null, error });
    },
  };
}
