import * as client from 'openid-client';
import { guardedFetch } from '../../platform/http/outgoing.js';
import { DISCOVERY_CACHE_MINUTES, PROVIDER_TIMEOUT_SECONDS } from './sso.rules.js';

/** Every call to an identity provider (discovery, token, user info) goes through the outgoing-request guard. */
const providerFetch: client.CustomFetch = (url, options) =>
  guardedFetch(url, {
    method: options.method,
    headers: options.headers,
    body: options.body as string | URLSearchParams | undefined,
    redirect: options.redirect,
    signal: options.signal,
    timeoutMs: PROVIDER_TIMEOUT_SECONDS * 1000,
    maxResponseBytes: 512 * 1024,
  });

/** What the portal needs to talk to one identity provider. */
export interface ProviderConnection {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const cache = new Map<string, { config: client.Configuration; until: number }>();

const isPlainHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

/**
 * The provider's configuration from its discovery document (/.well-known/openid-configuration), reused for a few
 * minutes. Plain http is only accepted for loopback issuers, which the contracts' validation already ensures.
 */
export async function discover(p: ProviderConnection, now: Date): Promise<client.Configuration> {
  const key = JSON.stringify([p.issuer, p.clientId, p.clientSecret]);
  const hit = cache.get(key);
  if (hit && hit.until > now.getTime()) return hit.config;
  const config = await client.discovery(new URL(p.issuer), p.clientId, p.clientSecret, client.ClientSecretPost(p.clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    ...(isPlainHttp(p.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
    [client.customFetch]: providerFetch,
  });
  config[client.customFetch] = providerFetch;
  cache.set(key, { config, until: now.getTime() + DISCOVERY_CACHE_MINUTES * 60_000 });
  return config;
}

/** Forgets what was discovered about an issuer (after its settings change). */
export function forgetProvider(issuer: string) {
  for (const key of cache.keys()) if (key.startsWith(JSON.stringify([issuer]).slice(0, -1))) cache.delete(key);
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The authorization code request with PKCE (S256), a fresh state and nonce. */
export async function authorizationRequest(
  config: client.Configuration,
  p: { redirectUri: string; scopes: string },
): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    scope: p.scopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Exchanges the code at the token endpoint and validates the answer and its ID token (issuer, audience, signature,
 * expiry, nonce, state, PKCE); the ID token's claims.
 */
export async function exchangeCode(
  config: client.Configuration,
  p: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string; claim: string },
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, p.callbackUrl, {
    pkceCodeVerifier: p.codeVerifier,
    expectedState: p.state,
    expectedNonce: p.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the token response has no ID token');
  // Providers that follow OpenID Connect Core 5.4 strictly put scope claims (email, profile) only in UserInfo.
  if (claims[p.claim] === undefined && config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...info, ...claims };
  }
  return { ...claims };
}
