import { describe, expect, it } from 'vitest';
import {
  callbackUrl,
  chooseProviderForDomain,
  chooseProviderForUser,
  emailDomain,
  providerTakesUser,
  type RoutableProvider,
  redirectUri,
  safeRedirect,
  signInRecordProblem,
  usernameFromClaims,
} from '../sso.rules.js';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date(now.getTime() + 60_000);
const provider = (p: Partial<RoutableProvider> = {}): RoutableProvider => ({
  id: 1,
  accountId: 10,
  enabled: true,
  emailDomains: [],
  usernames: [],
  ...p,
});
const jane = { username: 'jane.doe', email: 'jane@acme.example', typed: 'jane.doe' };

describe('emailDomain', () => {
  it.each([
    ['jane@Acme.Example', 'acme.example'],
    [' jane@acme.example ', 'acme.example'],
    ['jane.doe', null],
    ['jane@localhost', null],
    [null, null],
  ])('%s -> %s', (text, expected) => {
    expect(emailDomain(text)).toBe(expected);
  });
});

describe('providerTakesUser', () => {
  it.each([
    ['an open provider takes everyone', provider(), jane, true],
    ['a disabled provider takes nobody', provider({ enabled: false }), jane, false],
    ['a listed username', provider({ usernames: ['Jane.Doe'] }), jane, true],
    ["the domain of the user's address", provider({ emailDomains: ['acme.example'] }), jane, true],
    [
      'the domain of the typed address',
      provider({ emailDomains: ['typed.example'] }),
      { ...jane, typed: 'j@typed.example' },
      true,
    ],
    ['another domain', provider({ emailDomains: ['other.example'] }), jane, false],
    ['another username', provider({ usernames: ['john'] }), jane, false],
  ])('%s', (_name, p, user, expected) => {
    expect(providerTakesUser(p, user)).toBe(expected);
  });
});

describe('chooseProviderForUser', () => {
  it('prefers the nearest organisation on the path', () => {
    const chosen = chooseProviderForUser(
      [provider({ id: 1, accountId: 2 }), provider({ id: 2, accountId: 3 })],
      [1, 2, 3, 4],
      jane,
    );

    expect(chosen?.id).toBe(2);
  });

  it('falls back to an organisation above when the nearest one routes the user elsewhere', () => {
    const providers = [provider({ id: 1, accountId: 2 }), provider({ id: 2, accountId: 3, usernames: ['john'] })];

    expect(chooseProviderForUser(providers, [1, 2, 3, 4], jane)?.id).toBe(1);
  });

  it('finds none outside the path', () => {
    expect(chooseProviderForUser([provider({ accountId: 99 })], [1, 2, 3], jane)).toBeNull();
  });
});

describe('chooseProviderForDomain', () => {
  it.each([
    ['the first enabled provider listing the domain', 'x@acme.example', 2],
    ['none for an unlisted domain', 'x@other.example', null],
    ['none for a plain username', 'jane.doe', null],
  ])('%s', (_name, typed, expected) => {
    const providers = [
      provider({ id: 3, emailDomains: ['acme.example'] }),
      provider({ id: 1, enabled: false, emailDomains: ['acme.example'] }),
      provider({ id: 2, emailDomains: ['acme.example'] }),
    ];

    expect(chooseProviderForDomain(providers, typed)?.id ?? null).toBe(expected);
  });
});

describe('signInRecordProblem', () => {
  it.each([
    ['missing', null, 'b', 'unknown'],
    ['used', { browserHash: 'b', expiresAt: later, usedAt: now }, 'b', 'used'],
    ['expired', { browserHash: 'b', expiresAt: now, usedAt: null }, 'b', 'expired'],
    ['from another browser', { browserHash: 'b', expiresAt: later, usedAt: null }, 'c', 'other-browser'],
    ['without the browser cookie', { browserHash: 'b', expiresAt: later, usedAt: null }, null, 'other-browser'],
    ['valid', { browserHash: 'b', expiresAt: later, usedAt: null }, 'b', null],
  ] as const)('%s', (_name, record, browserHash, expected) => {
    expect(signInRecordProblem(record, { browserHash, now })).toBe(expected);
  });
});

describe('usernameFromClaims', () => {
  it.each([
    ['the chosen claim', { preferred_username: ' jane.doe ' }, 'preferred_username', { kind: 'username', value: 'jane.doe' }],
    ['a missing claim', { email: 'j@x.example' }, 'preferred_username', { kind: 'refuse', reason: 'missing-claim' }],
    ['a claim that is not text', { groups: ['a'] }, 'groups', { kind: 'refuse', reason: 'missing-claim' }],
    [
      'an unverified e-mail',
      { email: 'j@x.example', email_verified: false },
      'email',
      { kind: 'refuse', reason: 'unverified-email' },
    ],
    ['an e-mail without a verification flag', { email: 'j@x.example' }, 'email', { kind: 'username', value: 'j@x.example' }],
  ])('%s', (_name, claims, claim, expected) => {
    expect(usernameFromClaims(claims, claim)).toEqual(expected);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/Account/View/12', '/Account/View/12'],
    ['//evil.example/', null],
    ['https://evil.example/', null],
    ['/\\evil.example', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('[M2.14] the callback', () => {
  it('is the Security entry page under /v/', () => {
    expect(redirectUri('https://portal.example.com/')).toBe('https://portal.example.com/v/');
  });

  it('is rebuilt with code, state and the issuer', () => {
    const url = callbackUrl({ redirectUri: 'https://p.example/v/', code: 'c/1', state: 's', iss: 'https://idp.example' });

    expect(url.href).toBe('https://p.example/v/?code=c%2F1&state=s&iss=https%3A%2F%2Fidp.example');
  });
});
