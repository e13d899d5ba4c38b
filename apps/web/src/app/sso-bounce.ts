import { paths } from './paths';

/**
 * [M2.14] Where the Security entry page sends an answer of an identity provider: a query with code and state goes to
 * #/sso-auth/{code}/{state} (the provider's iss parameter rides along), an error answer to sign-in with its
 * error code. Null when the query is no such answer.
 */
export function ssoBounceTarget(search: string): string | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) {
    const iss = query.get('iss');
    const tail = iss ? `?iss=${encodeURIComponent(iss)}` : '';
    return `${paths.ssoAuth(code, state)}${tail}`;
  }
  // Only the provider's error code is shown (e.g. access_denied), never its free text: a crafted link must not put
  // words of an attacker's choosing on the sign-in page.
  const error = query.get('error');
  if (error && state) return paths.loginAfterSsoError(/^[a-z_]{1,60}$/.test(error) ? error : 'invalid_request');
  return null;
}
