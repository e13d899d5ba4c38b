/**
 * Single sign-on through OpenID Connect (decision 0015): identity providers of a reseller or company on the Security
 * tab [A2.19], and the sign-in that comes back through the Security entry page's bounce to #/sso-auth/{code}/{state}
 * [M2.14].
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { CurrentUserSchema } from './auth.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

/** The claim of the ID token compared with the portal username when none is chosen. */
export const DEFAULT_USERNAME_CLAIM = 'email';
/** The scopes asked for when none are chosen. */
export const DEFAULT_SSO_SCOPES = 'openid email profile';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an issuer address may be used: https, or plain http on a loopback address (a provider on the same machine,
 * as in tests); no query or fragment, since the issuer is compared exactly with the discovery document's.
 *
 * @example
 * isAcceptableIssuer('https://login.example.com/realms/acme') // true
 * isAcceptableIssuer('http://login.example.com') // false
 */
export function isAcceptableIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export const ISSUER_MESSAGE = 'Enter the issuer address, e.g. https://login.example.com (http only on this machine)';
export const SCOPES_MESSAGE = 'Enter space-separated scopes including openid';

const EMAIL_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

const IdentityProviderFieldsSchema = z.object({
  Name: z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters'),
  Issuer: z.string().trim().max(500, 'At most 500 characters').refine(isAcceptableIssuer, ISSUER_MESSAGE),
  ClientId: z.string().trim().min(1, 'Enter the client id').max(300, 'At most 300 characters'),
  Scopes: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .refine((v) => {
      const scopes = v.split(/\s+/).filter(Boolean);
      return scopes.includes('openid') && scopes.every((s) => SCOPE_TOKEN.test(s));
    }, SCOPES_MESSAGE),
  UsernameClaim: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Enter the name of a claim, e.g. email or preferred_username'),
  Enabled: z.boolean(),
  /** Users whose e-mail address is in one of these domains sign in here. */
  EmailDomains: z
    .array(z.string().trim().toLowerCase().regex(EMAIL_DOMAIN, 'Enter a domain such as example.com'))
    .max(50, 'At most 50 domains'),
  /** Users with one of these usernames sign in here. With no domains and no usernames, every user of the organisation does. */
  Usernames: z
    .array(z.string().trim().min(1, 'Enter a username').max(200, 'At most 200 characters'))
    .max(200, 'At most 200 usernames'),
});

export const IdentityProviderSchema = IdentityProviderFieldsSchema.extend({
  Id: z.number().int().positive(),
  AccountId: AccountIdSchema,
  /** The secret is stored and used by the server only; the browser learns only that one is set. */
  ClientSecretSet: z.boolean(),
  UpdatedAt: z.string(),
  /** Decision 0036: the version UpdateIdentityProvider sends back, and who saved the provider last. */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
});
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;

export const ListIdentityProviders = defineOperation({
  name: 'ListIdentityProviders',
  summary:
    'Single sign-on identity providers (OpenID Connect) of a company or reseller, on its Security tab [A2.19]; never returns client secrets',
  input: z.object({ accountId: AccountIdSchema }),
  output: z.object({
    Items: z.array(IdentityProviderSchema),
    /** The address to register at the identity provider as the redirect URI: the Security entry page [M2.14]. */
    RedirectUri: z.string(),
    CanUpdate: z.boolean(),
  }),
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const CreateIdentityProvider = defineOperation({
  name: 'CreateIdentityProvider',
  summary: 'Add a single sign-on identity provider to a company or reseller [A2.19]',
  input: IdentityProviderFieldsSchema.extend({
    accountId: AccountIdSchema,
    ClientSecret: z.string().trim().min(1, 'Enter the client secret').max(1000, 'At most 1000 characters'),
  }),
  output: IdentityProviderSchema,
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const UpdateIdentityProvider = defineOperation({
  name: 'UpdateIdentityProvider',
  summary:
    'Change a single sign-on identity provider of a company or reseller [A2.19]; without ClientSecret the stored one stays',
  input: IdentityProviderFieldsSchema.extend({
    accountId: AccountIdSchema,
    Id: z.number().int().positive(),
    ClientSecret: z.string().trim().min(1, 'Enter the client secret').max(1000, 'At most 1000 characters').optional(),
    /** The Version read; a stale one answers 409 with the provider as it is now (decision 0036). */
    Version: RecordVersionSchema,
  }),
  output: IdentityProviderSchema,
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const DeleteIdentityProvider = defineOperation({
  name: 'DeleteIdentityProvider',
  summary: 'Remove a single sign-on identity provider of a company or reseller [A2.19]; its sign-ins under way end',
  input: z.object({ accountId: AccountIdSchema, Id: z.number().int().positive() }),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'UPDATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const StartSsoSignIn = defineOperation({
  name: 'StartSsoSignIn',
  summary:
    "Start signing in with single sign-on: finds the identity provider of the user's company or reseller and returns its authorization address (code flow with PKCE, state and nonce); binds the sign-in to this browser",
  input: z.object({
    Username: z.string().trim().min(1, 'Enter your username or e-mail address').max(200, 'At most 200 characters'),
    /** Where to land after sign-in: an in-app path such as /Account/View/12 (the login's redirect parameter). */
    Redirect: z.string().max(2000).optional(),
  }),
  output: z.object({ AuthorizationUrl: z.string() }),
  access: { kind: 'public' },
  mutating: true,
});

export const CompleteSsoSignIn = defineOperation({
  name: 'CompleteSsoSignIn',
  summary:
    '[M2.14] #/sso-auth/{code}/{state}: finish a single sign-on (single-use, expiring state), map the ID token claim to a user of that organisation and start a session',
  input: z.object({
    Code: z.string().min(1, 'The sign-in answer has no code').max(4000),
    State: z.string().min(1, 'The sign-in answer has no state').max(500),
    /** The identity provider's iss parameter of the answer (RFC 9207), when it sent one. */
    Iss: z.string().max(500).optional(),
  }),
  output: z.object({
    User: CurrentUserSchema,
    /** The in-app path the user was going to, or null for the home page. */
    Redirect: z.string().nullable(),
  }),
  access: { kind: 'public' },
  mutating: true,
});

export const ssoOperations = [
  ListIdentityProviders,
  CreateIdentityProvider,
  UpdateIdentityProvider,
  DeleteIdentityProvider,
  StartSsoSignIn,
  CompleteSsoSignIn,
] as const;
