import { TEST_PASSWORD } from './accounts.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API over HTTP as the web app does, keeping the session cookie. */
export class ApiClient {
  /** The cookie jar: every cookie the server set and has not cleared (the session, and during impersonation the origin). */
  readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client sends, or null without cookies. */
  get cookie(): string | null {
    return this.jar.size === 0 ? null : [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  set cookie(value: string | null) {
    this.jar.clear();
    for (const pair of value?.split(';') ?? []) {
      const [name, ...rest] = pair.trim().split('=');
      if (name) this.jar.set(name, rest.join('='));
    }
  }

  async op<T = any>(name: string, input: unknown = {}, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.baseUrl}/api/op/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: JSON.stringify(input),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: res.headers,
    };
  }

  async signIn(username: string, password = TEST_PASSWORD) {
    const res = await this.op('Authenticate', {
      Username: username,
      Password: password,
    });
    if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return this;
  }
}

export async function signedIn(baseUrl: string, username: string) {
  return new ApiClient(baseUrl).signIn(username);
}
