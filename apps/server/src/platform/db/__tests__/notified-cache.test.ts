import { describe, expect, it } from 'vitest';
import type { Db, NotificationHandler } from '../db.js';
import { NotifiedCache, notifiedCacheFor } from '../notified-cache.js';

/** A database whose notifications the test delivers by hand. */
function fakeDb(options: { listenFails?: boolean } = {}) {
  const handlers = new Map<string, NotificationHandler>();
  const db = {
    listen: async (channel: string, handler: NotificationHandler) => {
      if (options.listenFails) throw new Error('no LISTEN here');
      handlers.set(channel, handler);
    },
  } as unknown as Db;
  return { db, handlers };
}

describe('NotifiedCache', () => {
  it('keeps the newest entries when full, dropping the oldest first', () => {
    const cache = new NotifiedCache<string, number>(2);
    cache.start();
    cache.set('a', 1, cache.generation);
    cache.set('b', 2, cache.generation);
    cache.set('c', 3, cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('does not store a value loaded before an invalidation', () => {
    const cache = new NotifiedCache<string, number>();
    cache.start();
    const generation = cache.generation;
    cache.invalidate('anything');
    cache.set('a', 1, generation);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('notifiedCacheFor', () => {
  it('serves once listening, empties on every notification, and stops serving while delivery is lost', async () => {
    const { db, handlers } = fakeDb();
    const cache = await notifiedCacheFor(db, 'things', () => new NotifiedCache<string, number>());
    const handler = handlers.get('things');
    cache.set('a', 1, cache.generation);
    expect(cache.get('a')).toBe(1);

    handler?.message('changed');
    expect(cache.get('a')).toBeUndefined();

    cache.set('a', 1, cache.generation);
    handler?.lost();
    cache.set('b', 2, cache.generation);
    expect([cache.serving, cache.get('a'), cache.get('b')]).toEqual([false, undefined, undefined]);

    handler?.restored();
    cache.set('b', 2, cache.generation);
    expect([cache.serving, cache.get('b')]).toEqual([true, 2]);
  });

  it('makes one cache per database and channel', async () => {
    const { db } = fakeDb();
    const first = notifiedCacheFor(db, 'things', () => new NotifiedCache());
    const again = notifiedCacheFor(db, 'things', () => new NotifiedCache());
    const other = notifiedCacheFor(db, 'others', () => new NotifiedCache());
    expect(await again).toBe(await first);
    expect(await other).not.toBe(await first);
  });

  it('never serves when listening fails, and says why', async () => {
    const { db } = fakeDb({ listenFails: true });
    const reasons: string[] = [];
    const cache = await notifiedCacheFor(
      db,
      'things',
      () => new NotifiedCache<string, number>(),
      (e) => reasons.push(e.message),
    );
    cache.set('a', 1, cache.generation);
    expect([cache.serving, cache.get('a'), reasons]).toEqual([false, undefined, ['no LISTEN here']]);
  });
});
