import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRules,
  decideBulkTarget,
  decideSendToUser,
  FIRST_TIME_PASSWORD_LENGTH,
  firstTimePasswordMail,
  generateFirstTimePassword,
  selectRecipients,
} from '../credentials.rules.js';

const isMailAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** A random source that replays the given bytes, then repeats them. */
const replay = (bytes: number[]) => {
  let i = 0;
  return (count: number) => Uint8Array.from({ length: count }, () => bytes[i++ % bytes.length] as number);
};

describe('[M5.1] brokenPasswordRules', () => {
  it.each([
    { password: 'Abcdefgh123!', username: 'jdoe', broken: [] },
    { password: 'Abcdefg12!', username: null, broken: ['length'] },
    { password: 'abcdefgh123!', username: null, broken: ['upper'] },
    { password: 'ABCDEFGH123!', username: null, broken: ['lower'] },
    { password: 'Abcdefghijk!', username: null, broken: ['digit'] },
    { password: 'Abcdefgh1234', username: null, broken: ['special'] },
    { password: 'Abcd(efgh)12', username: null, broken: [] },
    { password: 'xxJDoe-2026!!', username: 'jdoe@example.com', broken: ['username'] },
    { password: 'xxJDoe-2026!!', username: 'acme.jdoe', broken: [] },
  ])('$password for $username breaks $broken', ({ password, username, broken }) => {
    expect(brokenPasswordRules(password, username)).toEqual(broken);
  });
});

describe('generateFirstTimePassword', () => {
  it('meets every password rule, is 16 characters long and differs each time', () => {
    const passwords = Array.from({ length: 200 }, () =>
      generateFirstTimePassword({ random: (n) => randomBytes(n), username: 'emma.jansen' }),
    );

    for (const p of passwords) {
      expect(p).toHaveLength(FIRST_TIME_PASSWORD_LENGTH);
      expect(brokenPasswordRules(p, 'emma.jansen')).toEqual([]);
      expect(p).not.toMatch(/[0O1lI"'`\\]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('is fully determined by its random bytes (the service passes crypto.randomBytes)', () => {
    const a = generateFirstTimePassword({ random: replay([7, 99, 3, 250, 41, 180]), username: null });
    const b = generateFirstTimePassword({ random: replay([7, 99, 3, 250, 41, 180]), username: null });

    expect(a).toBe(b);
  });

  it('draws again when the password would contain a short username', () => {
    const p = generateFirstTimePassword({ random: (n) => randomBytes(n), username: 'a@example.com' });

    expect(p.toLowerCase()).not.toContain('a');
  });
});

describe('[A6.19] decideSendToUser', () => {
  const ok = { accountType: 'User', state: 'Active', email: 'x@example.com', username: 'x', isMailAddress };
  it.each([
    { name: 'an active user with an address', p: ok, decision: { ok: true } },
    { name: 'a suspended user', p: { ...ok, state: 'Suspended' }, decision: { ok: true } },
    { name: 'a company', p: { ...ok, accountType: 'Company' }, decision: { ok: false, reason: 'not-user' } },
    { name: 'a terminated user', p: { ...ok, state: 'Terminated' }, decision: { ok: false, reason: 'terminated' } },
    { name: 'a user without a username', p: { ...ok, username: null }, decision: { ok: false, reason: 'no-username' } },
    { name: 'a user without an address', p: { ...ok, email: null }, decision: { ok: false, reason: 'no-email' } },
    { name: 'a user with a broken address', p: { ...ok, email: 'x at example' }, decision: { ok: false, reason: 'no-email' } },
  ])('$name: $decision', ({ p, decision }) => {
    expect(decideSendToUser(p)).toEqual(decision);
  });
});

describe('[A6.19] decideBulkTarget', () => {
  it.each([
    { accountType: 'Company', state: 'Active', decision: { ok: true } },
    { accountType: 'Reseller', state: 'Suspended', decision: { ok: true } },
    { accountType: 'Company', state: 'Terminated', decision: { ok: false, reason: 'terminated' } },
    { accountType: 'Department', state: 'Active', decision: { ok: false, reason: 'wrong-type' } },
    { accountType: 'User', state: 'Active', decision: { ok: false, reason: 'wrong-type' } },
    { accountType: 'Provider', state: 'Active', decision: { ok: false, reason: 'wrong-type' } },
  ])('$accountType ($state): $decision', ({ accountType, state, decision }) => {
    expect(decideBulkTarget({ accountType, state })).toEqual(decision);
  });
});

describe('[A6.11] selectRecipients', () => {
  const users = [
    { id: 1, username: 'a', email: 'a@example.com' },
    { id: 2, username: 'b', email: null },
    { id: 3, username: null, email: 'c@example.com' },
    { id: 4, username: 'd', email: 'not an address' },
    { id: 5, username: 'caller', email: 'me@example.com' },
  ];

  it('sends by e-mail only to users with a username and a valid address, never to the caller', () => {
    const { recipients, skipped } = selectRecipients({ users, excludeId: 5, needsEmail: true, isMailAddress });

    expect(recipients.map((u) => u.id)).toEqual([1]);
    expect(skipped).toBe(3);
  });

  it('exports users without an address too, but not users who cannot sign in', () => {
    const { recipients, skipped } = selectRecipients({ users, excludeId: 5, needsEmail: false, isMailAddress });

    expect(recipients.map((u) => u.id)).toEqual([1, 2, 4]);
    expect(skipped).toBe(1);
  });
});

describe('firstTimePasswordMail', () => {
  it('names the user, the username and the password, in plain text', () => {
    const mail = firstTimePasswordMail({ displayName: 'Emma Jansen', username: 'emma.jansen', password: 'Xy7!abcdEFGH2345' });

    expect(mail.subject).toBe('Your sign-in details for the cloud portal');
    expect(mail.text).toContain('Hello Emma Jansen,');
    expect(mail.text).toContain('Username: emma.jansen\nFirst-time password: Xy7!abcdEFGH2345');
  });
});
