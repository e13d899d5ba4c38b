import type { SecurityPolicy } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  decideImpersonation,
  decideSecondFactor,
  effectivePolicy,
  impersonationExpiry,
  isFreshTotpStep,
  isPasswordExpired,
  normaliseRecoveryCode,
  PLATFORM_POLICY,
} from '../access.rules.js';

const policy = (p: Partial<SecurityPolicy>): SecurityPolicy => ({ ...PLATFORM_POLICY, ...p });

describe('effectivePolicy', () => {
  it.each([
    { name: 'no policy gives the platform floor [M9.4]', policies: [], expected: PLATFORM_POLICY },
    {
      name: 'the longest minimum wins',
      policies: [policy({ MinLength: 14 }), policy({ MinLength: 16 })],
      expected: policy({ MinLength: 16 }),
    },
    {
      name: 'character classes add up in a fixed order',
      policies: [policy({ RequiredClasses: ['Symbol'] }), policy({ RequiredClasses: ['Uppercase', 'Symbol'] })],
      expected: policy({ RequiredClasses: ['Uppercase', 'Symbol'] }),
    },
    {
      name: 'the shortest expiry wins and no expiry never loosens one',
      policies: [policy({ ExpiryDays: 90 }), policy({ ExpiryDays: null }), policy({ ExpiryDays: 30 })],
      expected: policy({ ExpiryDays: 30 }),
    },
    {
      name: 'a second factor required anywhere above is required',
      policies: [policy({ MfaRequired: true }), policy({ MfaRequired: false })],
      expected: policy({ MfaRequired: true }),
    },
  ])('$name', ({ policies, expected }) => {
    expect(effectivePolicy(policies)).toEqual(expected);
  });
});

describe('checkPassword', () => {
  it.each([
    { password: 'short-1A', p: PLATFORM_POLICY, expected: 'Use at least 12 characters' },
    { password: 'twelve chars', p: PLATFORM_POLICY, expected: null },
    {
      password: 'alllowercase!',
      p: policy({ RequiredClasses: ['Uppercase', 'Digit'] }),
      expected: 'Include an uppercase letter, a digit',
    },
    { password: 'Mixed-Case-99', p: policy({ RequiredClasses: ['Uppercase', 'Lowercase', 'Digit', 'Symbol'] }), expected: null },
    { password: 'NoSymbolsHere99', p: policy({ RequiredClasses: ['Symbol'] }), expected: 'Include a symbol' },
    { password: 'my-name-is-jane.doe', p: PLATFORM_POLICY, expected: 'Do not use your username in the password' },
    { password: 'ééééééééééé', p: PLATFORM_POLICY, expected: 'Use at least 12 characters' },
  ])('"$password" gives $expected', ({ password, p, expected }) => {
    expect(checkPassword({ password, policy: p, username: 'jane.doe' })).toBe(expected);
  });
});

describe('isPasswordExpired', () => {
  const changedAt = new Date('2026-01-01T00:00:00Z');
  it.each([
    { expiry: null, now: '2030-01-01T00:00:00Z', expected: false },
    { expiry: 30, now: '2026-01-30T23:59:59Z', expected: false },
    { expiry: 30, now: '2026-01-31T00:00:00Z', expected: true },
  ])('expiry $expiry days at $now: $expected', ({ expiry, now, expected }) => {
    expect(isPasswordExpired({ changedAt, policy: policy({ ExpiryDays: expiry }), now: new Date(now) })).toBe(expected);
  });
});

describe('decideImpersonation [A6.8]', () => {
  const base = {
    callerUserId: 1,
    callerImpersonatorId: null,
    callerOrganisationId: 10,
    callerCapabilities: new Set(['IMPERSONATE_EXECUTE', 'USER_ACCOUNT_READ']),
    target: { id: 2, type: 'User', state: 'Active', organisationId: 20, capabilities: ['NOTIFICATIONS_READ'] },
  };
  it.each([
    { name: 'allows a user of an organisation below', change: {}, expected: 'allow' },
    { name: 'refuses while already impersonating', change: { callerImpersonatorId: 7 }, expected: 'CONFLICT' },
    {
      name: 'refuses a non-User account',
      change: { target: { ...base.target, type: 'Company' } },
      expected: 'VALIDATION_FAILED',
    },
    { name: 'refuses yourself', change: { target: { ...base.target, id: 1 } }, expected: 'CONFLICT' },
    { name: 'refuses a terminated user', change: { target: { ...base.target, state: 'Terminated' } }, expected: 'CONFLICT' },
    {
      name: 'refuses a peer holding a capability the caller lacks',
      change: { target: { ...base.target, organisationId: 10 } },
      expected: 'CONFLICT',
    },
    {
      name: 'allows a peer holding only capabilities the caller has',
      change: { target: { ...base.target, organisationId: 10, capabilities: ['USER_ACCOUNT_READ'] } },
      expected: 'allow',
    },
  ])('$name', ({ change, expected }) => {
    const decision = decideImpersonation({ ...base, ...change });
    expect(decision.kind === 'allow' ? 'allow' : decision.code).toBe(expected);
  });
});

describe('second factor', () => {
  it.each([
    { step: 100, lastStep: null, expected: true },
    { step: 100, lastStep: 99, expected: true },
    { step: 100, lastStep: 100, expected: false },
    { step: 99, lastStep: 100, expected: false },
  ])('time step $step after $lastStep is fresh: $expected', ({ step, lastStep, expected }) => {
    expect(isFreshTotpStep({ step, lastStep })).toBe(expected);
  });

  it.each([
    { f: { hasConfirmedFactor: true, hasPendingFactor: false, mfaRequired: false, codeGiven: false }, expected: 'ask' },
    { f: { hasConfirmedFactor: true, hasPendingFactor: false, mfaRequired: false, codeGiven: true }, expected: 'verify' },
    { f: { hasConfirmedFactor: false, hasPendingFactor: false, mfaRequired: false, codeGiven: true }, expected: 'none' },
    { f: { hasConfirmedFactor: false, hasPendingFactor: false, mfaRequired: true, codeGiven: true }, expected: 'enrol-first' },
    { f: { hasConfirmedFactor: false, hasPendingFactor: true, mfaRequired: true, codeGiven: false }, expected: 'enrol-first' },
    {
      f: { hasConfirmedFactor: false, hasPendingFactor: true, mfaRequired: true, codeGiven: true },
      expected: 'verify-enrolment',
    },
  ])('sign-in step for $f is $expected', ({ f, expected }) => {
    expect(decideSecondFactor(f).kind).toBe(expected);
  });

  it('compares recovery codes without case, dashes or spaces', () => {
    expect(normaliseRecoveryCode(' AB12cd-EF34 56 ')).toBe('ab12cdef3456');
  });

  it('never lets an impersonated session outlive the impersonator’s own session', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(impersonationExpiry({ now, originExpiresAt: new Date('2026-03-01T11:00:00Z'), sessionHours: 12 })).toEqual(
      new Date('2026-03-01T11:00:00Z'),
    );
    expect(impersonationExpiry({ now, originExpiresAt: new Date('2026-03-09T00:00:00Z'), sessionHours: 2 })).toEqual(
      new Date('2026-03-01T12:00:00Z'),
    );
  });
});
