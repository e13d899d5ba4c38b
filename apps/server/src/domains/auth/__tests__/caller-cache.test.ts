import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../platform/operations/types.js';
import { type CachedCaller, CallerCache, isUsable } from '../caller-cache.js';

const entry = (
  over: { userId?: number; impersonatorId?: number | null; path?: string; originId?: string } = {},
): CachedCaller => ({
  caller: {
    userId: over.userId ?? 10,
    username: 'u',
    displayName: 'U',
    sessionId: 'x',
    impersonatorId: over.impersonatorId ?? null,
    impersonatorDisplayName: null,
    scope: { rootId: 3, rootPath: '/1/2/3/', rootType: 'Company', rootDisplayName: 'C' },
    capabilities: new Set(['A']),
  } satisfies Caller,
  userPath: over.path ?? '/1/2/3/10/',
  createdAt: 1_000,
  lastSeenAt: 1_000,
  expiresAt: 10_000,
  origin: over.originId ? { id: over.originId, createdAt: 1_000, expiresAt: 5_000 } : null,
});

function liveCache() {
  const cache = new CallerCache();
  cache.start();
  return cache;
}

describe('CallerCache', () => {
  it('serves nothing until it listens, and nothing after the notification connection was lost', () => {
    const cache = new CallerCache();
    cache.set('s1', entry(), cache.generation);
    expect(cache.get('s1')).toBeUndefined();
    cache.start();
    cache.set('s1', entry(), cache.generation);
    expect(cache.get('s1')).toBeDefined();
    cache.stop();
    expect(cache.get('s1')).toBeUndefined();
    cache.start();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not store a lookup that began before an invalidation', () => {
    const cache = liveCache();
    const generation = cache.generation;
    cache.invalidate('s:other');
    cache.set('s1', entry(), generation);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops a session and the impersonations started from it', () => {
    const cache = liveCache();
    cache.set('origin', entry(), cache.generation);
    cache.set('acting', entry({ userId: 11, impersonatorId: 10, originId: 'origin' }), cache.generation);
    cache.set('other', entry({ userId: 12, path: '/1/2/3/12/' }), cache.generation);
    cache.invalidate('s:origin');
    expect(cache.get('origin')).toBeUndefined();
    expect(cache.get('acting')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
  });

  it('drops the sessions of a user, as the user and as the impersonator', () => {
    const cache = liveCache();
    cache.set('own', entry(), cache.generation);
    cache.set('acting', entry({ userId: 11, impersonatorId: 10 }), cache.generation);
    cache.set('other', entry({ userId: 12 }), cache.generation);
    cache.invalidate('u:10');
    expect([cache.get('own'), cache.get('acting'), cache.get('other')].map(Boolean)).toEqual([false, false, true]);
  });

  it('drops every session at or below a changed account, by its old path', () => {
    const cache = liveCache();
    cache.set('below', entry({ path: '/1/2/3/10/' }), cache.generation);
    cache.set('elsewhere', entry({ userId: 20, path: '/1/2/4/20/' }), cache.generation);
    cache.invalidate('a:3:/1/2/3/');
    expect(cache.get('below')).toBeUndefined();
    expect(cache.get('elsewhere')).toBeDefined();
  });

  it('forgets everything on "*" and on a payload it does not know', () => {
    const cache = liveCache();
    cache.set('a', entry(), cache.generation);
    cache.invalidate('*');
    expect(cache.size).toBe(0);
    cache.set('a', entry(), cache.generation);
    cache.invalidate('z:something');
    expect(cache.size).toBe(0);
  });

  it('checks the expiry, the absolute limit and the impersonator’s own session in memory', () => {
    expect(isUsable(entry(), 2_000, 500)).toBe(true);
    expect(isUsable(entry(), 10_000, 500)).toBe(false);
    expect(isUsable(entry(), 2_000, 1_000)).toBe(false);
    expect(isUsable(entry({ originId: 'o' }), 6_000, 500)).toBe(false);
  });
});
