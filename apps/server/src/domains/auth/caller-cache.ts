import type { Db } from '../../platform/db/db.js';
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
 * depend on it is dropped. When the notification connection is lost the cache empties and stops serving until it
 * listens again. A lookup that started before an invalidation never stores its (possibly stale) result.
 */
export class CallerCache {
  private readonly entries = new Map<string, CachedCaller>();
  private live = false;
  /** Bumped by every invalidation: a fill that began under an older generation is not stored. */
  private generationCounter = 0;

  get serving(): boolean {
    return this.live;
  }

  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sessionId: string): CachedCaller | undefined {
    return this.live ? this.entries.get(sessionId) : undefined;
  }

  /** Stores a caller looked up under `generation`, unless something was invalidated meanwhile. */
  set(sessionId: string, entry: CachedCaller, generation: number): void {
    if (!this.live || generation !== this.generationCounter) return;
    if (this.entries.size >= CALLER_CACHE_SIZE && !this.entries.has(sessionId)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, entry);
  }

  delete(sessionId: string): void {
    this.generationCounter++;
    this.entries.delete(sessionId);
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }

  /** Applies one notification payload (see migration 0124). */
  invalidate(payload: string): void {
    this.generationCounter++;
    if (payload === '*' || payload === '') {
      this.entries.clear();
      return;
    }
    const kind = payload.slice(0, 2);
    const rest = payload.slice(2);
    if (kind === 's:') {
      for (const [id, entry] of this.entries) if (id === rest || entry.origin?.id === rest) this.entries.delete(id);
      return;
    }
    if (kind === 'u:') {
      const userId = Number(rest);
      for (const [id, { caller }] of this.entries)
        if (caller.userId === userId || caller.impersonatorId === userId) this.entries.delete(id);
      return;
    }
    if (kind === 'a:') {
      const colon = rest.indexOf(':');
      const accountId = Number(rest.slice(0, colon));
      const path = rest.slice(colon + 1);
      for (const [id, entry] of this.entries) {
        const { caller } = entry;
        if (entry.userPath.startsWith(path) || caller.userId === accountId || caller.impersonatorId === accountId)
          this.entries.delete(id);
      }
      return;
    }
    // Something this version does not know: forget everything rather than serve a stale right.
    this.entries.clear();
  }

  /** Starts serving (listening works); empties first. */
  start(): void {
    this.clear();
    this.live = true;
  }

  /** Stops serving (notifications may be missed); empties. */
  stop(): void {
    this.live = false;
    this.clear();
  }
}

const caches = new WeakMap<Db, Promise<CallerCache>>();

/**
 * The caller cache of a database, made on first use: it subscribes to the change notifications and resolves once
 * listening (when subscribing fails the cache never serves and every lookup goes to the database).
 */
export function callerCacheFor(db: Db): Promise<CallerCache> {
  let cache = caches.get(db);
  if (cache) return cache;
  const created = new CallerCache();
  cache = db
    .listen(CALLER_CACHE_CHANNEL, {
      message: (payload) => created.invalidate(payload),
      lost: () => created.stop(),
      restored: () => created.start(),
    })
    .then(
      () => {
        created.start();
        return created;
      },
      (error: Error) => {
        process.stderr.write(`the caller cache is off: listening for changes failed: ${error.message}\n`);
        return created;
      },
    );
  caches.set(db, cache);
  return cache;
}

/** Whether a cached session is usable at `now` with the absolute limit `notBefore` (as findActiveSession checks). */
export function isUsable(entry: CachedCaller, now: number, notBefore: number): boolean {
  if (entry.expiresAt <= now || entry.createdAt <= notBefore) return false;
  return entry.origin === null || (entry.origin.expiresAt > now && entry.origin.createdAt > notBefore);
}
