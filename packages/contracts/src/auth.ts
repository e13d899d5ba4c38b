/** Sign-in and the signed-in user. */
import { z } from 'zod';
import { AccountIdSchema, AccountTypeSchema } from './accounts.js';
import { defineOperation } from './operation.js';
import { TermSchema } from './terms.js';

export const CurrentUserSchema = z.object({
  AccountId: AccountIdSchema,
  Username: z.string(),
  DisplayName: z.string(),
  /** The company (or reseller, or provider) the user belongs to: the root of what the user may see. */
  CompanyAccountId: AccountIdSchema,
  CompanyAccountType: AccountTypeSchema,
  CompanyDisplayName: z.string(),
  Capabilities: z.array(z.string()),
  Impersonator: z.object({ AccountId: AccountIdSchema, DisplayName: z.string() }).nullable(),
  /** [M3.9], [M4.12] Platform terms the user still has to accept, one screen each; empty while impersonating. */
  TermsConditions: z.array(TermSchema),
  /** Signed in with a first-time password: only ChangeInitialPassword, terms and sign-out work until it is changed. */
  MustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const Authenticate = defineOperation({
  name: 'Authenticate',
  summary:
    'Sign in with username and password (plus the authenticator or recovery code when a second factor is on, and a new password when the old one expired), or exchange an ImpersonationToken from Impersonate [A7.11]; sets the session cookie',
  input: z
    .object({
      Username: z.string().trim().max(200).optional(),
      Password: z.string().max(1000).optional(),
      /** A 6-digit authenticator code or a recovery code. */
      Code: z.string().trim().max(20).optional(),
      /** Replaces an expired password in the same step. */
      NewPassword: z.string().max(200).optional(),
      ImpersonationToken: z.string().max(200).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.ImpersonationToken) return;
      if (!value.Username) ctx.addIssue({ code: 'custom', path: ['Username'], message: 'Enter your username' });
      if (!value.Password) ctx.addIssue({ code: 'custom', path: ['Password'], message: 'Enter your password' });
    }),
  output: z.object({
    User: CurrentUserSchema,
    /** Present once, when this sign-in finished setting up a required second factor. */
    RecoveryCodes: z.array(z.string()).optional(),
  }),
  access: { kind: 'public' },
  mutating: true,
});

export const Logout = defineOperation({
  name: 'Logout',
  summary: 'End the current session',
  input: z.object({}),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'session' },
  mutating: true,
  duringPasswordChange: true,
});

export const GetCurrentUser = defineOperation({
  name: 'GetCurrentUser',
  summary: 'The signed-in user, the company it belongs to and its capabilities',
  input: z.object({}),
  output: CurrentUserSchema,
  access: { kind: 'session' },
  mutating: false,
  duringPasswordChange: true,
});

export const authOperations = [Authenticate, Logout, GetCurrentUser] as const;
