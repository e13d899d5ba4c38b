import { meetsPasswordRules, passwordValidationState } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { decideAdminReset } from '../password-reset.rules.js';

const GOOD = 'Harbour-Lights-2027!';
const base = {
  method: 'SET_PASSWORD' as unknown,
  newPassword: GOOD,
  confirmation: GOOD,
  changeAtNextSignIn: true,
  username: 'jdoe',
  email: 'jdoe@example.com',
  isSelf: false,
  isMailAddress: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  meetsRules: (password: string, username: string) => meetsPasswordRules(passwordValidationState(password, username)),
};

describe('decideAdminReset', () => {
  it.each([
    ['[M5.1] too short', { newPassword: 'Ab-1', confirmation: 'Ab-1' }, 'NewPassword', 'Password does not meet all requirements'],
    [
      '[M5.1] one case only',
      { newPassword: 'harbour-lights-27!', confirmation: 'harbour-lights-27!' },
      'NewPassword',
      'Password does not meet all requirements',
    ],
    [
      '[M5.1] no digit',
      { newPassword: 'Harbour-Lights-!!', confirmation: 'Harbour-Lights-!!' },
      'NewPassword',
      'Password does not meet all requirements',
    ],
    [
      '[M5.1] no special character',
      { newPassword: 'HarbourLights2027', confirmation: 'HarbourLights2027' },
      'NewPassword',
      'Password does not meet all requirements',
    ],
    [
      '[M5.1] contains the username',
      { newPassword: 'Harbour-JDOE-2027!', confirmation: 'Harbour-JDOE-2027!' },
      'NewPassword',
      'Password does not meet all requirements',
    ],
    ['[M5.1] confirmation differs', { confirmation: `${GOOD}?` }, 'PasswordConfirmation', "Passwords don't match"],
    ['no method', { method: null }, 'Method', 'Choose how to reset the password'],
    ['unknown method', { method: 'DELETE' }, 'Method', 'Choose how to reset the password'],
    ['no username', { username: ' ' }, 'Method', 'This user has no username to sign in with'],
    [
      'link without an address',
      { method: 'SEND_LINK', email: 'not-an-address' },
      'Method',
      'This user has no valid e-mail address to send a link to. Set a new password instead.',
    ],
  ])('refuses %s', (_name, change, field, message) => {
    expect(decideAdminReset({ ...base, ...change })).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it('refuses your own account', () => {
    expect(decideAdminReset({ ...base, isSelf: true })).toMatchObject({ ok: false, conflict: expect.any(String) });
  });

  it.each([
    [
      'sets a password to change at next sign-in',
      {},
      { ok: true, kind: 'set', password: GOOD, username: 'jdoe', mustChange: true },
    ],
    [
      'sets a password to keep',
      { changeAtNextSignIn: false },
      { ok: true, kind: 'set', password: GOOD, username: 'jdoe', mustChange: false },
    ],
    [
      'sends a link, ignoring typed passwords',
      { method: 'SEND_LINK', newPassword: 'x' },
      { ok: true, kind: 'link', email: 'jdoe@example.com', username: 'jdoe' },
    ],
  ])('%s', (_name, change, expected) => {
    expect(decideAdminReset({ ...base, ...change })).toEqual(expected);
  });
});
