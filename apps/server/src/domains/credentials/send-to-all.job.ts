import type { SendCredentialsResult } from '@portal/contracts';
import { writeAudit } from '../../platform/audit/write-audit.js';
import { JobFailure, type JobHandler, progressOf } from '../../platform/jobs/index.js';
import { isMailAddress } from '../../platform/mail/index.js';
import { countSubtreeAccounts, findById as findAccount, listSubtreeAccounts } from '../accounts/index.js';
import { decideBulkTarget, selectRecipients } from './credentials.rules.js';
import {
  issueFirstTimePasswords,
  mailFirstTimePassword,
  SEND_TO_ALL_JOB_TYPE,
  storeFirstTimePasswords,
} from './credentials.service.js';

/** Users per chunk: one transaction sets their passwords and queues their e-mails. */
const CHUNK = 25;
const ACTIVE_USERS = { types: ['User'] as const, onlyActive: true };

interface Checkpoint {
  afterPath: string;
  seen: number;
  sent: number;
  skipped: number;
}

/**
 * [A6.11] Sends a new first-time password to every active user below a Company or Reseller, in chunks.
 * Each chunk commits with its checkpoint, so a retry after a crash carries on after the last chunk and
 * nobody gets two different passwords.
 */
export function sendToAllJobHandler(): JobHandler<{ accountId: number }> {
  return {
    type: SEND_TO_ALL_JOB_TYPE,
    async run(ctx) {
      const root = await findAccount(ctx.db, ctx.job.payload.accountId);
      if (!root) throw new JobFailure('The account no longer exists');
      const decision = decideBulkTarget({ accountType: root.account_type, state: root.state });
      if (!decision.ok) {
        throw new JobFailure(
          decision.reason === 'terminated' ? 'The account was terminated' : 'This works for Reseller and Company accounts only',
        );
      }
      const total = await countSubtreeAccounts(ctx.db, root.path, ACTIVE_USERS);
      let done: Checkpoint = (ctx.checkpoint as Checkpoint | null) ?? { afterPath: root.path, seen: 0, sent: 0, skipped: 0 };
      await ctx.progress(progressOf(done.seen, total), `Sending credentials to ${total} users`);
      for (;;) {
        const page = await listSubtreeAccounts(ctx.db, root.path, done.afterPath, CHUNK, ACTIVE_USERS);
        const last = page.at(-1);
        if (!last) break;
        const { recipients, skipped } = selectRecipients({
          users: page,
          excludeId: ctx.job.createdBy,
          needsEmail: true,
          isMailAddress,
        });
        const issued = await issueFirstTimePasswords(recipients);
        const next: Checkpoint = {
          afterPath: last.path,
          seen: done.seen + page.length,
          sent: done.sent + issued.length,
          skipped: done.skipped + skipped,
        };
        await ctx.db.transaction(async (tx) => {
          await storeFirstTimePasswords(tx, issued, { issuedBy: ctx.job.createdBy, delivery: 'email', jobId: ctx.job.id });
          for (const [i, user] of recipients.entries()) {
            await mailFirstTimePassword(
              tx,
              { id: user.id, displayName: user.display_name, username: user.username as string, email: user.email as string },
              (issued[i] as { password: string }).password,
            );
            await writeAudit(tx, {
              actorId: ctx.job.createdBy,
              impersonatorId: null,
              operation: 'SendUsersFirstTimePasswordForCompany',
              accountId: user.id,
              before: undefined,
              after: { CredentialsSentTo: user.email, JobId: ctx.job.id },
              requestId: null,
            });
          }
          await ctx.saveCheckpointIn(tx, next, progressOf(next.seen, total), `Sent to ${next.sent} of ${total} users`);
        });
        done = next;
        await ctx.pause();
      }
      const result: SendCredentialsResult = { Sent: done.sent, Skipped: done.skipped };
      return result;
    },
  };
}
