import {
  isSwitchableKind,
  type MailKind,
  type OutboxMessage,
  type OutboxMessageSummary,
  type OutboxPage,
} from '@portal/contracts';
import type { Queryable } from '../db/db.js';
import { notFound, validationFailed } from '../errors/domain-error.js';
import { enqueueJob } from '../jobs/index.js';
import type { Caller } from '../operations/types.js';
import { sealSecret } from '../secrets/index.js';
import { isInScope } from '../tenancy/scope.js';
import * as repo from './mail.repository.js';

export const MAIL_JOB_TYPE = 'mail.send';
/** The sealed full text of a message holding credentials (see platform/secrets). */
export const SEALED_TEXT_PURPOSE = 'mail_outbox.sealed_text';
/** A mail server may be down for a while: 8 attempts reach about 10 minutes of backoff. */
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The account the message is sent to: the outbox shows it to callers whose scope includes it. */
  accountId: number | null;
  /**
   * What kind of e-mail this is (decision 0053): a switchable kind that the recipient account switched off on its
   * Notifications tab [A2.17] is kept in the outbox as `switched_off` and never delivered.
   */
  kind: MailKind;
  /**
   * Credentials in the text (a first-time password, a reset link, a callback link): the outbox keeps a copy
   * with each replaced by REDACTED; the full text is kept sealed for the sender only and wiped once the
   * message is handed to the mail server (decision 0035).
   */
  secrets?: readonly string[];
}

/** What the outbox shows in place of a credential. */
export const REDACTED = '[removed: sent only to the recipient]';

/** The text with every secret in it replaced; longer secrets first, so one holding another goes whole. */
export function redact(text: string, secrets: readonly string[]): string {
  return [...secrets]
    .filter((s) => s !== '')
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** Whether a text is one plain e-mail address the outbox can send to. */
export function isMailAddress(text: string): boolean {
  return text.length <= 254 && ADDRESS.test(text);
}

/** What sendMail did: queued the message for delivery, or kept it undelivered because the recipient switched its kind off. */
export type MailOutcome =
  | { messageId: string; jobId: string; switchedOff: false }
  | { messageId: string; jobId: null; switchedOff: true };

/**
 * Queues an e-mail in the caller's transaction: the outbox row and its delivery job commit (or roll
 * back) with the change that sends it. Delivery happens in the background: over SMTP when SMTP_URL
 * is set, otherwise the message stays readable in the Outbox screen (with its `secrets` redacted: those
 * reach nobody without SMTP). A message of a kind its recipient switched off gets no job: the outbox keeps
 * it as `switched_off`, so support staff can tell why it never arrived (decision 0053).
 */
export async function sendMail(tx: Queryable, message: MailMessage): Promise<MailOutcome> {
  const to = message.to.trim();
  if (!isMailAddress(to)) throw validationFailed([{ field: 'to', message: 'Give one valid e-mail address' }]);
  // A line break in a header would let the text add headers of its own.
  const subject = message.subject.replace(/[\r\n]+/g, ' ').trim();
  if (subject === '') throw validationFailed([{ field: 'subject', message: 'Give the message a subject' }]);
  const secrets = message.secrets ?? [];
  const redacted = secrets.length > 0;
  const switchedOff =
    message.accountId !== null &&
    isSwitchableKind(message.kind) &&
    (await repo.isSwitchedOff(tx, message.accountId, message.kind));
  const messageId = await repo.insertMessage(tx, {
    to,
    subject: subject.slice(0, 998),
    text: redacted ? redact(message.text, secrets) : message.text,
    html: message.html == null ? null : redacted ? redact(message.html, secrets) : message.html,
    // A switched-off message is never handed to a mail server: nothing to keep sealed for it.
    sealed:
      redacted && !switchedOff
        ? sealSecret(SEALED_TEXT_PURPOSE, JSON.stringify({ text: message.text, html: message.html ?? null }))
        : null,
    accountId: message.accountId,
    kind: message.kind,
    status: switchedOff ? 'switched_off' : 'queued',
  });
  if (switchedOff) return { messageId, jobId: null, switchedOff: true };
  const jobId = await enqueueJob(tx, {
    type: MAIL_JOB_TYPE,
    payload: { messageId },
    createdBy: null,
    accountId: message.accountId,
    maxAttempts: MAIL_MAX_ATTEMPTS,
  });
  await repo.setJob(tx, messageId, jobId);
  return { messageId, jobId, switchedOff: false };
}

function scopeOf(caller: Caller): repo.OutboxScope {
  return { rootPath: caller.scope.rootPath, includeUnaddressed: caller.scope.rootType === 'Provider' };
}

function toSummary(row: repo.OutboxRow): OutboxMessageSummary {
  return {
    Id: row.id,
    To: row.mail_to,
    Subject: row.subject,
    Status: row.status,
    AccountId: row.account_id,
    AccountDisplayName: row.account_display_name,
    CreatedAt: row.created_at.toISOString(),
    DeliveredAt: row.delivered_at?.toISOString() ?? null,
  };
}

export async function listOutbox(
  db: Queryable,
  caller: Caller,
  query: { page: number; pageSize: number; search: string },
): Promise<OutboxPage> {
  const { rows, total } = await repo.listMessages(db, scopeOf(caller), {
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { Items: rows.map(toSummary), Total: total, Page: query.page, PageSize: query.pageSize };
}

/** One message with its body; a message outside the caller's scope answers like one that does not exist. */
export async function getOutboxMessage(db: Queryable, caller: Caller, id: string): Promise<OutboxMessage> {
  const row = await repo.findMessage(db, id);
  const scope = scopeOf(caller);
  const visible =
    row !== null &&
    (row.account_path === null
      ? row.account_id === null && scope.includeUnaddressed
      : isInScope(scope.rootPath, row.account_path));
  if (!row || !visible) throw notFound('Message');
  return { ...toSummary(row), From: row.mail_from, Text: row.body_text, Html: row.body_html, Error: row.error };
}
