import { describe, expect, it } from 'vitest';
import { ssoBounceTarget } from '../sso-bounce';

describe('[M2.14] ssoBounceTarget', () => {
  it.each([
    ['?code=abc&state=xyz', '/sso-auth/abc/xyz'],
    ['?code=a%2Fb&state=s%20t', '/sso-auth/a%2Fb/s%20t'],
    ['?code=abc&state=xyz&iss=http%3A%2F%2Fidp', '/sso-auth/abc/xyz?iss=http%3A%2F%2Fidp'],
    ['?error=access_denied&error_description=Call%20us%20now&state=xyz', '/login?ssoError=access_denied'],
    ['?error=%3Cscript%3E&state=xyz', '/login?ssoError=invalid_request'],
    ['?code=abc', null],
    ['?state=xyz', null],
    ['', null],
  ])('%s -> %s', (search, expected) => {
    expect(ssoBounceTarget(search)).toBe(expected);
  });
});
