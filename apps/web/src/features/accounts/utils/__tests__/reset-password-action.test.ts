import type { LayoutContainer } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { resetPasswordContainers, resetPasswordErrors, resetPasswordPayload, resetPasswordState } from '../reset-password-action';

const GOOD = 'Harbour-Lights-2027!';
const messages = { invalid: 'Password does not meet all requirements', mismatch: "Passwords don't match" };
const values = (change: Record<string, string | boolean | null>) => ({
  'Action.Username': 'jdoe',
  'Action.Method': 'SET_PASSWORD',
  'Action.NewPassword': GOOD,
  'Action.PasswordConfirmation': GOOD,
  'Action.ChangeAtNextSignIn': true,
  ...change,
});
const containers: LayoutContainer[] = [
  { Name: 'Reset', DisplayName: 'Reset', State: 'Expanded', Fields: [] },
  { Name: 'NewPassword', DisplayName: 'New password', State: 'Expanded', Fields: [] },
];

describe('reset password action form', () => {
  it.each([
    ['[M5.1] a valid, matching password', {}, {}],
    ['[M5.1] a short password', { 'Action.NewPassword': 'Ab-1' }, { 'Action.NewPassword': messages.invalid }],
    [
      '[M5.1] the username in the password',
      { 'Action.NewPassword': 'Harbour-JDoe-2027!' },
      { 'Action.NewPassword': messages.invalid },
    ],
    [
      '[M5.1] a different confirmation',
      { 'Action.PasswordConfirmation': 'x' },
      { 'Action.PasswordConfirmation': messages.mismatch },
    ],
    ['a link, whatever was typed', { 'Action.Method': 'SEND_LINK', 'Action.NewPassword': 'x' }, {}],
  ])('%s', (_name, change, expected) => {
    expect(resetPasswordErrors(values(change), messages)).toEqual(expected);
  });

  it('[M5.1] shows errors only on fields already left', () => {
    const bad = values({ 'Action.NewPassword': 'short' });
    expect(resetPasswordErrors(bad, messages, ['Action.PasswordConfirmation'])).toEqual({});
    expect(resetPasswordErrors(bad, messages, ['Action.NewPassword'])).toEqual({ 'Action.NewPassword': messages.invalid });
  });

  it('[M3.7] ticks each rule against the user of the account', () => {
    expect(resetPasswordState(values({ 'Action.NewPassword': 'jdoe' }))).toEqual({
      charLength: false,
      charCase: false,
      hasNumeric: false,
      hasSpecialChar: false,
      containsUsername: false,
    });
  });

  it('hides the new password container unless a password is being set', () => {
    expect(resetPasswordContainers(containers, values({ 'Action.Method': 'SEND_LINK' }))[1]?.State).toBe('Hidden');
    expect(resetPasswordContainers(containers, values({}))[1]?.State).toBe('Expanded');
  });

  it('sends no typed password with a link, and never the read-only username', () => {
    expect(resetPasswordPayload(values({ 'Action.Method': 'SEND_LINK' }))).toEqual({
      'Action.Method': 'SEND_LINK',
      'Action.NewPassword': null,
      'Action.PasswordConfirmation': null,
      'Action.ChangeAtNextSignIn': true,
    });
  });
});
