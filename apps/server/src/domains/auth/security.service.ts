import { createHash, randomBytes } from 'node:crypto';
import type { MfaEnrolment, SecurityPolicy, SecuritySettings, UserSecurity } from '@portal/contracts';
import { refusalMessage } from '@portal/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount, OperationContext } from '../../platform/operations/types.js';
import { pathIds } from '../../platform/tenancy/scope.js';
import { findById } from '../accounts/index.js';
import * as accessRepo from './access.repository.js';
import {
  checkPassword,
  effectivePolicy,
  isFreshTotpStep,
  normaliseRecoveryCode,
  PLATFORM_POLICY,
  passwordExpiresAt,
  samePolicy,
} from './access.rules.js';
import * as repo from './auth.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';

const TOTP_ISSUER = 'Cloud portal';
const RECOVERY_CODE_COUNT = 10;
const ORGANISATION_TYPES = ['Provider', 'Reseller', 'Company'];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// ---------------------------------------------------------------- policy

/** The policy that applies to an account: the strictest of the policies on its path and the platform floor. */
export async function policyForPath(db: Queryable, path: string): Promise<SecurityPolicy> {
  const ids = pathIds(path);
  const policies = await accessRepo.listPolicies(db, ids);
  return effectivePolicy(ids.flatMap((id) => policies.get(id) ?? []));
}

export async function getSecuritySettings(db: Queryable, caller: Caller, account: LocatedAccount): Promise<SecuritySettings> {
  if (!ORGANISATION_TYPES.includes(account.type))
    throw validationFailed([{ field: 'accountId', message: 'Security settings belong to a company or reseller' }]);
  const ids = pathIds(account.path);
  const policies = await accessRepo.listPolicies(db, ids);
  const own = policies.get(account.id) ?? null;
  const effective = effectivePolicy(ids.flatMap((id) => policies.get(id) ?? []));
  const change = await accessRepo.findPolicyChange(db, account.id);
  return {
    AccountId: account.id,
    Policy: own,
    Effective: effective,
    RaisedAbove: !samePolicy(effective, effectivePolicy(own ? [own] : [])),
    CanUpdate: caller.capabilities.has('SECURITY_MANAGEMENT_UPDATE'),
    Version: change?.version ?? 0,
    UpdatedBy: change?.updated_by ?? null,
    UpdatedAt: change?.updated_at.toISOString() ?? null,
  };
}

export async function updateSecuritySettings(
  ctx: OperationContext,
  caller: Caller,
  account: LocatedAccount,
  policy: SecurityPolicy,
  version: number,
): Promise<SecuritySettings> {
  const before = await getSecuritySettings(ctx.db, caller, account);
  // Decision 0036: a policy saved by someone else since the form read it answers 409 with the settings as they are.
  if (!(await accessRepo.savePolicyAt(ctx.db, account.id, policy, caller.userId, version))) {
    throw staleVersion('security settings', await getSecuritySettings(ctx.db, caller, account));
  }
  ctx.audit({ before: before.Policy ?? PLATFORM_POLICY, after: policy });
  return getSecuritySettings(ctx.db, caller, account);
}

/** Throws a field error on NewPassword unless the password meets the policy and differs from the current one. */
export async function assertAcceptablePassword(
  db: Queryable,
  p: { userId: number; username: string | null; policy: SecurityPolicy; password: string; field?: string },
) {
  const field = p.field ?? 'NewPassword';
  const problem = checkPassword({ password: p.password, policy: p.policy, username: p.username });
  if (problem) throw validationFailed([{ field, message: problem }]);
  const current = await accessRepo.findCredentials(db, p.userId);
  if (current && (await verifyPassword(current.password_hash, p.password)))
    throw validationFailed([{ field, message: 'Choose a password different from the current one' }]);
}

// ---------------------------------------------------------------- second factor

function totpFor(secret: string, label: string) {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/** The time step a code belongs to (one step either side allowed for clock drift), or null when it is wrong. */
function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, 'check');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
}

/** Checks a TOTP code (once per time step) or an unused recovery code against a confirmed factor. */
export async function verifySecondFactor(
  db: Queryable,
  userId: number,
  factor: accessRepo.FactorRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const trimmed = code.trim();
  const step = matchTotp(factor.secret, trimmed, now);
  if (step !== null) {
    if (!isFreshTotpStep({ step, lastStep: factor.last_step === null ? null : Number(factor.last_step) })) return false;
    await accessRepo.recordStep(db, userId, step);
    return true;
  }
  if (/^\d{6}$/.test(trimmed)) return false;
  return accessRepo.useRecoveryCode(db, userId, sha256(normaliseRecoveryCode(trimmed)), now);
}

/** Checks the first code of an unfinished enrolment and confirms the factor. */
export async function verifyEnrolmentCode(
  db: Queryable,
  userId: number,
  factor: accessRepo.FactorRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = matchTotp(factor.secret, code.trim(), now);
  if (step === null) return false;
  await accessRepo.confirmFactor(db, userId, step, now);
  return true;
}

/** Ten new single-use recovery codes; only their hashes are kept, the codes are shown once. */
export async function createRecoveryCodes(db: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(6).toString('hex');
    return `${raw.slice(0, 6)}-${raw.slice(6)}`;
  });
  await accessRepo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => sha256(normaliseRecoveryCode(c))),
  );
  return codes;
}

async function newEnrolment(db: Queryable, userId: number, username: string): Promise<MfaEnrolment> {
  const existing = await accessRepo.findFactor(db, userId, true);
  if (existing?.confirmed_at) throw new DomainError('CONFLICT', 'An authenticator app is already set up. Remove it first.');
  const secret = new Secret({ size: 20 }).base32;
  await accessRepo.upsertPendingFactor(db, userId, secret);
  const url = totpFor(secret, username).toString();
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { Secret: secret, OtpauthUrl: url, QrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const notWhileImpersonating = (caller: Caller) => {
  if (caller.impersonatorId !== null) throw forbidden('This is not available while impersonating a user');
};

export async function startMfaEnrolment(ctx: OperationContext, caller: Caller) {
  notWhileImpersonating(caller);
  ctx.audit({ accountId: caller.userId, after: { Mfa: 'enrolment started' } });
  return newEnrolment(ctx.db, caller.userId, caller.username);
}

export async function confirmMfaEnrolment(ctx: OperationContext, caller: Caller, code: string) {
  notWhileImpersonating(caller);
  const factor = await accessRepo.findFactor(ctx.db, caller.userId, true);
  if (!factor || factor.confirmed_at) throw new DomainError('CONFLICT', 'Start the set-up of an authenticator app first');
  if (!(await verifyEnrolmentCode(ctx.db, caller.userId, factor, code, ctx.now)))
    throw validationFailed([{ field: 'Code', message: 'The code is not valid. Check the time on your device and try again.' }]);
  ctx.audit({ accountId: caller.userId, after: { Mfa: 'enabled' } });
  return { RecoveryCodes: await createRecoveryCodes(ctx.db, caller.userId) };
}

export async function disableMfa(ctx: OperationContext, caller: Caller, account: LocatedAccount, code: string | undefined) {
  assertUser(account);
  if (account.id === caller.userId) {
    notWhileImpersonating(caller);
    const factor = await accessRepo.findFactor(ctx.db, caller.userId, true);
    if (!factor) throw new DomainError('CONFLICT', 'No authenticator app is set up');
    if (factor.confirmed_at && !(await verifySecondFactor(ctx.db, caller.userId, factor, code ?? '', ctx.now)))
      throw validationFailed([{ field: 'Code', message: 'The code is not valid' }]);
  } else {
    assertSelfOr(caller, account, 'SECURITY_MANAGEMENT_UPDATE');
  }
  await accessRepo.deleteFactor(ctx.db, account.id);
  ctx.audit({ accountId: account.id, after: { Mfa: 'removed' } });
  return { ok: true as const };
}

/** At sign-in for an organisation that requires a second factor: password first, then a secret to enrol. */
export async function startSignInMfaEnrolment(
  ctx: OperationContext,
  checkPasswordOf: (
    ctx: OperationContext,
    username: string,
    password: string,
  ) => Promise<{ id: number; path: string; username: string }>,
  input: { Username: string; Password: string },
) {
  const user = await checkPasswordOf(ctx, input.Username, input.Password);
  const policy = await policyForPath(ctx.db, user.path);
  if (!policy.MfaRequired) throw new DomainError('CONFLICT', 'Your organisation does not require a second sign-in step');
  ctx.audit({ actorId: user.id, accountId: user.id, after: { Mfa: 'enrolment started at sign-in' } });
  return newEnrolment(ctx.db, user.id, user.username);
}

// ---------------------------------------------------------------- user security and password

export function assertUser(account: LocatedAccount) {
  if (account.type !== 'User') throw validationFailed([{ field: 'accountId', message: 'Choose a User account' }]);
}

/** Your own account, or anyone's in your scope with the capability. */
export function assertSelfOr(caller: Caller, account: LocatedAccount, capability: string) {
  if (account.id !== caller.userId && !caller.capabilities.has(capability)) throw forbidden(refusalMessage([capability]));
}

export async function getUserSecurity(db: Queryable, caller: Caller, account: LocatedAccount): Promise<UserSecurity> {
  assertUser(account);
  assertSelfOr(caller, account, 'SECURITY_MANAGEMENT_READ');
  const [factor, credentials, policy, left] = await Promise.all([
    accessRepo.findFactor(db, account.id),
    accessRepo.findCredentials(db, account.id),
    policyForPath(db, account.path),
    accessRepo.countRecoveryCodesLeft(db, account.id),
  ]);
  const expires = passwordExpiresAt({ changedAt: credentials?.password_changed_at ?? null, policy });
  return {
    AccountId: account.id,
    IsSelf: account.id === caller.userId,
    CanManage: caller.capabilities.has('SECURITY_MANAGEMENT_UPDATE'),
    Mfa: {
      Enabled: Boolean(factor?.confirmed_at),
      EnrolledAt: factor?.confirmed_at ? factor.confirmed_at.toISOString() : null,
      RecoveryCodesLeft: factor?.confirmed_at ? left : 0,
    },
    Policy: policy,
    PasswordChangedAt: credentials ? credentials.password_changed_at.toISOString() : null,
    PasswordExpiresAt: expires ? expires.toISOString() : null,
  };
}

export async function changePassword(
  ctx: OperationContext,
  caller: Caller,
  input: { CurrentPassword: string; NewPassword: string },
  checkPasswordOf: (ctx: OperationContext, username: string, password: string) => Promise<unknown>,
) {
  notWhileImpersonating(caller);
  // Checked like a sign-in: wrong guesses count towards the lockout.
  await checkPasswordOf(ctx, caller.username, input.CurrentPassword).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED')
      throw validationFailed([{ field: 'CurrentPassword', message: 'The current password is not correct' }]);
    throw error;
  });
  const account = await findById(ctx.db, caller.userId);
  if (!account) throw new Error(`signed-in user ${caller.userId} has no account`);
  const policy = await policyForPath(ctx.db, account.path);
  await assertAcceptablePassword(ctx.db, {
    userId: caller.userId,
    username: caller.username,
    policy,
    password: input.NewPassword,
  });
  await repo.upsertPassword(ctx.db, caller.userId, await hashPassword(input.NewPassword));
  // Whoever else held a session with the old password loses it.
  await accessRepo.deleteOtherSessions(ctx.db, caller.userId, [caller.sessionId]);
  ctx.audit({ accountId: caller.userId, after: { Password: 'changed' } });
  return { PasswordChangedAt: ctx.now.toISOString() };
}
