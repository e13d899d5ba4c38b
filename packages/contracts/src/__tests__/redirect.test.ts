import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT_PREFIXES, decideRedirect } from '../access.js';

describe('decideRedirect [M2.13] [M5.10] [M8.7]', () => {
  it.each([
    { target: 'keeper/download/a.pdf', expected: '/keeper/download/a.pdf' },
    { target: 'idp/login?return=x', expected: '/idp/login?return=x' },
    { target: 'support/', expected: '/support/' },
    { target: 'knowledge-base/articles/12', expected: '/knowledge-base/articles/12' },
  ])('allows $target', ({ target, expected }) => {
    expect(decideRedirect({ target, prefixes: DEFAULT_REDIRECT_PREFIXES })).toEqual({ kind: 'allow', url: expected });
  });

  it.each([
    'evil.example/x',
    'https://evil.example/',
    '//evil.example/',
    'keeper//evil.example',
    'keeper/../api/op/Logout',
    'keeper/%2e%2e/api',
    'support\\..\\x',
    'knowledge-base',
    'supportx/',
    '',
  ])('refuses %s with the spec message', (target) => {
    expect(decideRedirect({ target, prefixes: DEFAULT_REDIRECT_PREFIXES })).toEqual({
      kind: 'refuse',
      message: `Redirect route ${target} is not allowed`,
    });
  });

  it('follows the configured list', () => {
    expect(decideRedirect({ target: 'docs/x', prefixes: ['docs/'] }).kind).toBe('allow');
    expect(decideRedirect({ target: 'keeper/x', prefixes: ['docs/'] }).kind).toBe('refuse');
  });
});
