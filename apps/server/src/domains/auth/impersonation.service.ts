import type { CurrentUser } from '@portal/contracts';
import { DomainError, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller, LocatedAccount, OperationContext } from '../../platform/operations/types.js';
import { findById, findOrganisation } from '../accounts/index.js';
import * as accessRepo from './access.repository.js';
import { decideImpersonation, impersonationExpiry } from './access.rules.js';
import * as repo from './auth.repository.js';
import {
  type AuthSettings,
  callerForToken,
  describeCaller,
  newSessionToken,
  ORIGIN_COOKIE,
  SESSION_COOKIE,
  sessionId,
} from './session-core.js';

/** How long the token from Impersonate stays good for the Authenticate that follows it. */
const GRANT_SECONDS = 60;

/** [A6.8], [A7.11] Impersonate(id): checks the target and hands out a one-time token for Authenticate. */
export async function impersonate(ctx: OperationContext, caller: Caller, account: LocatedAccount) {
  const target = await findById(ctx.db, account.id);
  if (!target) throw new DomainError('NOT_FOUND', 'Account not found');
  const organisation = await findOrganisation(ctx.db, target.path);
  const decision = decideImpersonation({
    callerUserId: caller.userId,
    callerImpersonatorId: caller.impersonatorId,
    callerOrganisationId: caller.scope.rootId,
    callerCapabilities: caller.capabilities,
    target: {
      id: target.id,
      type: target.account_type,
      state: target.state,
      organisationId: organisation?.id ?? -1,
      capabilities: target.account_type === 'User' ? await repo.listCapabilities(ctx.db, target.id) : [],
    },
  });
  if (decision.kind === 'refuse') {
    if (decision.code === 'VALIDATION_FAILED') throw validationFailed([{ field: 'id', message: decision.message }]);
    throw new DomainError(decision.code, decision.message);
  }
  const token = newSessionToken();
  await accessRepo.insertGrant(ctx.db, {
    tokenHash: sessionId(token),
    impersonatorId: caller.userId,
    targetId: target.id,
    originSessionId: caller.sessionId,
    expiresAt: new Date(ctx.now.getTime() + GRANT_SECONDS * 1000),
  });
  ctx.audit({ accountId: target.id, after: { Impersonate: target.display_name } });
  return { ImpersonationToken: token };
}

/**
 * Authenticate with an ImpersonationToken: only the session that asked for the token may use it, once. The
 * impersonator's cookie moves aside (ORIGIN_COOKIE) and the impersonated session takes its place.
 */
export async function exchangeImpersonationToken(
  ctx: OperationContext,
  settings: AuthSettings,
  token: string,
): Promise<CurrentUser> {
  const tokenHash = sessionId(token);
  const invalid = () => {
    // A token shown to the wrong session is burnt, even though this transaction rolls back.
    ctx.onRollback((db) => accessRepo.takeGrant(db, tokenHash, ctx.now).then(() => undefined));
    return new DomainError('UNAUTHENTICATED', 'This impersonation link is no longer valid. Start again from the account page.');
  };
  const grant = await accessRepo.takeGrant(ctx.db, tokenHash, ctx.now);
  const caller = ctx.caller;
  const originToken = ctx.cookies.get(SESSION_COOKIE);
  if (!grant || !caller || !originToken || caller.sessionId !== grant.origin_session_id || caller.impersonatorId !== null) {
    throw invalid();
  }
  const target = await findById(ctx.db, grant.target_id);
  if (target?.account_type !== 'User' || target.state === 'Terminated') throw invalid();
  const origin = await accessRepo.findSession(ctx.db, caller.sessionId);
  if (!origin) throw invalid();

  const newToken = newSessionToken();
  const expiresAt = impersonationExpiry({
    now: ctx.now,
    originExpiresAt: origin.expires_at,
    sessionHours: settings.sessionHours,
  });
  await accessRepo.insertImpersonatedSession(ctx.db, {
    id: sessionId(newToken),
    userId: target.id,
    impersonatorId: caller.userId,
    originSessionId: caller.sessionId,
    expiresAt,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  const maxAgeSeconds = settings.sessionHours * 3600;
  ctx.cookies.set(ORIGIN_COOKIE, originToken, { maxAgeSeconds });
  ctx.cookies.set(SESSION_COOKIE, newToken, { maxAgeSeconds });
  ctx.audit({ actorId: caller.userId, accountId: target.id, after: { ImpersonationStarted: target.display_name } });
  const impersonated = await callerForToken(ctx.db, newToken, settings);
  if (!impersonated) throw new Error(`the impersonated session of user ${target.id} could not be read back`);
  return describeCaller(ctx.db, impersonated);
}

/** [A6.8] One click back: ends the impersonated session and restores the impersonator's own. */
export async function stopImpersonation(ctx: OperationContext, settings: AuthSettings, caller: Caller) {
  if (caller.impersonatorId === null) throw new DomainError('CONFLICT', 'You are not impersonating anyone');
  const session = await accessRepo.findSession(ctx.db, caller.sessionId);
  const originToken = ctx.cookies.get(ORIGIN_COOKIE);
  await repo.deleteSession(ctx.db, caller.sessionId);
  ctx.cookies.clear(ORIGIN_COOKIE);
  const own =
    originToken && session?.origin_session_id === sessionId(originToken)
      ? await callerForToken(ctx.db, originToken, settings)
      : null;
  if (!own || own.userId !== caller.impersonatorId) {
    ctx.cookies.clear(SESSION_COOKIE);
    // The impersonated session is gone either way; what is left is to sign in again.
    ctx.onRollback((db) => repo.deleteSession(db, caller.sessionId));
    throw new DomainError('UNAUTHENTICATED', 'Your own session has ended. Sign in again.');
  }
  ctx.cookies.set(SESSION_COOKIE, originToken as string, { maxAgeSeconds: settings.sessionHours * 3600 });
  ctx.audit({ accountId: caller.userId, after: { ImpersonationEnded: caller.displayName } });
  return { User: await describeCaller(ctx.db, own) };
}
