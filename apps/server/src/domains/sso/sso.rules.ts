/** Pure decisions of single sign-on: which identity provider a user signs in with, the sign-in record, the claim. */

/** How long a started single sign-on may take until the portal's callback (decision 0015). */
export const SSO_SIGN_IN_MINUTES = 10;
/** How long a discovered provider configuration is reused before it is fetched again. */
export const DISCOVERY_CACHE_MINUTES = 10;
/** Seconds the portal waits for the identity provider (discovery and token request). */
export const PROVIDER_TIMEOUT_SECONDS = 10;

export interface RoutableProvider {
  id: number;
  accountId: number;
  enabled: boolean;
  emailDomains: readonly string[];
  usernames: readonly string[];
}

/** The domain of an e-mail address, lower-cased, or null when the text is not one. */
export function emailDomain(text: string | null | undefined): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(text?.trim() ?? '');
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * Whether a provider takes this user: it is enabled, and it lists the username or the domain of the user's (or the
 * typed) e-mail address; a provider that lists neither domains nor usernames takes every user of its organisation.
 */
export function providerTakesUser(
  provider: RoutableProvider,
  user: { username: string; email: string | null; typed: string },
): boolean {
  if (!provider.enabled) return false;
  if (provider.emailDomains.length === 0 && provider.usernames.length === 0) return true;
  const username = user.username.toLowerCase();
  if (provider.usernames.some((u) => u.toLowerCase() === username)) return true;
  const domains = [emailDomain(user.email), emailDomain(user.typed)].filter((d): d is string => d !== null);
  return provider.emailDomains.some((d) => domains.includes(d.toLowerCase()));
}

/**
 * The provider a known user signs in with: among the providers of the organisations above the user, the nearest
 * organisation's first matching one (a company's own provider wins over its reseller's).
 *
 * @param pathIds the account ids of the user's path, top first
 */
export function chooseProviderForUser(
  providers: readonly RoutableProvider[],
  pathIds: readonly number[],
  user: { username: string; email: string | null; typed: string },
): RoutableProvider | null {
  for (const accountId of [...pathIds].reverse()) {
    const match = providers
      .filter((p) => p.accountId === accountId)
      .sort((a, b) => a.id - b.id)
      .find((p) => providerTakesUser(p, user));
    if (match) return match;
  }
  return null;
}

/** The provider for an e-mail address no portal user has: the first enabled one that lists its domain. */
export function chooseProviderForDomain(providers: readonly RoutableProvider[], typed: string): RoutableProvider | null {
  const domain = emailDomain(typed);
  if (!domain) return null;
  return [...providers].sort((a, b) => a.id - b.id).find((p) => p.enabled && p.emailDomains.includes(domain)) ?? null;
}

export type SignInRecordProblem = 'unknown' | 'other-browser' | 'used' | 'expired';

/** Why a stored sign-in record may not finish this sign-in, or null when it may. */
export function signInRecordProblem(
  record: { browserHash: string; expiresAt: Date; usedAt: Date | null } | null,
  p: { browserHash: string | null; now: Date },
): SignInRecordProblem | null {
  if (record === null) return 'unknown';
  if (record.usedAt !== null) return 'used';
  if (record.expiresAt.getTime() <= p.now.getTime()) return 'expired';
  if (p.browserHash === null || p.browserHash !== record.browserHash) return 'other-browser';
  return null;
}

export type ClaimDecision =
  | { kind: 'username'; value: string }
  | { kind: 'refuse'; reason: 'missing-claim' | 'unverified-email' };

/**
 * The portal username the ID token names: the chosen claim, a non-empty string. An e-mail claim counts only when the
 * provider does not say it is unverified.
 */
export function usernameFromClaims(claims: Record<string, unknown>, claim: string): ClaimDecision {
  const value = claims[claim];
  if (typeof value !== 'string' || value.trim() === '') return { kind: 'refuse', reason: 'missing-claim' };
  if (claim === 'email' && claims.email_verified === false) return { kind: 'refuse', reason: 'unverified-email' };
  return { kind: 'username', value: value.trim() };
}

/** An in-app path to land on after sign-in, or null: it must start with one '/' (no scheme, host or backslash). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || /[\\\s]/.test(target)) return null;
  return target.length <= 2000 ? target : null;
}

/** [M2.14] The redirect URI registered at the identity provider: the Security entry page under /v/. */
export function redirectUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v/`;
}

/** The callback address as the identity provider sent it, rebuilt from what the bounce carried into the route. */
export function callbackUrl(p: { redirectUri: string; code: string; state: string; iss?: string | undefined }): URL {
  const url = new URL(p.redirectUri);
  url.searchParams.set('code', p.code);
  url.searchParams.set('state', p.state);
  if (p.iss) url.searchParams.set('iss', p.iss);
  return url;
}
