import { JobFailure, type JobHandler, progressOf } from '../../platform/jobs/index.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import { countSubtreeAccounts, findById as findAccount, listSubtreeAccounts } from '../accounts/index.js';
import { termsChangedMail } from './terms.rules.js';

export const TERMS_CHANGED_JOB_TYPE = 'terms.changed-mail';

/** Users per chunk: one transaction queues their e-mails with the checkpoint (as credentials' send-to-all does). */
const CHUNK = 25;
const ACTIVE_USERS = { types: ['User'] as const, onlyActive: true };

export interface TermsChangedPayload {
  /** The publisher's scope root: the users below it must accept the revision. */
  rootAccountId: number;
  name: string;
  version: number;
  isPrivacyPolicy: boolean;
}

interface Checkpoint {
  afterPath: string;
  seen: number;
  sent: number;
}

/**
 * Tells every active user with an e-mail address below the publisher's scope root that a new major revision of the
 * terms (or privacy policy) waits for their acceptance (decision 0053), kind TermsChanged, in chunks: each chunk
 * commits with its checkpoint, so a retry carries on after the last chunk and nobody gets it twice.
 */
export function termsChangedJobHandler(): JobHandler<TermsChangedPayload> {
  return {
    type: TERMS_CHANGED_JOB_TYPE,
    async run(ctx) {
      const { rootAccountId, ...revision } = ctx.job.payload;
      const root = await findAccount(ctx.db, rootAccountId);
      if (!root) throw new JobFailure('The account no longer exists');
      const total = await countSubtreeAccounts(ctx.db, root.path, ACTIVE_USERS);
      let done: Checkpoint = (ctx.checkpoint as Checkpoint | null) ?? { afterPath: root.path, seen: 0, sent: 0 };
      await ctx.progress(progressOf(done.seen, total), `Telling ${total} users about the new terms`);
      for (;;) {
        const page = await listSubtreeAccounts(ctx.db, root.path, done.afterPath, CHUNK, ACTIVE_USERS);
        const last = page.at(-1);
        if (!last) break;
        const recipients = page
          .map((u) => ({ id: u.id, name: u.display_name, email: u.email?.trim() ?? '' }))
          .filter((u) => isMailAddress(u.email));
        const next: Checkpoint = { afterPath: last.path, seen: done.seen + page.length, sent: done.sent + recipients.length };
        await ctx.db.transaction(async (tx) => {
          for (const user of recipients) {
            const mail = termsChangedMail({ recipientName: user.name, ...revision });
            await sendMail(tx, {
              to: user.email,
              subject: mail.subject,
              text: mail.text,
              accountId: user.id,
              kind: 'TermsChanged',
            });
          }
          await ctx.saveCheckpointIn(tx, next, progressOf(next.seen, total), `Told ${next.sent} of ${total} users`);
        });
        done = next;
        await ctx.pause();
      }
      return { Sent: done.sent };
    },
  };
}
