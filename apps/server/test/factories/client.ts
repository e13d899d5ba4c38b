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

  /**
   * An edit as the web app makes it (decision 0036): reads the record's current Version as this caller, then
   * calls the edit operation with it. A version given in the input is sent as it is.
   */
  async edit<T = any>(name: EditOperation, input: Record<string, unknown>, headers: Record<string, string> = {}) {
    const field =
      name === 'UpdateAccount' || name === 'UpdateAccountByConfirm' || name === 'UpdateAccountNote' ? 'version' : 'Version';
    if (input[field] !== undefined) return this.op<T>(name, input, headers);
    return this.op<T>(name, { ...input, [field]: await this.currentVersion(name, input) }, headers);
  }

  private async currentVersion(name: EditOperation, input: Record<string, any>): Promise<number> {
    switch (name) {
      case 'UpdateAccount':
      case 'UpdateAccountByConfirm':
        return (await this.op('LoadAccountById', { id: input.id })).body?.Version ?? 1;
      case 'AddCreditLimitRecord':
        return (await this.op('GetCreditLimitRecords', { accountId: input.accountId })).body?.Version ?? 0;
      case 'UpdateIdentityProvider': {
        const list = await this.op('ListIdentityProviders', { accountId: input.accountId });
        return list.body?.Items?.find((p: { Id: number }) => p.Id === input.Id)?.Version ?? 1;
      }
      case 'UpdateService':
        return (await this.op('GetService', { ServiceName: input.ServiceName })).body?.Version ?? 1;
      case 'UpdateSecuritySettings':
        return (await this.op('GetSecuritySettings', { accountId: input.accountId })).body?.Version ?? 0;
      case 'UpdateExchangeRates':
        return (await this.op('ListExchangeRates', {})).body?.Version ?? 0;
      case 'UpdateAccountNote':
        throw new Error('a note edit sends the Version of the note it read (AddAccountNote or GetAccountNotes)');
    }
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

/** The edit operations that carry the version their caller read (decision 0036). */
export type EditOperation =
  | 'UpdateAccount'
  | 'UpdateAccountByConfirm'
  | 'AddCreditLimitRecord'
  | 'UpdateAccountNote'
  | 'UpdateIdentityProvider'
  | 'UpdateService'
  | 'UpdateSecuritySettings'
  | 'UpdateExchangeRates';

export async function signedIn(baseUrl: string, username: string) {
  return new ApiClient(baseUrl).signIn(username);
}
