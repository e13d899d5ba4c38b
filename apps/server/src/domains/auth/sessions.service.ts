import { createHash } from 'node:crypto';
import type { UserSession } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { Caller, LocatedAccount, OperationContext } from '../../platform/operations/types.js';
import * as accessRepo from './access.repository.js';
import * as repo from './auth.repository.js';
import { assertSelfOr, assertUser } from './security.service.js';
import { type AuthSettings, ORIGIN_COOKIE, SESSION_COOKIE, sessionNotBefore } from './session-core.js';

/** An opaque handle for a session: derived from the stored hash, never revealing it. */
const handleOf = (id: string) => createHash('sha256').update(`session-handle:${id}`).digest('hex').slice(0, 24);

export async function listUserSessions(
  db: Queryable,
  settings: AuthSettings,
  caller: Caller,
  account: LocatedAccount,
  now: Date,
): Promise<UserSession[]> {
  assertUser(account);
  assertSelfOr(caller, account, 'SECURITY_MANAGEMENT_READ');
  const rows = await accessRepo.listActiveSessions(db, account.id, now, sessionNotBefore(settings, now));
  return rows.map((r) => ({
    Id: handleOf(r.id),
    CreatedAt: r.created_at.toISOString(),
    LastSeenAt: r.last_seen_at.toISOString(),
    ExpiresAt: r.expires_at.toISOString(),
    Ip: r.ip,
    UserAgent: r.user_agent,
    IsCurrent: r.id === caller.sessionId,
    Impersonator:
      r.impersonator_id === null ? null : { AccountId: r.impersonator_id, DisplayName: r.impersonator_display_name ?? '' },
  }));
}

export async function revokeUserSession(
  ctx: OperationContext,
  settings: AuthSettings,
  caller: Caller,
  account: LocatedAccount,
  handle: string,
) {
  assertUser(account);
  assertSelfOr(caller, account, 'SECURITY_MANAGEMENT_UPDATE');
  const rows = await accessRepo.listActiveSessions(ctx.db, account.id, ctx.now, sessionNotBefore(settings, ctx.now));
  const row = rows.find((r) => handleOf(r.id) === handle);
  if (!row) throw new DomainError('NOT_FOUND', 'Session not found');
  await repo.deleteSession(ctx.db, row.id);
  if (row.id === caller.sessionId) {
    ctx.cookies.clear(SESSION_COOKIE);
    ctx.cookies.clear(ORIGIN_COOKIE);
  }
  ctx.audit({ accountId: account.id, after: { SessionRevoked: handle } });
  return { ok: true as const };
}

/** Ends every session of a user (a password set by someone who proved control some other way, e.g. a reset link). */
export async function endAllSessions(db: Queryable, userId: number): Promise<void> {
  await accessRepo.deleteOtherSessions(db, userId, []);
}
