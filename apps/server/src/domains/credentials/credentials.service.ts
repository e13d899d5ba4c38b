import { randomBytes } from 'node:crypto';
import type { Job } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound } from '../../platform/errors/domain-error.js';
import { enqueueJob, loadJob } from '../../platform/jobs/index.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { findById as findAccount } from '../accounts/index.js';
import { hashPassword, storePasswordHashes } from '../auth/index.js';
import { bulkTargetRefused, sendToUserRefused } from './credentials.errors.js';
import * as repo from './credentials.repository.js';
import { decideBulkTarget, decideSendToUser, firstTimePasswordMail, generateFirstTimePassword } from './credentials.rules.js';

export const SEND_TO_ALL_JOB_TYPE = 'credentials.send-to-all';

export interface IssuedPassword {
  accountId: number;
  password: string;
  hash: string;
}

const newPassword = (username: string | null) => generateFirstTimePassword({ random: (n) => randomBytes(n), username });

/** argon2id runs on the libuv thread pool (4 threads by default): hash a few at a time, not all at once. */
const HASH_PARALLELISM = 4;

/**
 * Generates and hashes first-time passwords for these users, outside any transaction (hashing is the
 * slow part). `onHashed` hears how many are done, for progress.
 */
export async function issueFirstTimePasswords(
  users: readonly { id: number; username: string | null }[],
  onHashed?: (done: number) => Promise<void>,
): Promise<IssuedPassword[]> {
  const issued: IssuedPassword[] = [];
  for (let i = 0; i < users.length; i += HASH_PARALLELISM) {
    const batch = users.slice(i, i + HASH_PARALLELISM);
    issued.push(
      ...(await Promise.all(
        batch.map(async (u) => {
          const password = newPassword(u.username);
          return { accountId: u.id, password, hash: await hashPassword(password) };
        }),
      )),
    );
    await onHashed?.(issued.length);
  }
  return issued;
}

/** Makes issued passwords the users' passwords and records how they were delivered, in the caller's transaction. */
export async function storeFirstTimePasswords(
  tx: Queryable,
  issued: readonly IssuedPassword[],
  issue: { issuedBy: number | null; delivery: 'email' | 'export'; jobId: string | null },
): Promise<void> {
  // Decision 0010: whoever signs in with a generated password chooses their own before anything else.
  await storePasswordHashes(
    tx,
    issued.map((i) => ({ accountId: i.accountId, hash: i.hash })),
    { mustChange: true },
  );
  await repo.recordIssued(
    tx,
    issued.map((i) => i.accountId),
    issue,
  );
}

/** Sends one user the e-mail with their new first-time password (queued in the outbox with the transaction). */
export async function mailFirstTimePassword(
  tx: Queryable,
  user: { id: number; displayName: string; username: string; email: string },
  password: string,
) {
  const mail = firstTimePasswordMail({ displayName: user.displayName, username: user.username, password });
  return sendMail(tx, {
    to: user.email.trim(),
    subject: mail.subject,
    text: mail.text,
    accountId: user.id,
    secrets: [password],
    kind: 'FirstTimePassword',
  });
}

/** [A7.11] SendUserFirstTimePassword: a new first-time password for one user, e-mailed to User.Values.Email. */
export async function sendUserFirstTimePassword(db: Queryable, caller: Caller, id: number) {
  const row = await findAccount(db, id);
  if (!row) throw notFound();
  const decision = decideSendToUser({
    accountType: row.account_type,
    state: row.state,
    email: row.email,
    username: row.username,
    isMailAddress,
  });
  if (!decision.ok) throw sendToUserRefused(decision.reason);
  const username = row.username as string;
  const email = (row.email as string).trim();
  const [issued] = await issueFirstTimePasswords([{ id: row.id, username }]);
  if (!issued) throw new Error('no password was issued');
  await storeFirstTimePasswords(db, [issued], { issuedBy: caller.userId, delivery: 'email', jobId: null });
  const { messageId } = await mailFirstTimePassword(
    db,
    { id: row.id, displayName: row.display_name, username, email },
    issued.password,
  );
  return { AccountId: row.id, Email: email, MessageId: messageId };
}

/** [A7.11] SendUsersFirstTimePasswordForCompany: queues the job that sends credentials to every active user below. */
export async function startSendToAll(db: Queryable, caller: Caller, id: number): Promise<Job> {
  const row = await findAccount(db, id);
  if (!row) throw notFound();
  const decision = decideBulkTarget({ accountType: row.account_type, state: row.state });
  if (!decision.ok) throw bulkTargetRefused(decision.reason, 'id');
  const jobId = await enqueueJob(db, {
    type: SEND_TO_ALL_JOB_TYPE,
    payload: { accountId: row.id },
    createdBy: caller.userId,
    accountId: row.id,
    maxAttempts: 5,
  });
  return loadJob(db, jobId);
}

export { findIssued } from './credentials.repository.js';
