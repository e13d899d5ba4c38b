import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser, IdentityProvider } from '@portal/contracts';
import { writeAudit } from '../../platform/audit/write-audit.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import { refusalOfUrl } from '../../platform/http/outgoing.js';
import { type Caller, type LocatedAccount, type OperationContext, requireCaller } from '../../platform/operations/types.js';
import { openSecret, purposeOf } from '../../platform/secrets/index.js';
import { isInScope, pathIds } from '../../platform/tenancy/scope.js';
import { type AuthSettings, assertNotThrottled, recordSignInOutcome, startSession } from '../auth/index.js';
import { authorizationRequest, discover, exchangeCode, forgetProvider } from './sso.oidc.js';
import * as repo from './sso.repository.js';
import {
  callbackUrl,
  chooseProviderForDomain,
  chooseProviderForUser,
  emailDomain,
  type RoutableProvider,
  redirectUri,
  type SignInRecordProblem,
  SSO_SIGN_IN_MINUTES,
  safeRedirect,
  signInRecordProblem,
  usernameFromClaims,
} from './sso.rules.js';

export interface SsoSettings {
  /** The portal's public address: the redirect URI is its Security entry page, {publicUrl}/v/. */
  publicUrl: string;
  auth: AuthSettings;
}

/** The cookie that binds a sign-in under way to the browser that started it (against login CSRF). */
export const SSO_BROWSER_COOKIE = 'portal_sso';
const ORGANISATION_TYPES = ['Provider', 'Reseller', 'Company'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What discovery and the code exchange need of a provider, its client secret opened only here. */
const clientOf = (row: repo.ProviderRow) => ({
  issuer: row.issuer,
  clientId: row.client_id,
  clientSecret: openSecret(purposeOf(repo.CLIENT_SECRET_COLUMN), row.client_secret),
});

function toWire(row: repo.ProviderRow): IdentityProvider {
  return {
    Id: row.id,
    AccountId: row.account_id,
    Name: row.name,
    Issuer: row.issuer,
    ClientId: row.client_id,
    ClientSecretSet: row.client_secret.length > 0,
    Scopes: row.scopes,
    UsernameClaim: row.username_claim,
    Enabled: row.enabled,
    EmailDomains: row.email_domains,
    Usernames: row.usernames,
    UpdatedAt: row.updated_at.toISOString(),
    Version: row.version,
    UpdatedBy: row.updated_by_name,
  };
}

/** What the audit row says about a provider: everything but the secret, which it only says was replaced. */
function auditView(row: repo.ProviderRow, secretReplaced: boolean) {
  const { ClientSecretSet: _set, UpdatedAt: _at, Version: _version, UpdatedBy: _by, ...rest } = toWire(row);
  return { ...rest, CredentialChanged: secretReplaced };
}

function assertOrganisation(account: LocatedAccount) {
  if (!ORGANISATION_TYPES.includes(account.type))
    throw validationFailed([{ field: 'accountId', message: 'Single sign-on belongs to a company or reseller' }]);
}

export interface ProviderInput {
  Name: string;
  Issuer: string;
  ClientId: string;
  Scopes: string;
  UsernameClaim: string;
  Enabled: boolean;
  EmailDomains: string[];
  Usernames: string[];
}

/** The issuer must not be an internal address the server may not call (OUTGOING_ALLOW), checked without connecting. */
function assertReachableIssuer(issuer: string) {
  const refused = refusalOfUrl(issuer);
  if (refused) throw validationFailed([{ field: 'Issuer', message: `The server may not call this address: ${refused}` }]);
}

const fields = (i: ProviderInput): repo.ProviderFields => ({
  name: i.Name,
  issuer: i.Issuer,
  clientId: i.ClientId,
  scopes: i.Scopes.split(/\s+/).filter(Boolean).join(' '),
  usernameClaim: i.UsernameClaim,
  enabled: i.Enabled,
  emailDomains: [...new Set(i.EmailDomains)],
  usernames: [...new Set(i.Usernames)],
});

// ---------------------------------------------------------------- Security tab

export async function listProviders(ctx: OperationContext, settings: SsoSettings, caller: Caller, account: LocatedAccount) {
  assertOrganisation(account);
  const rows = await repo.listByAccount(ctx.db, account.id);
  return {
    Items: rows.map(toWire),
    RedirectUri: redirectUri(settings.publicUrl),
    CanUpdate: caller.capabilities.has('SECURITY_MANAGEMENT_UPDATE'),
  };
}

export async function createProvider(
  ctx: OperationContext,
  account: LocatedAccount,
  input: ProviderInput & { ClientSecret: string },
) {
  assertOrganisation(account);
  assertReachableIssuer(input.Issuer);
  const row = await repo.insert(ctx.db, account.id, {
    ...fields(input),
    clientSecret: input.ClientSecret,
    updatedBy: requireCaller(ctx).userId,
  });
  ctx.audit({ accountId: account.id, after: auditView(row, true) });
  return toWire(row);
}

export async function updateProvider(
  ctx: OperationContext,
  account: LocatedAccount,
  input: ProviderInput & { Id: number; ClientSecret?: string | undefined; Version: number },
) {
  assertOrganisation(account);
  const before = await repo.findInAccount(ctx.db, account.id, input.Id, true);
  if (!before) throw notFound('Identity provider');
  if (isStaleVersion({ seen: input.Version, current: before.version })) throw staleVersion('identity provider', toWire(before));
  assertReachableIssuer(input.Issuer);
  const row = await repo.update(ctx.db, account.id, input.Id, {
    ...fields(input),
    clientSecret: input.ClientSecret ?? null,
    updatedBy: requireCaller(ctx).userId,
  });
  if (!row) throw notFound('Identity provider');
  await repo.endOpenSignIns(ctx.db, row.id, ctx.now);
  forgetProvider(before.issuer);
  ctx.audit({ accountId: account.id, before: auditView(before, false), after: auditView(row, input.ClientSecret !== undefined) });
  return toWire(row);
}

export async function deleteProvider(ctx: OperationContext, account: LocatedAccount, id: number) {
  assertOrganisation(account);
  const before = await repo.findInAccount(ctx.db, account.id, id, true);
  if (!before || !(await repo.remove(ctx.db, account.id, id))) throw notFound('Identity provider');
  forgetProvider(before.issuer);
  ctx.audit({ accountId: account.id, before: auditView(before, false) });
  return { ok: true as const };
}

// ---------------------------------------------------------------- sign-in

const NOT_SET_UP = 'Single sign-on is not set up for this user. Sign in with your password.';

const routable = (row: repo.ProviderRow): RoutableProvider => ({
  id: row.id,
  accountId: row.account_id,
  enabled: row.enabled,
  emailDomains: row.email_domains,
  usernames: row.usernames,
});

/** The provider a typed username or e-mail address signs in with, or null. */
async function findProviderFor(ctx: OperationContext, typed: string): Promise<repo.ProviderRow | null> {
  const [user] = await repo.findUsersByTyped(ctx.db, typed);
  if (user) {
    const ids = pathIds(user.path);
    const rows = await repo.listByAccounts(ctx.db, ids);
    const chosen = chooseProviderForUser(rows.map(routable), ids, { username: user.username, email: user.email, typed });
    return rows.find((r) => r.id === chosen?.id) ?? null;
  }
  const domain = emailDomain(typed);
  if (!domain) return null;
  const rows = await repo.listByDomain(ctx.db, domain);
  const chosen = chooseProviderForDomain(rows.map(routable), typed);
  return rows.find((r) => r.id === chosen?.id) ?? null;
}

/** Why the identity provider could not be used, for the person signing in (the log keeps the cause). */
function providerUnreachable(ctx: OperationContext, row: repo.ProviderRow, error: unknown): DomainError {
  ctx.log.warn({ err: error, providerId: row.id, issuer: row.issuer }, 'single sign-on provider discovery failed');
  return new DomainError(
    'BAD_REQUEST',
    `The identity provider ${row.name} could not be reached or did not describe itself correctly. Try again later or sign in with your password.`,
    [{ field: 'Username', message: `The identity provider ${row.name} is not available` }],
  );
}

/**
 * StartSsoSignIn: finds the identity provider of the user's organisation and returns the authorization address.
 * The sign-in record (hashed state, PKCE verifier, nonce, where to land) is single-use and expires; a cookie ties it
 * to this browser.
 */
export async function startSsoSignIn(
  ctx: OperationContext,
  settings: SsoSettings,
  input: { Username: string; Redirect?: string | undefined },
) {
  await assertNotThrottled(ctx, input.Username);
  const row = await findProviderFor(ctx, input.Username);
  if (!row) throw validationFailed([{ field: 'Username', message: NOT_SET_UP }], NOT_SET_UP);
  let request: Awaited<ReturnType<typeof authorizationRequest>>;
  try {
    const config = await discover(clientOf(row), ctx.now);
    request = await authorizationRequest(config, { redirectUri: redirectUri(settings.publicUrl), scopes: row.scopes });
  } catch (error) {
    throw providerUnreachable(ctx, row, error);
  }
  const browser = randomBytes(32).toString('base64url');
  await repo.purgeOldSignIns(ctx.db, ctx.now);
  await repo.insertSignIn(ctx.db, {
    stateHash: sha256(request.state),
    providerId: row.id,
    browserHash: sha256(browser),
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    redirect: safeRedirect(input.Redirect),
    expiresAt: new Date(ctx.now.getTime() + SSO_SIGN_IN_MINUTES * 60_000),
  });
  ctx.cookies.set(SSO_BROWSER_COOKIE, browser, { maxAgeSeconds: SSO_SIGN_IN_MINUTES * 60 });
  ctx.audit({ actorId: null, accountId: row.account_id, after: { SingleSignOn: 'started', ProviderId: row.id } });
  return { AuthorizationUrl: request.url };
}

const RECORD_MESSAGES: Record<SignInRecordProblem, string> = {
  unknown: 'This single sign-on answer is not valid. Start signing in again.',
  'other-browser': 'This single sign-on was started in another browser. Start signing in again.',
  used: 'This single sign-on answer was already used. Start signing in again.',
  expired: 'This single sign-on took too long. Start signing in again.',
};

/** The same refusal for a user of another organisation and for no user at all: neither says which exists. */
const NO_PORTAL_USER = (name: string) =>
  `The identity provider signed you in as ${name}, but this organisation has no portal user by that name. Ask your administrator.`;

type Refusal = { reason: string; providerId?: number; accountId?: number | null; claimed?: string };

/**
 * [M2.14] CompleteSsoSignIn for #/sso-auth/{code}/{state}: spends the sign-in record (also when the sign-in fails),
 * exchanges the code, and signs in the portal user of the provider's organisation that the claim names. Refusals are
 * audited after the transaction rolls back and count towards the sign-in lockout.
 */
export async function completeSsoSignIn(
  ctx: OperationContext,
  settings: SsoSettings,
  input: { Code: string; State: string; Iss?: string | undefined },
): Promise<{ User: CurrentUser; Redirect: string | null }> {
  const stateHash = sha256(input.State);
  // Whatever goes wrong, the state is spent: an answer is tried once.
  ctx.onRollback((db) => repo.spendSignIn(db, stateHash, new Date()));
  const refuse = (message: string, refusal: Refusal, field = 'State'): never => {
    ctx.onRollback(async (db) => {
      await writeAudit(db, {
        actorId: null,
        impersonatorId: null,
        operation: 'CompleteSsoSignIn',
        accountId: refusal.accountId ?? null,
        before: undefined,
        after: {
          SingleSignOn: 'refused',
          Reason: refusal.reason,
          ProviderId: refusal.providerId ?? null,
          Claimed: refusal.claimed ?? null,
        },
        requestId: ctx.requestId,
      });
    });
    throw new DomainError('UNAUTHENTICATED', message, [{ field, message }]);
  };

  const record = await repo.lockSignIn(ctx.db, stateHash);
  const browser = ctx.cookies.get(SSO_BROWSER_COOKIE);
  const problem = signInRecordProblem(
    record && { browserHash: record.browser_hash, expiresAt: record.expires_at, usedAt: record.used_at },
    { browserHash: browser ? sha256(browser) : null, now: ctx.now },
  );
  if (problem !== null || !record) return refuse(RECORD_MESSAGES[problem ?? 'unknown'], { reason: `state ${problem}` });
  await repo.spendSignIn(ctx.db, stateHash, ctx.now);
  ctx.cookies.clear(SSO_BROWSER_COOKIE);

  const provider = await repo.findById(ctx.db, record.provider_id);
  if (!provider?.enabled)
    return refuse('Single sign-on with this identity provider is switched off. Sign in with your password.', {
      reason: 'provider disabled',
      providerId: record.provider_id,
      accountId: provider?.account_id ?? null,
    });

  let claims: Record<string, unknown>;
  try {
    const config = await discover(clientOf(provider), ctx.now);
    claims = await exchangeCode(config, {
      callbackUrl: callbackUrl({
        redirectUri: redirectUri(settings.publicUrl),
        code: input.Code,
        state: input.State,
        iss: input.Iss,
      }),
      state: input.State,
      nonce: record.nonce,
      codeVerifier: record.code_verifier,
      claim: provider.username_claim,
    });
  } catch (error) {
    ctx.log.warn({ err: error, providerId: provider.id }, 'single sign-on code exchange failed');
    return refuse(`The identity provider ${provider.name} did not confirm this sign-in. Start signing in again.`, {
      reason: 'code exchange failed',
      providerId: provider.id,
      accountId: provider.account_id,
    });
  }

  const decision = usernameFromClaims(claims, provider.username_claim);
  if (decision.kind === 'refuse')
    return refuse(
      decision.reason === 'unverified-email'
        ? 'The identity provider has not verified your e-mail address. Ask your administrator.'
        : `The identity provider did not send the ${provider.username_claim} claim. Ask your administrator.`,
      { reason: decision.reason, providerId: provider.id, accountId: provider.account_id },
    );
  await assertNotThrottled(ctx, decision.value);

  const organisationPath = await repo.findAccountPath(ctx.db, provider.account_id);
  const user = await repo.findUserByUsername(ctx.db, decision.value);
  const inTenant = user !== null && organisationPath !== null && isInScope(organisationPath, user.path);
  if (!user || !inTenant || user.state === 'Terminated') {
    await recordSignInOutcome(ctx, decision.value, false);
    return refuse(NO_PORTAL_USER(decision.value), {
      reason: !user ? 'unknown user' : !inTenant ? 'user of another organisation' : 'terminated user',
      providerId: provider.id,
      accountId: provider.account_id,
      claimed: decision.value,
    });
  }

  await recordSignInOutcome(ctx, user.username, true);
  ctx.audit({
    actorId: user.id,
    accountId: user.id,
    after: { Username: user.username, SingleSignOn: 'signed in', ProviderId: provider.id, Issuer: provider.issuer },
  });
  const User = await startSession(ctx, settings.auth, user.id);
  return { User, Redirect: record.redirect };
}
