import { TEST_PASSWORD } from './accounts.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API over HTTP as the web app does, keeping the session cookie. */
export class ApiClient {
  cookie: string | null = null;
  constructor(readonly baseUrl: string) {}

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
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : null;
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
