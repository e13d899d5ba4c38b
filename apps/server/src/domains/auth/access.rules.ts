import { PASSWORD_MIN_LENGTH, type PasswordClass, type SecurityPolicy } from '@portal/contracts';

/** [M9.4] What applies when no organisation sets a policy: 12 characters, no classes, no expiry, no second factor. */
export const PLATFORM_POLICY: SecurityPolicy = {
  MinLength: PASSWORD_MIN_LENGTH,
  RequiredClasses: [],
  ExpiryDays: null,
  MfaRequired: false,
};

const CLASS_ORDER: readonly PasswordClass[] = ['Uppercase', 'Lowercase', 'Digit', 'Symbol'];

/**
 * The policy a user gets: the strictest combination of the platform floor and every policy set by the
 * organisations above the user (a reseller's policy is a floor for its companies; a company may only tighten it).
 */
export function effectivePolicy(policies: readonly SecurityPolicy[]): SecurityPolicy {
  return policies.reduce<SecurityPolicy>(
    (acc, p) => ({
      MinLength: Math.max(acc.MinLength, p.MinLength),
      RequiredClasses: CLASS_ORDER.filter((c) => acc.RequiredClasses.includes(c) || p.RequiredClasses.includes(c)),
      ExpiryDays:
        acc.ExpiryDays === null ? p.ExpiryDays : p.ExpiryDays === null ? acc.ExpiryDays : Math.min(acc.ExpiryDays, p.ExpiryDays),
      MfaRequired: acc.MfaRequired || p.MfaRequired,
    }),
    PLATFORM_POLICY,
  );
}

export function samePolicy(a: SecurityPolicy, b: SecurityPolicy): boolean {
  return (
    a.MinLength === b.MinLength &&
    a.ExpiryDays === b.ExpiryDays &&
    a.MfaRequired === b.MfaRequired &&
    a.RequiredClasses.length === b.RequiredClasses.length &&
    a.RequiredClasses.every((c) => b.RequiredClasses.includes(c))
  );
}

const CLASS_TESTS: Record<PasswordClass, { test: RegExp; message: string }> = {
  Uppercase: { test: /\p{Lu}/u, message: 'an uppercase letter' },
  Lowercase: { test: /\p{Ll}/u, message: 'a lowercase letter' },
  Digit: { test: /\p{Nd}/u, message: 'a digit' },
  Symbol: { test: /[^\p{L}\p{Nd}]/u, message: 'a symbol' },
};

/** Why a new password does not meet the policy, or null when it does. Length counts characters, not bytes. */
export function checkPassword(params: { password: string; policy: SecurityPolicy; username: string | null }): string | null {
  const { password, policy } = params;
  const length = [...password].length;
  if (length < policy.MinLength) return `Use at least ${policy.MinLength} characters`;
  const missing = policy.RequiredClasses.filter((c) => !CLASS_TESTS[c].test.test(password)).map((c) => CLASS_TESTS[c].message);
  if (missing.length > 0) return `Include ${missing.join(', ')}`;
  if (params.username && password.toLowerCase().includes(params.username.toLowerCase()))
    return 'Do not use your username in the password';
  return null;
}

/** When a password set at changedAt must be replaced; null when the policy has no expiry. */
export function passwordExpiresAt(params: { changedAt: Date | null; policy: SecurityPolicy }): Date | null {
  if (params.policy.ExpiryDays === null || params.changedAt === null) return null;
  return new Date(params.changedAt.getTime() + params.policy.ExpiryDays * 86_400_000);
}

export function isPasswordExpired(params: { changedAt: Date | null; policy: SecurityPolicy; now: Date }): boolean {
  const expiresAt = passwordExpiresAt(params);
  return expiresAt !== null && expiresAt.getTime() <= params.now.getTime();
}

export type ImpersonationDecision =
  | { kind: 'allow' }
  | { kind: 'refuse'; code: 'CONFLICT' | 'VALIDATION_FAILED'; message: string };

/**
 * [A6.8] Impersonation: User accounts only, never while already impersonating, never yourself, never a terminated
 * user. Inside your own organisation you may not become someone holding a capability you lack (no escalation
 * between peers); users of the organisations you administer below you are fine.
 */
export function decideImpersonation(params: {
  callerUserId: number;
  callerImpersonatorId: number | null;
  callerOrganisationId: number;
  callerCapabilities: ReadonlySet<string>;
  target: {
    id: number;
    type: string;
    state: string;
    organisationId: number;
    capabilities: readonly string[];
  };
}): ImpersonationDecision {
  const { target } = params;
  if (params.callerImpersonatorId !== null)
    return {
      kind: 'refuse',
      code: 'CONFLICT',
      message: 'You are already impersonating a user. Return to your own account first.',
    };
  if (target.type !== 'User')
    return { kind: 'refuse', code: 'VALIDATION_FAILED', message: 'Only User accounts can be impersonated' };
  if (target.id === params.callerUserId) return { kind: 'refuse', code: 'CONFLICT', message: 'You cannot impersonate yourself' };
  if (target.state === 'Terminated')
    return { kind: 'refuse', code: 'CONFLICT', message: 'A terminated user cannot be impersonated' };
  if (target.organisationId === params.callerOrganisationId) {
    const extra = target.capabilities.filter((c) => !params.callerCapabilities.has(c));
    if (extra.length > 0)
      return {
        kind: 'refuse',
        code: 'CONFLICT',
        message: `This user holds capabilities you do not have (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? ', …' : ''})`,
      };
  }
  return { kind: 'allow' };
}

/** A TOTP code counts only for a time step newer than the last one used: each code works once. */
export function isFreshTotpStep(params: { step: number; lastStep: number | null }): boolean {
  return params.lastStep === null || params.step > params.lastStep;
}

/** Recovery codes are compared without case, spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export type SecondFactorStep =
  | { kind: 'none' }
  | { kind: 'ask' }
  | { kind: 'verify' }
  | { kind: 'enrol-first' }
  | { kind: 'verify-enrolment' };

/** What sign-in asks after a correct password. */
export function decideSecondFactor(params: {
  hasConfirmedFactor: boolean;
  hasPendingFactor: boolean;
  mfaRequired: boolean;
  codeGiven: boolean;
}): SecondFactorStep {
  if (params.hasConfirmedFactor) return params.codeGiven ? { kind: 'verify' } : { kind: 'ask' };
  if (!params.mfaRequired) return { kind: 'none' };
  return params.hasPendingFactor && params.codeGiven ? { kind: 'verify-enrolment' } : { kind: 'enrol-first' };
}

/** An impersonated session never outlives the impersonator's own session. */
export function impersonationExpiry(params: { now: Date; originExpiresAt: Date; sessionHours: number }): Date {
  const own = params.now.getTime() + params.sessionHours * 3600 * 1000;
  return new Date(Math.min(own, params.originExpiresAt.getTime()));
}
