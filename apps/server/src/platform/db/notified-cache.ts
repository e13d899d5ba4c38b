import type { Db } from './db-types.js';

/**
 * A process-local cache that serves only while the database delivers the change notifications of one channel
 * (`Db.listen`), so that a change made by any process reaches every process's copy before it is served again.
 *
 * - It serves nothing until listening works, and stops serving (emptied) when the listening connection is lost;
 *   once listening again it empties and serves again.
 * - Every invalidation bumps a generation: a value loaded under an older generation is not stored, so a load that
 *   raced with a change never leaves its possibly stale result behind.
 * - When full, the oldest entry goes first (a subclass may `touch` an entry it serves, to keep the used ones).
 *
 * Subclasses (or `onMessage`) decide which entries a notification payload drops; by default every payload
 * empties the cache.
 */
export class NotifiedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private live = false;
  private generationCounter = 0;

  constructor(private readonly maxEntries = Number.POSITIVE_INFINITY) {}

  /** Whether entries are served (listening works). */
  get serving(): boolean {
    return this.live;
  }

  /** Read before a load; pass to `set` with the loaded value. */
  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  /** Stores a value loaded under `generation`, unless something was invalidated meanwhile or it is not serving. */
  set(key: K, value: V, generation: number): void {
    if (!this.live || generation !== this.generationCounter) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }

  /** Moves an entry to the end of the eviction order (used again), without invalidating anything. */
  protected touch(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, value);
  }

  /** The entry first in the eviction order (the oldest, or the one used least recently when entries are touched). */
  protected oldestKey(): K | undefined {
    return this.entries.keys().next().value;
  }

  /** Removes an entry to make room: not an invalidation, so loads under way may still store theirs. */
  protected evict(key: K): void {
    this.entries.delete(key);
  }

  delete(key: K): void {
    this.generationCounter++;
    this.entries.delete(key);
  }

  /** Drops every entry the predicate picks. */
  deleteWhere(drop: (value: V, key: K) => boolean): void {
    this.generationCounter++;
    for (const [key, value] of this.entries) if (drop(value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }

  /** Applies one notification payload; by default, forgets everything. */
  invalidate(_payload: string): void {
    this.clear();
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

const subscriptions = new WeakMap<Db, Map<string, Promise<NotifiedCache<unknown, unknown>>>>();

/**
 * The cache of `channel` on a database, made by `create` on first use and kept for the database's life: it
 * subscribes to the channel and resolves once listening. When subscribing fails, the cache never serves and every
 * lookup goes to the database (`onListenFailed` is told why).
 */
export function notifiedCacheFor<C extends NotifiedCache<unknown, unknown>>(
  db: Db,
  channel: string,
  create: () => C,
  onListenFailed?: (error: Error) => void,
): Promise<C> {
  let byChannel = subscriptions.get(db);
  if (!byChannel) {
    byChannel = new Map();
    subscriptions.set(db, byChannel);
  }
  const existing = byChannel.get(channel);
  if (existing) return existing as Promise<C>;
  const cache = create();
  const ready = db
    .listen(channel, {
      message: (payload) => cache.invalidate(payload),
      lost: () => cache.stop(),
      restored: () => cache.start(),
    })
    .then(
      () => {
        cache.start();
        return cache;
      },
      (error: Error) => {
        onListenFailed?.(error);
        return cache;
      },
    );
  byChannel.set(channel, ready);
  return ready;
}
