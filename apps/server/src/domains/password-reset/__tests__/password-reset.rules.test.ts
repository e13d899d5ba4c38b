import { describe, expect, it } from 'vitest';
import {
  isRequestThrottled,
  isResetThrottled,
  resetLink,
  resetMail,
  resetTokenExpiry,
  tokenProblem,
} from '../password-reset.rules.js';

const now = new Date('2026-11-22T12:00:00Z');

describe('tokenProblem', () => {
  const later = new Date(now.getTime() + 60_000);
  it.each([
    ['missing', null, 1, 'unknown'],
    ['of another user', { userId: 2, expiresAt: later, usedAt: null }, 1, 'other-user'],
    ['for an unknown username', { userId: 2, expiresAt: later, usedAt: null }, null, 'other-user'],
    ['used', { userId: 1, expiresAt: later, usedAt: now }, 1, 'used'],
    ['expired', { userId: 1, expiresAt: now, usedAt: null }, 1, 'expired'],
    ['valid', { userId: 1, expiresAt: later, usedAt: null }, 1, null],
  ] as const)('%s', (_name, token, userId, problem) => {
    expect(tokenProblem(token, { userId, now })).toBe(problem);
  });
});

describe('throttles', () => {
  it.each([
    [0, 0, false],
    [2, 19, false],
    [3, 0, true],
    [0, 20, true],
  ])('requests %i for the username, %i from the address -> %s', (u, ip, throttled) => {
    expect(isRequestThrottled({ requestsForUsername: u, requestsFromIp: ip })).toBe(throttled);
  });
  it.each([
    [9, 19, false],
    [10, 0, true],
    [0, 20, true],
  ])('failed resets %i for the username, %i from the address -> %s', (u, ip, throttled) => {
    expect(isResetThrottled({ failuresForUsername: u, failuresFromIp: ip })).toBe(throttled);
  });
});

describe('link and e-mail', () => {
  it('[M2.14] links to #/reset-password/{username}/{token} under the public address', () => {
    expect(resetLink('https://portal.example.com/', 'ann@example.com', 'abc-_1')).toBe(
      'https://portal.example.com/v/#/reset-password/ann%40example.com/abc-_1',
    );
  });
  it('links live 60 minutes', () => {
    expect(resetTokenExpiry(now).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });
  it('names the user and the lifetime', () => {
    const mail = resetMail({ displayName: 'Ann Lee', username: 'ann', link: 'https://x/#/reset-password/ann/t' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ann Lee,');
    expect(mail.text).toContain('https://x/#/reset-password/ann/t');
    expect(mail.text).toContain('60 minutes');
  });
});
