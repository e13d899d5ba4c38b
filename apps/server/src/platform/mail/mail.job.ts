import type { JobHandler } from '../jobs/index.js';
import { JobFailure } from '../jobs/index.js';
import { openSecret } from '../secrets/index.js';
import * as repo from './mail.repository.js';
import { MAIL_JOB_TYPE, SEALED_TEXT_PURPOSE } from './mail.service.js';
import { MailDeliveryError, type MailTransport } from './mail.transport.js';

export interface MailSettings {
  /** The From header, e.g. `"Northwind Cloud" <no-reply@example.com>`. */
  from: string;
  /** SMTP delivery; null keeps messages in the outbox only. */
  transport: MailTransport | null;
}

/** Delivers one outbox message. Safe to run twice: a delivered message is left alone. */
export function mailJobHandler(settings: MailSettings): JobHandler<{ messageId: string }> {
  return {
    type: MAIL_JOB_TYPE,
    async run(ctx) {
      const message = await repo.findMessage(ctx.db, ctx.job.payload.messageId);
      if (!message) throw new JobFailure('The message is no longer in the outbox');
      if (message.status !== 'queued') return { Status: message.status };
      // Without SMTP the sealed full text reaches nobody: it is wiped with the delivery state below.
      if (!settings.transport) {
        await repo.markDelivered(ctx.db, message.id, {
          status: 'stored',
          from: settings.from,
          smtpMessageId: null,
          now: ctx.now(),
        });
        return { Status: 'stored' };
      }
      // Only the sender opens the sealed text, just before handing it to the mail server.
      const full =
        message.sealed_text === null
          ? { text: message.body_text, html: message.body_html }
          : (JSON.parse(openSecret(SEALED_TEXT_PURPOSE, message.sealed_text)) as { text: string; html: string | null });
      try {
        const sent = await settings.transport.send({
          from: settings.from,
          to: message.mail_to,
          subject: message.subject,
          text: full.text,
          html: full.html,
        });
        await repo.markDelivered(ctx.db, message.id, {
          status: 'sent',
          from: settings.from,
          smtpMessageId: sent.messageId || null,
          now: ctx.now(),
        });
        return { Status: 'sent' };
      } catch (error) {
        const code = error instanceof MailDeliveryError ? error.responseCode : null;
        const reason = `The mail server did not accept the message: ${(error as Error).message}`.slice(0, 500);
        // A 5xx reply is the server's final word (unknown mailbox, refused sender); anything else may pass later.
        const permanent = code !== null && code >= 500 && code < 600;
        await repo.recordFailure(ctx.db, message.id, reason, false);
        throw new JobFailure(reason, { permanent });
      }
    },
    async onGiveUp(db, job, error) {
      await repo.recordFailure(db, job.payload.messageId, error, true);
    },
  };
}
