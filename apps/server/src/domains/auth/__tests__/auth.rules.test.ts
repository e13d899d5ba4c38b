import { describe, expect, it } from 'vitest';
import { isSignInThrottled, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME, nextSessionExpiry } from '../auth.rules.js';

describe('isSignInThrottled', () => {
  it.each([
    { failuresForUsername: 0, failuresFromIp: 0, throttled: false },
    { failuresForUsername: MAX_FAILURES_PER_USERNAME - 1, failuresFromIp: 0, throttled: false },
    { failuresForUsername: MAX_FAILURES_PER_USERNAME, failuresFromIp: 0, throttled: true },
    { failuresForUsername: MAX_FAILURES_PER_USERNAME + 5, failuresFromIp: 0, throttled: true },
    { failuresForUsername: 0, failuresFromIp: MAX_FAILURES_PER_IP - 1, throttled: false },
    { failuresForUsername: 0, failuresFromIp: MAX_FAILURES_PER_IP, throttled: true },
    { failuresForUsername: MAX_FAILURES_PER_USERNAME - 1, failuresFromIp: MAX_FAILURES_PER_IP - 1, throttled: false },
  ])(
    'throttles after $failuresForUsername failures for the username and $failuresFromIp from the address: $throttled',
    ({ throttled, ...counts }) => {
      expect(isSignInThrottled(counts)).toBe(throttled);
    },
  );

  it('locks a username out after ten failures and an address after fifty', () => {
    expect(MAX_FAILURES_PER_USERNAME).toBe(10);
    expect(MAX_FAILURES_PER_IP).toBe(50);
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
