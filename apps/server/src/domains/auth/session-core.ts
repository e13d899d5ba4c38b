import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../platform/db/db.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { findById, findOrganisation, organisationOfPathSql } from '../accounts/index.js';
import { listPendingTerms } from '../terms/index.js';
import * as repo from './auth.repository.js';
import { nextSessionExpiry } from './auth.rules.js';
import { type CachedCaller, callerCacheFor, isUsable } from './caller-cache.js';

export const SESSION_COOKIE = 'portal_session';
/** While impersonating, the impersonator's own session token waits here for the way back [A6.8]. */
export const ORIGIN_COOKIE = 'portal_origin';

export const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');
export const newSessionToken = () => randomBytes(32).toString('base64url');

export interface AuthSettings {
  /** Idle timeout: each use extends a session by this much. */
  sessionHours: number;
  /** Absolute limit: a session ends this long after sign-in however active it is. */
  sessionMaxHours?: number;
  /** [M2.13], [M5.10] Allowed redirect target prefixes. */
  redirectPrefixes?: readonly string[];
  /** [M6.18] A third-party guidance script the web app loads, except in impersonated sessions. */
  guidanceScriptUrl?: string | null;
  /** [M2.61] The navigation widget's script, mounted in the web app's header. */
  navigationHeaderScriptUrl?: string | null;
}

export const DEFAULT_SESSION_MAX_HOURS = 7 * 24;

export function sessionNotBefore(settings: AuthSettings, now: Date): Date {
  return new Date(now.getTime() - (settings.sessionMaxHours ?? DEFAULT_SESSION_MAX_HOURS) * 3600 * 1000);
}

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Choose a new password before you continue';

/**
 * Builds the caller of a request from its session cookie. A caller who must still replace a first-time password
 * gets no further than the operation layer (which lets only `duringPasswordChange` operations through): every
 * other route (uploads, downloads, reports) answers 403 PASSWORD_CHANGE_REQUIRED.
 */
export function createCallerResolver(settings: AuthSettings) {
  return async (db: Db, request: FastifyRequest): Promise<Caller | null> => {
    const token = request.cookies[SESSION_COOKIE];
    const caller = token ? await cachedCallerForToken(db, token, settings) : null;
    if (caller?.mustChangePassword && request.routeOptions.config?.operations !== true)
      throw new DomainError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE);
    return caller;
  };
}

/**
 * The caller of a session token through this process's caller cache (caller-cache.ts): no statement at all when the
 * session is cached and still usable (but the sliding expiry's occasional write), the lookup of `callerForToken`
 * otherwise.
 */
export async function cachedCallerForToken(db: Db, token: string, settings: AuthSettings): Promise<Caller | null> {
  const cache = await callerCacheFor(db);
  const id = sessionId(token);
  const now = new Date();
  const hit = cache.get(id);
  if (hit && isUsable(hit, now.getTime(), sessionNotBefore(settings, now).getTime())) {
    await slideExpiry(db, hit, settings, now);
    return hit.caller;
  }
  // Expired here may still be alive in the database (another process extended it): look again.
  const generation = cache.generation;
  const entry = await lookUpSession(db, id, settings, now);
  if (entry) cache.set(id, entry, generation);
  return entry?.caller ?? null;
}

/** Sessions slide: every few minutes a request pushes the expiry out (the impersonator's own session with it). */
async function slideExpiry(db: Queryable, entry: CachedCaller, settings: AuthSettings, now: Date) {
  const expiry = nextSessionExpiry({ now, lastSeenAt: new Date(entry.lastSeenAt), sessionHours: settings.sessionHours });
  if (!expiry) return;
  entry.lastSeenAt = now.getTime();
  entry.expiresAt = expiry.getTime();
  await repo.extendSession(db, entry.caller.sessionId, now, expiry);
  // Acting as someone else keeps the impersonator's own session alive for the way back.
  if (entry.origin) {
    entry.origin.expiresAt = expiry.getTime();
    await repo.extendSession(db, entry.origin.id, now, expiry);
  }
}

export async function callerForToken(db: Queryable, token: string, settings: AuthSettings): Promise<Caller | null> {
  return (await lookUpSession(db, sessionId(token), settings, new Date()))?.caller ?? null;
}

async function lookUpSession(db: Queryable, id: string, settings: AuthSettings, now: Date): Promise<CachedCaller | null> {
  const session = await repo.findActiveSession(db, id, now, sessionNotBefore(settings, now), organisationOfPathSql);
  if (!session?.organisation_id || !session.organisation_type || !session.organisation_path) return null;
  const organisation = {
    id: session.organisation_id,
    path: session.organisation_path,
    account_type: session.organisation_type,
    display_name: session.organisation_name ?? '',
  };
  const entry: CachedCaller = {
    caller: callerOf(session, organisation, new Set(session.capabilities)),
    userPath: session.path,
    createdAt: session.created_at.getTime(),
    lastSeenAt: session.last_seen_at.getTime(),
    expiresAt: session.expires_at.getTime(),
    origin:
      session.origin_session_id && session.origin_created_at && session.origin_expires_at
        ? {
            id: session.origin_session_id,
            createdAt: session.origin_created_at.getTime(),
            expiresAt: session.origin_expires_at.getTime(),
          }
        : null,
  };
  await slideExpiry(db, entry, settings, now);
  return entry;
}

function callerOf(
  session: Pick<
    repo.SessionRow,
    'user_id' | 'username' | 'display_name' | 'id' | 'impersonator_id' | 'impersonator_display_name' | 'must_change_password'
  >,
  organisation: { id: number; path: string; account_type: string; display_name: string },
  capabilities: Set<string>,
): Caller {
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
    capabilities,
    // An impersonator acts for the user but never replaces the user's password.
    mustChangePassword: session.impersonator_id === null && session.must_change_password,
  };
}

/** The signed-in user as the web app sees it, with the terms still to accept (none while impersonating [A6.8]). */
export async function describeCaller(db: Queryable, caller: Caller): Promise<CurrentUser> {
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
    TermsConditions: caller.impersonatorId === null ? await listPendingTerms(db, caller.userId) : [],
    MustChangePassword: caller.mustChangePassword === true,
  };
}

/**
 * The caller a background job acts for (a bulk import, say): the user's scope and capabilities as they are now,
 * without a session. Null when the user is gone or terminated.
 */
export async function callerForUser(db: Queryable, userId: number): Promise<Caller | null> {
  const user = await findById(db, userId);
  if (!user || user.account_type !== 'User' || user.state === 'Terminated') return null;
  const organisation = await findOrganisation(db, user.path);
  if (!organisation) return null;
  return {
    userId: user.id,
    username: user.username ?? '',
    displayName: user.display_name,
    sessionId: '',
    impersonatorId: null,
    impersonatorDisplayName: null,
    scope: {
      rootId: organisation.id,
      rootPath: organisation.path,
      rootType: organisation.account_type,
      rootDisplayName: organisation.display_name,
    },
    capabilities: new Set(await repo.listCapabilities(db, user.id)),
  };
}
