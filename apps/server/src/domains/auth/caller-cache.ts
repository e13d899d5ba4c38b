import type { Db } from '../../platform/db/db.js';
import { NotifiedCache, notifiedCacheFor } from '../../platform/db/notified-cache.js';
import type { Caller } from '../../platform/operations/types.js';

/** The channel the database triggers of migration 0124 announce changes on. */
export const CALLER_CACHE_CHANNEL = 'caller_cache';
/** Sessions kept per process; the oldest entry goes first when full. */
export const CALLER_CACHE_SIZE = 10_000;

/** A resolved caller and what decides, without the database, whether its session is still usable. */
export interface CachedCaller {
  caller: Caller;
  /** The user's own account path: a change to any account on it (a move, a termination) drops the entry. */
  userPath: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** While impersonating: the impersonator's own session, which must stay usable too. */
  origin: { id: string; createdAt: number; expiresAt: number } | null;
}

/**
 * The callers of recently used sessions, in this server process, keyed by session id (the SHA-256 of the token).
 * Serves only while the database delivers the change notifications (`Db.listen` on 'caller_cache'): the triggers
 * of migration 0124 announce every change to sessions, role grants, role capabilities, accounts (path, state,
 * type, name, username) and the forced password change, from whichever process made it, and each entry that could
 * depend on it is dropped. Serving, emptying on a lost connection and the generation guard against a racing
 * lookup are the shared NotifiedCache's (platform/db).
 */
export class CallerCache extends NotifiedCache<string, CachedCaller> {
  constructor() {
    super(CALLER_CACHE_SIZE);
  }

  /** Applies one notification payload (see migration 0124). */
  override invalidate(payload: string): void {
    const kind = payload.slice(0, 2);
    const rest = payload.slice(2);
    if (kind === 's:') {
      this.deleteWhere((entry, id) => id === rest || entry.origin?.id === rest);
    } else if (kind === 'u:') {
      const userId = Number(rest);
      this.deleteWhere(({ caller }) => caller.userId === userId || caller.impersonatorId === userId);
    } else if (kind === 'a:') {
      const colon = rest.indexOf(':');
      const accountId = Number(rest.slice(0, colon));
      const path = rest.slice(colon + 1);
      this.deleteWhere(
        ({ caller, userPath }) => userPath.startsWith(path) || caller.userId === accountId || caller.impersonatorId === accountId,
      );
    } else {
      // '*', '' or something this version does not know: forget everything rather than serve a stale right.
      this.clear();
    }
  }
}

/**
 * The caller cache of a database, made on first use: it subscribes to the change notifications and resolves once
 * listening (when subscribing fails the cache never serves and every lookup goes to the database).
 */
export function callerCacheFor(db: Db): Promise<CallerCache> {
  return notifiedCacheFor(
    db,
    CALLER_CACHE_CHANNEL,
    () => new CallerCache(),
    (error) => {
      process.stderr.write(`the caller cache is off: listening for changes failed: ${error.message}\n`);
    },
  );
}

/** Whether a cached session is usable at `now` with the absolute limit `notBefore` (as findActiveSession checks). */
export function isUsable(entry: CachedCaller, now: number, notBefore: number): boolean {
  if (entry.expiresAt <= now || entry.createdAt <= notBefore) return false;
  return entry.origin === null || (entry.origin.expiresAt > now && entry.origin.createdAt > notBefore);
}
