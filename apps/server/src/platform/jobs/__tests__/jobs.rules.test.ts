import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  clampProgress,
  decideAfterFailure,
  decideClaim,
  isLeaseExpired,
  progressOf,
  shouldWriteProgress,
} from '../jobs.rules.js';

const policy = { baseMs: 1000, maxMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

describe('backoffDelayMs', () => {
  it.each([
    { attempts: 1, delay: 1000 },
    { attempts: 2, delay: 2000 },
    { attempts: 3, delay: 4000 },
    { attempts: 4, delay: 8000 },
    { attempts: 6, delay: 32_000 },
    { attempts: 7, delay: 60_000 },
    { attempts: 50, delay: 60_000 },
    { attempts: 0, delay: 1000 },
  ])('doubles the wait after each failed attempt and caps it: attempt $attempts waits $delay ms', ({ attempts, delay }) => {
    expect(backoffDelayMs({ attempts, policy })).toBe(delay);
  });

  it.each([
    { attempts: 1, jitter: 1, delay: 1200 },
    { attempts: 3, jitter: 0.5, delay: 4400 },
    { attempts: 7, jitter: 1, delay: 60_000 },
    { attempts: 2, jitter: 7, delay: 2400 },
    { attempts: 2, jitter: -1, delay: 2000 },
  ])('spreads retries by up to 20% and never beyond the cap ($attempts, jitter $jitter)', ({ attempts, jitter, delay }) => {
    expect(backoffDelayMs({ attempts, policy, jitter })).toBe(delay);
  });

  it('uses minutes-scale defaults without a policy', () => {
    expect(backoffDelayMs({ attempts: 1 })).toBe(5000);
    expect(backoffDelayMs({ attempts: 30 })).toBe(15 * 60_000);
  });
});

describe('decideAfterFailure', () => {
  it.each([
    { attempts: 1, maxAttempts: 5, isPermanent: false, expected: { status: 'queued', delayMs: 1000 } },
    { attempts: 4, maxAttempts: 5, isPermanent: false, expected: { status: 'queued', delayMs: 8000 } },
    { attempts: 5, maxAttempts: 5, isPermanent: false, expected: { status: 'failed' } },
    { attempts: 6, maxAttempts: 5, isPermanent: false, expected: { status: 'failed' } },
    { attempts: 1, maxAttempts: 5, isPermanent: true, expected: { status: 'failed' } },
    { attempts: 1, maxAttempts: 1, isPermanent: false, expected: { status: 'failed' } },
  ])('after attempt $attempts of $maxAttempts (permanent: $isPermanent)', ({ attempts, maxAttempts, isPermanent, expected }) => {
    const decision = decideAfterFailure({ attempts, maxAttempts, isPermanent, now: at(0), policy });

    expect(decision).toMatchObject(expected);
    if (decision.status === 'queued') expect(decision.runAt).toEqual(new Date(at(0).getTime() + decision.delayMs));
  });
});

describe('decideClaim', () => {
  const job = { status: 'queued' as const, runAt: at(10), lockedUntil: null, attempts: 0, maxAttempts: 3 };

  it.each([
    { name: 'a queued job that is due', j: job, now: at(10), decision: 'claim' },
    { name: 'a queued job waiting for its backoff', j: job, now: at(9), decision: 'skip' },
    {
      name: 'a running job with a live lease',
      j: { ...job, status: 'running' as const, lockedUntil: at(30), attempts: 1 },
      now: at(29),
      decision: 'skip',
    },
    {
      name: 'a running job whose lease ended (worker crashed)',
      j: { ...job, status: 'running' as const, lockedUntil: at(30), attempts: 1 },
      now: at(30),
      decision: 'claim',
    },
    {
      name: 'a crashed job on its last attempt',
      j: { ...job, status: 'running' as const, lockedUntil: at(30), attempts: 3 },
      now: at(31),
      decision: 'fail-abandoned',
    },
    { name: 'a succeeded job', j: { ...job, status: 'succeeded' as const }, now: at(99), decision: 'skip' },
    { name: 'a failed job', j: { ...job, status: 'failed' as const }, now: at(99), decision: 'skip' },
  ])('$name: $decision', ({ j, now, decision }) => {
    expect(decideClaim(j, now)).toBe(decision);
  });

  it('treats a missing lease as expired', () => {
    expect(isLeaseExpired(null, at(0))).toBe(true);
    expect(isLeaseExpired(at(1), at(0))).toBe(false);
  });
});

describe('progress', () => {
  it.each([
    { input: -5, stored: 0 },
    { input: 42.4, stored: 42 },
    { input: 42.5, stored: 43 },
    { input: 180, stored: 100 },
    { input: Number.NaN, stored: 0 },
  ])('stores $input as $stored', ({ input, stored }) => {
    expect(clampProgress(input)).toBe(stored);
  });

  it.each([
    { done: 0, total: 10, percent: 0 },
    { done: 5, total: 10, percent: 50 },
    { done: 10, total: 10, percent: 99 },
    { done: 3, total: 0, percent: 0 },
  ])('shows $done of $total as $percent% until the job has really finished', ({ done, total, percent }) => {
    expect(progressOf(done, total)).toBe(percent);
  });

  it('scales into a share of the bar', () => {
    expect(progressOf(10, 10, 85)).toBe(85);
  });

  it.each([
    { name: 'the first report', previous: null, next: { percent: 1, message: null, at: 0 }, write: true },
    {
      name: 'nothing changed',
      previous: { percent: 5, message: 'a', at: 0 },
      next: { percent: 5, message: 'a', at: 9999 },
      write: false,
    },
    {
      name: 'a change too soon',
      previous: { percent: 5, message: 'a', at: 0 },
      next: { percent: 6, message: 'a', at: 100 },
      write: false,
    },
    {
      name: 'a change after the interval',
      previous: { percent: 5, message: 'a', at: 0 },
      next: { percent: 6, message: 'a', at: 500 },
      write: true,
    },
    {
      name: 'completion, however soon',
      previous: { percent: 99, message: 'a', at: 0 },
      next: { percent: 100, message: 'a', at: 1 },
      write: true,
    },
  ])('writes progress on $name: $write', ({ previous, next, write }) => {
    expect(shouldWriteProgress({ previous, next, minIntervalMs: 500 })).toBe(write);
  });
});
