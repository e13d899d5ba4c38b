import { describe, expect, it } from 'vitest';
import { CreateIdentityProvider, isAcceptableIssuer } from '../sso.js';

describe('isAcceptableIssuer', () => {
  it.each([
    ['https://login.example.com', true],
    ['https://login.microsoftonline.com/tenant/v2.0', true],
    ['http://127.0.0.1:9000', true],
    ['http://localhost:9000/realms/acme', true],
    ['http://login.example.com', false],
    ['https://login.example.com/?x=1', false],
    ['https://user:pass@login.example.com', false],
    ['ftp://login.example.com', false],
    ['login.example.com', false],
  ])('%s -> %s', (issuer, expected) => {
    expect(isAcceptableIssuer(issuer)).toBe(expected);
  });
});

describe('identity provider input', () => {
  const valid = {
    accountId: 1,
    Name: 'Login',
    Issuer: 'https://login.example.com',
    ClientId: 'portal',
    ClientSecret: 'secret',
    Scopes: 'openid  email',
    UsernameClaim: 'email',
    Enabled: true,
    EmailDomains: ['Example.COM'],
    Usernames: [],
  };

  it('lower-cases e-mail domains', () => {
    expect(CreateIdentityProvider.input.parse(valid).EmailDomains).toEqual(['example.com']);
  });

  it.each([
    ['scopes without openid', { Scopes: 'email profile' }, 'Scopes'],
    ['a scope with a quote', { Scopes: 'openid "x"' }, 'Scopes'],
    ['a claim with a space', { UsernameClaim: 'user name' }, 'UsernameClaim'],
    ['a domain with a scheme', { EmailDomains: ['https://example.com'] }, 'EmailDomains.0'],
  ])('refuses %s and names the field', (_name, change, field) => {
    const result = CreateIdentityProvider.input.safeParse({ ...valid, ...change });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });
});
