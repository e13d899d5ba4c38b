/**
 * [M2.14] Where the Security entry page sends an answer of an identity provider: a query with code and state goes to
 * #/sso-auth/{code}/{state} (the provider's iss parameter rides along), an error answer to sign-in with its
 * description. Null when the query is no such answer.
 */
export function ssoBounceTarget(search: string): string | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) {
    const iss = query.get('iss');
    const tail = iss ? `?iss=${encodeURIComponent(iss)}` : '';
    return `/sso-auth/${encodeURIComponent(code)}/${encodeURIComponent(state)}${tail}`;
  }
  const error = query.get('error');
  if (error && state) {
    const description = query.get('error_description') ?? error;
    return `/login?ssoError=${encodeURIComponent(description.slice(0, 300))}`;
  }
  return null;
}
