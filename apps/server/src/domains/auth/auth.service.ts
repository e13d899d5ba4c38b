import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../platform/db/db.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import { findOrganisation } from '../accounts/index.js';
import * as repo from './auth.repository.js';
import { isSignInThrottled, nextSessionExpiry, SIGN_IN_WINDOW_MINUTES } from './auth.rules.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'portal_session';

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthSettings {
  sessionHours: number;
}

/** Builds the caller of a request from its session cookie. */
export function createCallerResolver(settings: AuthSettings) {
  return async (db: Db, request: FastifyRequest): Promise<Caller | null> => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? callerForToken(db, token, settings) : null;
  };
}

async function callerForToken(db: Queryable, token: string, settings: AuthSettings): Promise<Caller | null> {
  {
    const now = new Date();
    const session = await repo.findActiveSession(db, sessionId(token), now);
    if (!session) return null;
    const organisation = await findOrganisation(db, session.path);
    if (!organisation) return null;
    const expiry = nextSessionExpiry({
      now,
      lastSeenAt: session.last_seen_at,
      sessionHours: settings.sessionHours,
    });
    if (expiry) await repo.extendSession(db, session.id, now, expiry);
    return {
      userId: session.user_id,
      username: session.username,
      displayName: session.display_name,
      sessionId: session.id,
      impersonatorId: session.impersonator_id,
      impersonatorDisplayName: session.impersonator_display_name,
      scope: {
        rootId: organisation.id,
        rootPath: organisation.path,
        rootType: organisation.account_type,
        rootDisplayName: organisation.display_name,
      },
      capabilities: new Set(await repo.listCapabilities(db, session.user_id)),
    };
  }
}

export function describeCaller(caller: Caller): CurrentUser {
  return {
    AccountId: caller.userId,
    Username: caller.username,
    DisplayName: caller.displayName,
    CompanyAccountId: caller.scope.rootId,
    CompanyAccountType: caller.scope.rootType as CurrentUser['CompanyAccountType'],
    CompanyDisplayName: caller.scope.rootDisplayName,
    Capabilities: [...caller.capabilities].sort(),
    Impersonator:
      caller.impersonatorId === null
        ? null
        : {
            AccountId: caller.impersonatorId,
            DisplayName: caller.impersonatorDisplayName ?? '',
          },
  };
}

const INVALID = 'The username or password is incorrect';

export async function signIn(
  ctx: OperationContext,
  settings: AuthSettings,
  input: { Username: string; Password: string },
): Promise<CurrentUser> {
  const since = new Date(ctx.now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const failures = await repo.countRecentFailures(ctx.db, input.Username, ctx.ip, since);
  if (
    isSignInThrottled({
      failuresForUsername: failures.by_user,
      failuresFromIp: failures.by_ip,
    })
  ) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many failed sign-in attempts. Wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again.`,
    );
  }
  const user = await repo.findUserForSignIn(ctx.db, input.Username);
  const valid = await verifyPassword(user?.password_hash ?? null, input.Password);
  if (!user || !valid || user.state === 'Terminated') {
    // Recorded after the rollback: the failure must count even though this operation fails.
    ctx.onRollback((db) => repo.recordSignInAttempt(db, input.Username, ctx.ip, false));
    throw new DomainError('UNAUTHENTICATED', INVALID, [{ field: 'Password', message: INVALID }]);
  }
  await repo.recordSignInAttempt(ctx.db, input.Username, ctx.ip, true);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + settings.sessionHours * 3600 * 1000);
  await repo.insertSession(ctx.db, {
    id: sessionId(token),
    userId: user.id,
    expiresAt,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  ctx.cookies.set(SESSION_COOKIE, token, {
    maxAgeSeconds: settings.sessionHours * 3600,
  });
  ctx.audit({
    actorId: user.id,
    accountId: user.id,
    after: { Username: input.Username },
  });
  // The session row is not committed yet: read it back through the transaction.
  const caller = await callerForToken(ctx.db, token, settings);
  if (!caller) throw new Error(`the new session of user ${user.id} could not be read back`);
  return describeCaller(caller);
}

export async function signOut(ctx: OperationContext, caller: Caller) {
  await repo.deleteSession(ctx.db, caller.sessionId);
  ctx.cookies.clear(SESSION_COOKIE);
  return { ok: true as const };
}

export async function setPassword(db: Queryable, accountId: number, password: string) {
  await repo.upsertPassword(db, accountId, await hashPassword(password));
}

/** Sets the passwords of several users from argon2id hashes computed beforehand (outside the transaction). */
export async function storePasswordHashes(db: Queryable, entries: readonly { accountId: number; hash: string }[]) {
  await repo.upsertPasswordHashes(db, entries);
}
