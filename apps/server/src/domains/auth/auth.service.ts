import type { CurrentUser } from '@portal/contracts';
import type { Db, Queryable } from '../../platform/db/db.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import * as accessRepo from './access.repository.js';
import { decideSecondFactor, isPasswordExpired } from './access.rules.js';
import * as repo from './auth.repository.js';
import {
  alertWindowStart,
  failedSignInsMail,
  needsFailedSignInAlert,
  SIGN_IN_WINDOW_MINUTES,
  signInRetryAfterSeconds,
} from './auth.rules.js';
import { exchangeImpersonationToken } from './impersonation.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  assertAcceptablePassword,
  createRecoveryCodes,
  policyForPath,
  verifyEnrolmentCode,
  verifySecondFactor,
} from './security.service.js';
import {
  type AuthSettings,
  callerForToken,
  describeCaller,
  newSessionToken,
  ORIGIN_COOKIE,
  SESSION_COOKIE,
  sessionId,
} from './session-core.js';

const INVALID = 'The username or password is incorrect';

export interface SignInInput {
  Username?: string | undefined;
  Password?: string | undefined;
  Code?: string | undefined;
  NewPassword?: string | undefined;
  ImpersonationToken?: string | undefined;
}

/**
 * Throws 429 with Retry-After while this address must still wait after its consecutive failures for this username
 * (growing delays; other addresses, and other usernames from this address, are not slowed down).
 */
export async function assertNotThrottled(ctx: OperationContext, username: string) {
  const since = new Date(ctx.now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const { failures, lastFailureAt } = await repo.consecutiveFailures(ctx.db, username, ctx.ip, since);
  const wait = signInRetryAfterSeconds({ consecutiveFailures: failures, lastFailureAt, now: ctx.now });
  if (wait > 0) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts. Try again in ${wait === 1 ? '1 second' : `${wait} seconds`}.`,
      [],
      { retryAfter: wait },
    );
  }
}

/**
 * Records a failed attempt outside the operation's rolled-back transaction and, after repeated failures for the
 * username, queues the e-mail that tells the user (at most one per window).
 */
async function recordFailure(db: Db, username: string, ip: string, now: Date) {
  await db.transaction(async (tx) => {
    await repo.recordSignInAttempt(tx, username, ip, false);
    const windowStart = alertWindowStart(now);
    if (!needsFailedSignInAlert(await repo.countFailuresForUsername(tx, username, windowStart))) return;
    const user = await repo.findAlertRecipient(tx, username);
    const to = user?.email?.trim() ?? '';
    if (!user || !isMailAddress(to) || !(await repo.claimSignInAlert(tx, user.id, now, windowStart))) return;
    const failures = await repo.countFailuresForUsername(tx, username, windowStart);
    const mail = failedSignInsMail({ displayName: user.display_name, username: user.username, failures, lastAddress: ip });
    await sendMail(tx, { to, subject: mail.subject, text: mail.text, accountId: user.id, kind: 'FailedSignIns' });
  });
}

/** Counts a failed attempt even though the operation's transaction rolls back, then throws. */
export function failSignIn(ctx: OperationContext, username: string, field: string, message: string): never {
  ctx.onRollback((db) => recordFailure(db, username, ctx.ip, ctx.now));
  throw new DomainError('UNAUTHENTICATED', message, [{ field, message }]);
}

/** Checks username and password with throttling; the user row when they match. */
export async function checkPassword(ctx: OperationContext, username: string, password: string) {
  await assertNotThrottled(ctx, username);
  const user = await repo.findUserForSignIn(ctx.db, username);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid || user.state === 'Terminated') failSignIn(ctx, username, 'Password', INVALID);
  return user;
}

/**
 * Authenticate [A7.11]: the password, then the second factor when the user has one or the organisation requires
 * one, then a new password when the old one expired; or the exchange of an impersonation token.
 */
export async function signIn(
  ctx: OperationContext,
  settings: AuthSettings,
  input: SignInInput,
): Promise<{ User: CurrentUser; RecoveryCodes?: string[] }> {
  if (input.ImpersonationToken) return { User: await exchangeImpersonationToken(ctx, settings, input.ImpersonationToken) };
  const username = input.Username ?? '';
  const user = await checkPassword(ctx, username, input.Password ?? '');

  const policy = await policyForPath(ctx.db, user.path);
  const factor = await accessRepo.findFactor(ctx.db, user.id, true);
  const step = decideSecondFactor({
    hasConfirmedFactor: factor?.confirmed_at != null,
    hasPendingFactor: factor !== null && factor.confirmed_at === null,
    mfaRequired: policy.MfaRequired,
    codeGiven: Boolean(input.Code),
  });
  let recoveryCodes: string[] | undefined;
  switch (step.kind) {
    case 'ask':
      throw new DomainError('MFA_REQUIRED', 'Enter the code from your authenticator app', [
        { field: 'Code', message: 'Enter the code from your authenticator app' },
      ]);
    case 'enrol-first':
      throw new DomainError(
        'MFA_ENROLMENT_REQUIRED',
        'Your organisation requires a second sign-in step. Set up an authenticator app to continue.',
      );
    case 'verify':
      if (!factor || !(await verifySecondFactor(ctx.db, user.id, factor, input.Code ?? '', ctx.now)))
        failSignIn(ctx, username, 'Code', 'The code is not valid');
      break;
    case 'verify-enrolment':
      if (!factor || !(await verifyEnrolmentCode(ctx.db, user.id, factor, input.Code ?? '', ctx.now)))
        failSignIn(ctx, username, 'Code', 'The code is not valid');
      recoveryCodes = await createRecoveryCodes(ctx.db, user.id);
      break;
    case 'none':
      break;
  }

  if (isPasswordExpired({ changedAt: user.password_changed_at, policy, now: ctx.now })) {
    if (!input.NewPassword)
      throw new DomainError('PASSWORD_EXPIRED', 'Your password has expired. Choose a new one.', [
        { field: 'NewPassword', message: 'Choose a new password' },
      ]);
    await assertAcceptablePassword(ctx.db, { userId: user.id, username: user.username, policy, password: input.NewPassword });
    await repo.upsertPassword(ctx.db, user.id, await hashPassword(input.NewPassword));
  }

  await repo.recordSignInAttempt(ctx.db, username, ctx.ip, true);
  ctx.audit({
    actorId: user.id,
    accountId: user.id,
    after: { Username: username, SecondFactor: step.kind !== 'none', ExpiredCredentialReplaced: Boolean(input.NewPassword) },
  });
  const User = await startSession(ctx, settings, user.id);
  return { User, ...(recoveryCodes ? { RecoveryCodes: recoveryCodes } : {}) };
}

/**
 * Starts a session for a user whose identity was proven (by password or by single sign-on): the session row, its
 * cookie, and the signed-in user as the web app sees it. The caller checks the credentials and writes the audit row.
 */
export async function startSession(ctx: OperationContext, settings: AuthSettings, userId: number): Promise<CurrentUser> {
  const token = newSessionToken();
  const expiresAt = new Date(ctx.now.getTime() + settings.sessionHours * 3600 * 1000);
  await repo.insertSession(ctx.db, {
    id: sessionId(token),
    userId,
    expiresAt,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.cookies.set(SESSION_COOKIE, token, {
    maxAgeSeconds: settings.sessionHours * 3600,
  });
  ctx.cookies.clear(ORIGIN_COOKIE);
  // The session row is not committed yet: read it back through the transaction.
  const caller = await callerForToken(ctx.db, token, settings);
  if (!caller) throw new Error(`the new session of user ${userId} could not be read back`);
  return describeCaller(ctx.db, caller);
}

/** Records the outcome of a sign-in attempt for the lockout; a failure is kept although the transaction rolls back. */
export async function recordSignInOutcome(ctx: OperationContext, username: string, succeeded: boolean): Promise<void> {
  if (succeeded) await repo.recordSignInAttempt(ctx.db, username, ctx.ip, true);
  else ctx.onRollback((db) => recordFailure(db, username, ctx.ip, ctx.now));
}

/** Ends the session; signing out of an impersonation ends the impersonator's own session too. */
export async function signOut(ctx: OperationContext, caller: Caller) {
  const session = await accessRepo.findSession(ctx.db, caller.sessionId);
  await repo.deleteSession(ctx.db, session?.origin_session_id ?? caller.sessionId);
  await repo.deleteSession(ctx.db, caller.sessionId);
  ctx.cookies.clear(SESSION_COOKIE);
  ctx.cookies.clear(ORIGIN_COOKIE);
  return { ok: true as const };
}

/** Sets a user's password; with `mustChange` the user has to choose a new one at the next sign-in. */
export async function setPassword(db: Queryable, accountId: number, password: string, options: { mustChange?: boolean } = {}) {
  await repo.upsertPassword(db, accountId, await hashPassword(password), options.mustChange ?? false);
}

/**
 * Sets the passwords of several users from argon2id hashes computed beforehand (outside the transaction); with
 * `mustChange` (generated first-time passwords) each user has to choose a new one at the next sign-in.
 */
export async function storePasswordHashes(
  db: Queryable,
  entries: readonly { accountId: number; hash: string }[],
  options: { mustChange?: boolean } = {},
) {
  await repo.upsertPasswordHashes(db, entries, options.mustChange ?? false);
}
