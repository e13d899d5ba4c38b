/**
 * Access: impersonation [A6.8], [A7.11], [M6.18]; sessions, password policy and multi-factor sign-in of the
 * Security [A2.19] and User security [A2.5], [A2.20] tabs; client settings for the redirect screen [M2.13].
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { CurrentUserSchema } from './auth.js';
import { defineOperation } from './operation.js';
import { LastChangeSchema, RecordVersionSchema } from './versions.js';

/** [M9.4] The platform floor for passwords: no policy may ask for fewer characters. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** [M2.13], [M5.10] The redirect targets allowed when the operator configures none. */
export const DEFAULT_REDIRECT_PREFIXES = ['idp/', 'keeper/', 'support/', 'knowledge-base/'] as const;
/** [M9.4] How long the redirect screen waits before it navigates. */
export const REDIRECT_DELAY_MS = 2000;

export type RedirectDecision = { kind: 'allow'; url: string } | { kind: 'refuse'; message: string };

/**
 * [M2.13], [M8.7] Whether #/Redirect/{target} may navigate: the target must start with an allowed prefix and stay
 * a plain same-origin path (no scheme, no '//', no '..' segment, no backslash), so the list cannot be escaped.
 *
 * @example
 * decideRedirect({ target: 'keeper/download/a.pdf', prefixes: DEFAULT_REDIRECT_PREFIXES }) // allow '/keeper/download/a.pdf'
 */
export function decideRedirect(params: { target: string; prefixes: readonly string[] }): RedirectDecision {
  const { target } = params;
  const refuse: RedirectDecision = { kind: 'refuse', message: `Redirect route ${target} is not allowed` };
  if (!params.prefixes.some((p) => p.length > 0 && target.startsWith(p))) return refuse;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (/[\\\s]/.test(path) || path.includes('//') || path.includes(':')) return refuse;
  if (path.split('/').some((segment) => segment === '..' || segment === '.' || /%2e%2e|%2f|%5c/i.test(segment))) return refuse;
  return { kind: 'allow', url: `/${target}` };
}

export const GetClientSettings = defineOperation({
  name: 'GetClientSettings',
  summary:
    'Settings the web app needs before and after sign-in: redirect prefixes [M2.13] and the guidance script, which is withheld while impersonating [M6.18]',
  input: z.object({}),
  output: z.object({
    RedirectPrefixes: z.array(z.string()),
    /** A third-party in-app guidance script; null when none is configured, nobody is signed in, or the session is impersonated. */
    GuidanceScriptUrl: z.string().nullable(),
    /** [M2.61] The navigation widget's script for the header's mount point; null when none is configured or nobody is signed in. */
    NavigationHeaderScriptUrl: z.string().nullable(),
  }),
  access: { kind: 'public' },
  mutating: false,
});

// ---------------------------------------------------------------- impersonation

export const Impersonate = defineOperation({
  name: 'Impersonate',
  summary:
    'Start acting as a User account inside your scope [A6.8]: returns a one-time token that Authenticate exchanges for the impersonated session [A7.11]',
  input: z.object({ id: AccountIdSchema }),
  output: z.object({
    /** Single use, valid for one minute, only for the session that asked for it. */
    ImpersonationToken: z.string(),
  }),
  access: { kind: 'capability', capability: { name: 'IMPERSONATE', kind: 'EXECUTE' } },
  account: (i) => i.id,
  mutating: true,
});

export const StopImpersonation = defineOperation({
  name: 'StopImpersonation',
  summary: 'End the impersonated session and return to your own [A6.8]',
  input: z.object({}),
  output: z.object({ User: CurrentUserSchema }),
  access: { kind: 'session' },
  mutating: true,
});

// ---------------------------------------------------------------- password policy (Security tab)

export const PASSWORD_CLASSES = ['Uppercase', 'Lowercase', 'Digit', 'Symbol'] as const;
export const PasswordClassSchema = z.enum(PASSWORD_CLASSES);
export type PasswordClass = z.infer<typeof PasswordClassSchema>;

export const PasswordPolicySchema = z.object({
  MinLength: z.number().int().min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH}`).max(128, 'At most 128'),
  /** Character classes a password must contain. */
  RequiredClasses: z.array(PasswordClassSchema).max(4),
  /** Days after which a password must be changed; null means it does not expire. */
  ExpiryDays: z.number().int().min(1, 'At least 1 day').max(3650, 'At most 3650 days').nullable(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const SecurityPolicySchema = PasswordPolicySchema.extend({
  /** Every user of the organisation (and of organisations below it) signs in with a second factor. */
  MfaRequired: z.boolean(),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicySchema>;

export const SecuritySettingsSchema = z.object({
  AccountId: AccountIdSchema,
  /** This organisation's own policy; null when it sets none. */
  Policy: SecurityPolicySchema.nullable(),
  /** What applies to its users: the strictest of its own policy, the policies above it and the platform floor. */
  Effective: SecurityPolicySchema,
  /** A policy of an organisation above this one makes the effective policy stricter than its own. */
  RaisedAbove: z.boolean(),
  CanUpdate: z.boolean(),
  /** Decision 0036: the version of the organisation's own policy (0 while it has none); the edit sends it back. */
  Version: RecordVersionSchema,
  ...LastChangeSchema.shape,
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

export const GetSecuritySettings = defineOperation({
  name: 'GetSecuritySettings',
  summary: 'Password policy and multi-factor enforcement of a company or reseller [A2.19]',
  input: z.object({ accountId: AccountIdSchema }),
  output: SecuritySettingsSchema,
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const UpdateSecuritySettings = defineOperation({
  name: 'UpdateSecuritySettings',
  summary: 'Set the password policy and multi-factor enforcement of a company or reseller [A2.19]',
  input: SecurityPolicySchema.extend({
    accountId: AccountIdSchema,
    /** The Version GetSecuritySettings returned; a stale one answers 409 with the settings as they are now. */
    Version: RecordVersionSchema,
  }),
  output: SecuritySettingsSchema,
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

// ---------------------------------------------------------------- sessions

export const UserSessionSchema = z.object({
  /** An opaque handle; never the session token or its stored hash. */
  Id: z.string(),
  CreatedAt: z.string(),
  LastSeenAt: z.string(),
  ExpiresAt: z.string(),
  Ip: z.string().nullable(),
  UserAgent: z.string().nullable(),
  IsCurrent: z.boolean(),
  /** Set when this is an impersonated session: who is acting as the user. */
  Impersonator: z.object({ AccountId: AccountIdSchema, DisplayName: z.string() }).nullable(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

export const ListUserSessions = defineOperation({
  name: 'ListUserSessions',
  summary: 'Active sessions of a user: your own, or with SECURITY_MANAGEMENT_READ any user in your scope [A2.20]',
  input: z.object({ accountId: AccountIdSchema }),
  output: z.object({ Items: z.array(UserSessionSchema) }),
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: false,
});

export const RevokeUserSession = defineOperation({
  name: 'RevokeUserSession',
  summary: 'End one session of a user: your own, or with SECURITY_MANAGEMENT_UPDATE any user in your scope [A2.20]',
  input: z.object({ accountId: AccountIdSchema, sessionId: z.string().min(1).max(100) }),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: true,
});

// ---------------------------------------------------------------- user security: password and second factor

export const UserSecuritySchema = z.object({
  AccountId: AccountIdSchema,
  IsSelf: z.boolean(),
  /** The viewer may reset this user's second factor and end its sessions. */
  CanManage: z.boolean(),
  Mfa: z.object({
    Enabled: z.boolean(),
    EnrolledAt: z.string().nullable(),
    RecoveryCodesLeft: z.number().int(),
  }),
  Policy: SecurityPolicySchema,
  PasswordChangedAt: z.string().nullable(),
  /** When the password must be changed by; null when it does not expire. */
  PasswordExpiresAt: z.string().nullable(),
});
export type UserSecurity = z.infer<typeof UserSecuritySchema>;

export const GetUserSecurity = defineOperation({
  name: 'GetUserSecurity',
  summary: 'Second factor, password age and the policy that applies to a user [A2.20]',
  input: z.object({ accountId: AccountIdSchema }),
  output: UserSecuritySchema,
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: false,
});

export const NewPasswordSchema = z
  .string()
  .min(1, 'Enter a new password')
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

export const ChangePassword = defineOperation({
  name: 'ChangePassword',
  summary: 'Change your own password; it must meet the policy, and your other sessions end',
  input: z.object({
    CurrentPassword: z.string().min(1, 'Enter your current password').max(1000),
    NewPassword: NewPasswordSchema,
  }),
  output: z.object({ PasswordChangedAt: z.string() }),
  access: { kind: 'session' },
  mutating: true,
});

export const MfaEnrolmentSchema = z.object({
  /** Base32 secret for typing into an authenticator app by hand. */
  Secret: z.string(),
  /** otpauth:// URI the QR code encodes. */
  OtpauthUrl: z.string(),
  /** The QR code as an SVG data URL. */
  QrCode: z.string(),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolmentSchema>;

const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const StartMfaEnrolment = defineOperation({
  name: 'StartMfaEnrolment',
  summary: 'Begin setting up an authenticator app for your own sign-in: a new secret and its QR code',
  input: z.object({}),
  output: MfaEnrolmentSchema,
  access: { kind: 'session' },
  mutating: true,
});

export const ConfirmMfaEnrolment = defineOperation({
  name: 'ConfirmMfaEnrolment',
  summary: 'Finish the set-up with a code from the app; returns recovery codes, shown once',
  input: z.object({ Code: TotpCodeSchema }),
  output: z.object({ RecoveryCodes: z.array(z.string()) }),
  access: { kind: 'session' },
  mutating: true,
});

export const DisableMfa = defineOperation({
  name: 'DisableMfa',
  summary:
    'Remove the second factor of a user: your own with a current code, or another user in your scope with SECURITY_MANAGEMENT_UPDATE',
  input: z.object({ accountId: AccountIdSchema, Code: z.string().trim().max(20).optional() }),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: true,
});

export const StartSignInMfaEnrolment = defineOperation({
  name: 'StartSignInMfaEnrolment',
  summary:
    'At sign-in, when your organisation requires a second factor you have not set up: check the password and return a secret to enrol',
  input: z.object({
    Username: z.string().trim().min(1, 'Enter your username').max(200),
    Password: z.string().min(1, 'Enter your password').max(1000),
  }),
  output: MfaEnrolmentSchema,
  access: { kind: 'public' },
  mutating: true,
});

export const accessOperations = [
  GetClientSettings,
  Impersonate,
  StopImpersonation,
  GetSecuritySettings,
  UpdateSecuritySettings,
  ListUserSessions,
  RevokeUserSession,
  GetUserSecurity,
  ChangePassword,
  StartMfaEnrolment,
  ConfirmMfaEnrolment,
  DisableMfa,
  StartSignInMfaEnrolment,
] as const;
