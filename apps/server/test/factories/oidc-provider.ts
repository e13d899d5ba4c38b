import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdentityProvider {
  /** The issuer: http://127.0.0.1:{port}. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How many HTTP requests reached the provider so far. */
  requestCount(): number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the oidc-provider package) on a loopback port, with one confidential client whose
 * redirect URI is the portal's Security entry page. Its built-in login page accepts any login as the subject;
 * `claimsOf` gives the claims of a subject (email and preferred_username by default).
 */
export async function startTestIdentityProvider(p: {
  redirectUri: string;
  claimsOf?: (sub: string) => Record<string, unknown>;
}): Promise<TestIdentityProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `portal-${Date.now().toString(36)}`;
  const clientSecret = `secret-${crypto.randomUUID()}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const claimsOf =
    p.claimsOf ??
    ((sub: string) => ({ email: sub.includes('@') ? sub : `${sub}@example.com`, email_verified: true, preferred_username: sub }));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [p.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: [crypto.randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Grant: 600, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, AuthorizationCode: 60 },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...claimsOf(sub) }),
    }),
  });
  // The built-in login and consent pages are meant for development; that is what they are here.
  provider.on('server_error', (_ctx, error) => console.error('test identity provider:', error));
  handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  return {
    issuer,
    clientId,
    clientSecret,
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider's own login and consent pages over HTTP, as a browser would, starting at the portal's
 * authorization address; the callback address the provider sends the browser back to (with code, state and iss).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 12; step++) {
    if (url.href.startsWith(redirectUri)) return url;
    let res: Response;
    if (url.pathname.startsWith('/interaction/')) {
      const page = await fetch(url, { headers: { cookie: cookie() }, redirect: 'manual' });
      remember(page);
      const html = await page.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? url.pathname;
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
      res = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
        method: 'POST',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    } else {
      res = await fetch(url, { headers: { cookie: cookie() }, redirect: 'manual' });
    }
    remember(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the identity provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('the identity provider did not send the browser back');
}
