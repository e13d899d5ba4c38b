import { createHash, randomBytes } from 'node:crypto';
import { DomainError, validationFailed } from '../../platform/errors/domain-error.js';
import { sendMail } from '../../platform/mail/index.js';
import type { OperationContext } from '../../platform/operations/types.js';
import { assertAcceptablePassword, endAllSessions, policyForPath, setPassword } from '../auth/index.js';
import * as repo from './password-reset.repository.js';
import {
  isRequestThrottled,
  isResetThrottled,
  MAX_USERS_PER_ADDRESS,
  RESET_WINDOW_MINUTES,
  resetLink,
  resetMail,
  resetTokenExpiry,
  type TokenProblem,
  tokenProblem,
} from './password-reset.rules.js';

export interface PasswordResetSettings {
  /** The portal's public address, the base of the link in the e-mail. */
  publicUrl: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const windowStart = (now: Date) => new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000);

/**
 * [M2.15], [M4.11] RequestPasswordReset: e-mails a link to each matching user (by username, else by e-mail address).
 * The answer is the same whether or not anyone matched; `registerResetTiming` makes it take the same time too.
 */
export async function requestPasswordReset(ctx: OperationContext, settings: PasswordResetSettings, typed: string) {
  const counts = await repo.countAttempts(ctx.db, 'request', typed, ctx.ip, windowStart(ctx.now));
  if (isRequestThrottled({ requestsForUsername: counts.by_user, requestsFromIp: counts.by_ip })) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many password reset requests. Wait ${RESET_WINDOW_MINUTES} minutes and try again.`,
    );
  }
  await repo.recordAttempt(ctx.db, 'request', typed, ctx.ip);
  const users = await repo.findUsers(ctx.db, typed, MAX_USERS_PER_ADDRESS);
  let sent = 0;
  for (const user of users) {
    const email = user.email?.trim() ?? '';
    const token = newToken();
    await repo.insertToken(ctx.db, { tokenHash: hashToken(token), userId: user.id, expiresAt: resetTokenExpiry(ctx.now) });
    // A user without a usable address cannot get a link; the answer does not say so.
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) continue;
    const mail = resetMail({
      displayName: user.display_name,
      username: user.username,
      link: resetLink(settings.publicUrl, user.username, token),
    });
    await sendMail(ctx.db, {
      to: email,
      subject: mail.subject,
      text: mail.text,
      accountId: user.id,
      secrets: [token],
      kind: 'PasswordReset',
    });
    ctx.audit({ actorId: null, accountId: user.id, after: { Reset: 'link e-mailed' } });
    sent++;
  }
  if (sent === 0) {
    // Spend the same kind of work as the found path, and record the request without naming an account.
    hashToken(newToken());
    ctx.audit({ actorId: null, accountId: null, after: { Reset: 'requested, no e-mail sent' } });
  }
  return { ok: true as const };
}

const TOKEN_MESSAGES: Record<TokenProblem, string> = {
  unknown: 'This reset link is not valid. Ask for a new one.',
  'other-user': 'This reset link is not valid. Ask for a new one.',
  used: 'This reset link was already used. Ask for a new one.',
  expired: 'This reset link has expired. Ask for a new one.',
};

/**
 * [M3.8], [M4.11] ResetPassword: a valid, unspent, unexpired link of this user sets a password meeting [M5.1] and
 * the organisation's policy; every session of the user ends and every open link of the user is spent.
 */
export async function resetPassword(ctx: OperationContext, input: { Username: string; Token: string; Password: string }) {
  const since = windowStart(ctx.now);
  const failures = await repo.countAttempts(ctx.db, 'failed-reset', input.Username, ctx.ip, since);
  if (isResetThrottled({ failuresForUsername: failures.by_user, failuresFromIp: failures.by_ip })) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many failed password resets. Wait ${RESET_WINDOW_MINUTES} minutes and try again.`,
    );
  }
  const user = await repo.findUserByUsername(ctx.db, input.Username);
  const token = await repo.lockToken(ctx.db, hashToken(input.Token));
  const problem = tokenProblem(token, { userId: user?.id ?? null, now: ctx.now });
  if (problem !== null || user === null) {
    ctx.onRollback((db) => repo.recordAttempt(db, 'failed-reset', input.Username, ctx.ip));
    const message = TOKEN_MESSAGES[problem ?? 'unknown'];
    throw validationFailed([{ field: 'Token', message }], message);
  }
  const policy = await policyForPath(ctx.db, user.path);
  await assertAcceptablePassword(ctx.db, {
    userId: user.id,
    username: user.username,
    policy,
    password: input.Password,
    field: 'Password',
  });
  await setPassword(ctx.db, user.id, input.Password);
  const spent = await repo.spendAllTokens(ctx.db, user.id, ctx.now);
  await endAllSessions(ctx.db, user.id);
  ctx.audit({
    actorId: user.id,
    accountId: user.id,
    after: { Reset: 'new password set with an e-mailed link', SessionsEnded: true, LinksSpent: spent },
  });
  return { ok: true as const };
}
