import { describe, expect, it } from 'vitest';
import {
  ALERT_AFTER_FAILURES,
  ALERT_WINDOW_MINUTES,
  alertWindowStart,
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
  needsFailedSignInAlert,
  nextSessionExpiry,
  signInDelaySeconds,
  signInRetryAfterSeconds,
} from '../auth.rules.js';

describe('signInDelaySeconds', () => {
  it.each([
    { failures: 0, delay: 0 },
    { failures: FREE_FAILURES - 1, delay: 0 },
    { failures: FREE_FAILURES, delay: 1 },
    { failures: FREE_FAILURES + 1, delay: 2 },
    { failures: FREE_FAILURES + 4, delay: 16 },
    { failures: FREE_FAILURES + 40, delay: MAX_DELAY_SECONDS },
  ])('after $failures consecutive failures waits $delay s', ({ failures, delay }) => {
    expect(signInDelaySeconds(failures)).toBe(delay);
  });
});

describe('signInRetryAfterSeconds', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('lets the attempt through once the delay after the last failure has passed', () => {
    const last = new Date(now.getTime() - 5000);
    expect(signInRetryAfterSeconds({ consecutiveFailures: FREE_FAILURES + 2, lastFailureAt: last, now })).toBe(0);
    expect(signInRetryAfterSeconds({ consecutiveFailures: FREE_FAILURES + 3, lastFailureAt: last, now })).toBe(3);
  });
  it('never waits before the free failures are spent', () => {
    expect(signInRetryAfterSeconds({ consecutiveFailures: FREE_FAILURES - 1, lastFailureAt: now, now })).toBe(0);
  });
});

describe('needsFailedSignInAlert', () => {
  it('e-mails the user once sign-ins for the username failed repeatedly within the window', () => {
    expect(needsFailedSignInAlert(ALERT_AFTER_FAILURES - 1)).toBe(false);
    expect(needsFailedSignInAlert(ALERT_AFTER_FAILURES)).toBe(true);
    const now = new Date('2026-05-01T10:00:00Z');
    expect(now.getTime() - alertWindowStart(now).getTime()).toBe(ALERT_WINDOW_MINUTES * 60_000);
  });
});

describe('nextSessionExpiry', () => {
  const lastSeenAt = new Date('2025-01-01T12:00:00.000Z');
  const minutesLater = (m: number) => new Date(lastSeenAt.getTime() + m * 60_000);

  it.each([
    { minutes: 0, refreshed: false },
    { minutes: 4.99, refreshed: false },
    { minutes: 5, refreshed: true },
    { minutes: 60, refreshed: true },
  ])('rewrites the session $minutes minutes after it was last seen: $refreshed', ({ minutes, refreshed }) => {
    const now = minutesLater(minutes);

    const expiry = nextSessionExpiry({ now, lastSeenAt, sessionHours: 12 });

    expect(expiry !== null).toBe(refreshed);
  });

  it('slides the expiry to the session length after now', () => {
    const now = minutesLater(30);

    const expiry = nextSessionExpiry({ now, lastSeenAt, sessionHours: 8 });

    expect(expiry?.toISOString()).toBe(new Date(now.getTime() + 8 * 3600_000).toISOString());
  });
});
