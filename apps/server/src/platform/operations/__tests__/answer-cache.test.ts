import { describe, expect, it } from 'vitest';
import { ANSWER_CACHE_CALLERS, ANSWER_MAX_AGE_MS, ANSWERS_PER_CALLER, AnswerCache } from '../answer-cache.js';
import type { Caller } from '../types.js';

/** A caller object: the cache tells callers apart by identity, as the caller cache hands them out. */
const makeCaller = (userId: number) => ({ userId }) as unknown as Caller;

function serving() {
  const cache = new AnswerCache();
  cache.start();
  return cache;
}

describe('AnswerCache', () => {
  it('serves an answer to the caller object it was kept for, and to no other', () => {
    const cache = serving();
    const alice = makeCaller(1);
    cache.keep(alice, 'LoadAccountById {"id":5}', '{"a":1}', cache.generation, 1_000);
    expect(cache.answer(alice, 'LoadAccountById {"id":5}', 1_001)).toBe('{"a":1}');
    // The same user with a new caller object (capabilities changed, a new session): not this answer.
    expect(cache.answer(makeCaller(1), 'LoadAccountById {"id":5}', 1_001)).toBeUndefined();
    expect(cache.answer(alice, 'LoadAccountById {"id":6}', 1_001)).toBeUndefined();
  });

  it('stops serving an answer once it is ANSWER_MAX_AGE_MS old', () => {
    const cache = serving();
    const caller = makeCaller(1);
    cache.keep(caller, 'k', 'v', cache.generation, 0);
    expect(cache.answer(caller, 'k', ANSWER_MAX_AGE_MS - 1)).toBe('v');
    expect(cache.answer(caller, 'k', ANSWER_MAX_AGE_MS)).toBeUndefined();
    expect(cache.answer(caller, 'k', 0)).toBeUndefined();
  });

  it('does not keep an answer computed while data changed', () => {
    const cache = serving();
    const caller = makeCaller(1);
    const generation = cache.generation;
    cache.invalidate('');
    cache.keep(caller, 'k', 'stale', generation, 0);
    expect(cache.answer(caller, 'k', 1)).toBeUndefined();
  });

  it('drops every answer on any data change', () => {
    const cache = serving();
    const [a, b] = [makeCaller(1), makeCaller(2)];
    cache.keep(a, 'k', 'va', cache.generation, 0);
    cache.keep(b, 'k', 'vb', cache.generation, 0);
    cache.invalidate('');
    expect([cache.answer(a, 'k', 1), cache.answer(b, 'k', 1)]).toEqual([undefined, undefined]);
  });

  it('keeps nothing and serves nothing while not listening', () => {
    const cache = new AnswerCache();
    const caller = makeCaller(1);
    cache.keep(caller, 'k', 'v', cache.generation, 0);
    expect(cache.answer(caller, 'k', 1)).toBeUndefined();
    cache.start();
    cache.keep(caller, 'k', 'v', cache.generation, 0);
    cache.stop();
    expect(cache.answer(caller, 'k', 1)).toBeUndefined();
  });

  it('keeps the newest ANSWERS_PER_CALLER answers of a caller', () => {
    const cache = serving();
    const caller = makeCaller(1);
    for (let i = 0; i <= ANSWERS_PER_CALLER; i++) cache.keep(caller, `k${i}`, `v${i}`, cache.generation, 0);
    expect(cache.answer(caller, 'k0', 1)).toBeUndefined();
    expect(cache.answer(caller, 'k1', 1)).toBe('v1');
    expect(cache.answer(caller, `k${ANSWERS_PER_CALLER}`, 1)).toBe(`v${ANSWERS_PER_CALLER}`);
  });

  it('keeps the answers within its byte budget, forgetting the callers used least recently first', () => {
    // Each answer counts 2 bytes a character: 100 characters are 200 bytes, so three fit in 700 bytes and a fourth does not.
    const cache = new AnswerCache(700);
    cache.start();
    const callers = [1, 2, 3, 4].map(makeCaller) as [Caller, Caller, Caller, Caller];
    const body = 'x'.repeat(100);
    for (const c of callers.slice(0, 3)) cache.keep(c, 'k', body, cache.generation, 0);
    expect(cache.keptBytes).toBe(600);
    expect(cache.answer(callers[0], 'k', 1)).toBe(body);
    cache.keep(callers[3], 'k', body, cache.generation, 0);
    expect(cache.keptBytes).toBe(600);
    expect(cache.answer(callers[1], 'k', 1)).toBeUndefined();
    expect([callers[0], callers[2], callers[3]].map((c) => cache.answer(c, 'k', 1))).toEqual([body, body, body]);
    // An answer bigger than the whole budget is not kept at all; replacing an answer counts it once.
    cache.keep(callers[0], 'big', 'y'.repeat(400), cache.generation, 0);
    expect(cache.answer(callers[0], 'big', 1)).toBeUndefined();
    cache.keep(callers[0], 'k', body, cache.generation, 0);
    expect(cache.keptBytes).toBe(600);
    cache.invalidate('');
    expect(cache.keptBytes).toBe(0);
  });

  it('when full, forgets the caller served least recently', () => {
    const cache = serving();
    const callers = Array.from({ length: ANSWER_CACHE_CALLERS }, (_, i) => makeCaller(i));
    for (const c of callers) cache.keep(c, 'k', 'v', cache.generation, 0);
    const [first, second] = callers as [Caller, Caller];
    // The first caller is served again, so the second is now the least recently used.
    expect(cache.answer(first, 'k', 1)).toBe('v');
    cache.keep(makeCaller(-1), 'k', 'v', cache.generation, 0);
    expect(cache.answer(first, 'k', 1)).toBe('v');
    expect(cache.answer(second, 'k', 1)).toBeUndefined();
  });
});
