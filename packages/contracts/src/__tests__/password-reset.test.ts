import { describe, expect, it } from 'vitest';
import { meetsPasswordRules, passwordValidationState, RESET_USERNAME_PATTERN, usernameStem } from '../password-reset.js';

describe('[M3.7] [M5.1] passwordValidationState', () => {
  it.each([
    ['', 'ann', { charLength: false, charCase: false, hasNumeric: false, hasSpecialChar: false, containsUsername: true }],
    [
      'abcdefghijkl',
      'ann',
      { charLength: true, charCase: false, hasNumeric: false, hasSpecialChar: false, containsUsername: true },
    ],
    [
      'Abcdefghijk1',
      'ann',
      { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: false, containsUsername: true },
    ],
    ['Abcdefghij1!', 'ann', { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: true }],
    [
      'Abcdefghij1\\',
      'ann',
      { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: true },
    ],
    ['Abcdefghij1"', 'ann', { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: true }],
    [
      'Abcdefghij1§',
      'ann',
      { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: false, containsUsername: true },
    ],
    [
      'Xx1!-ANN-2026',
      'ann@example.com',
      { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: false },
    ],
    [
      'Xx1!-example-26',
      'ann@example.com',
      { charLength: true, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: true },
    ],
    ['Abcdefghi1!', 'ann', { charLength: false, charCase: true, hasNumeric: true, hasSpecialChar: true, containsUsername: true }],
  ])('%j for %s', (password, username, state) => {
    expect(passwordValidationState(password, username)).toEqual(state);
    expect(meetsPasswordRules(state)).toBe(Object.values(state).every(Boolean));
  });

  it('[M5.1] compares the part of the e-mail before the @, case-insensitively', () => {
    expect(usernameStem('Ann.Lee@Example.com')).toBe('ann.lee');
    expect(usernameStem('blueharbor.admin')).toBe('blueharbor.admin');
  });
});

describe('[M5.2] request-link username format', () => {
  it.each([
    ['blueharbor.admin', true],
    ['ann@example.com', true],
    ['a_b-c+d', true],
    ['', false],
    ['has space', false],
    ['x@', false],
    ['a/b', false],
  ])('%s -> %s', (value, ok) => {
    expect(RESET_USERNAME_PATTERN.test(value)).toBe(ok);
  });
});
