/** Sign-in and the signed-in user. */
import { z } from 'zod';
import { AccountIdSchema, AccountTypeSchema } from './accounts.js';
import { defineOperation } from './operation.js';

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
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const Authenticate = defineOperation({
  name: 'Authenticate',
  summary: 'Sign in with username and password; sets the session cookie',
  input: z.object({
    Username: z.string().trim().min(1, 'Enter your username').max(200),
    Password: z.string().min(1, 'Enter your password').max(1000),
  }),
  output: z.object({ User: CurrentUserSchema }),
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
});

export const GetCurrentUser = defineOperation({
  name: 'GetCurrentUser',
  summary: 'The signed-in user, the company it belongs to and its capabilities',
  input: z.object({}),
  output: CurrentUserSchema,
  access: { kind: 'session' },
  mutating: false,
});

export const authOperations = [Authenticate, Logout, GetCurrentUser] as const;
