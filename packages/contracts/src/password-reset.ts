import { z } from 'zod';
import { defineOperation } from './operation.js';

/** [M5.1] The special characters a password must contain at least one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*=+-_(){}[]"\'`~,.?|\\/';

/** [M5.1] The shortest password the reset screen accepts. */
export const RESET_PASSWORD_MIN_LENGTH = 12;

/** [M3.7] Password validation state: each flag is true when that rule holds (containsUsername: the password does NOT contain it). */
export interface PasswordValidationState {
  charLength: boolean;
  charCase: boolean;
  hasNumeric: boolean;
  hasSpecialChar: boolean;
  containsUsername: boolean;
}

/** [M5.1] The part of a username compared with the password: the part before the @ of an e-mail, lower-cased. */
export function usernameStem(username: string): string {
  return (username.split('@')[0] ?? '').trim().toLowerCase();
}

/**
 * [M3.7], [M5.1] Which password rules hold. `containsUsername` is true when the rule "must not contain the
 * username" holds, so every flag reads "ok" and the screen ticks it.
 */
export function passwordValidationState(password: string, username: string): PasswordValidationState {
  const stem = usernameStem(username);
  return {
    charLength: [...password].length >= RESET_PASSWORD_MIN_LENGTH,
    charCase: /[A-Z]/.test(password) && /[a-z]/.test(password),
    hasNumeric: /[0-9]/.test(password),
    hasSpecialChar: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
    containsUsername: stem === '' || !password.toLowerCase().includes(stem),
  };
}

export function meetsPasswordRules(state: PasswordValidationState): boolean {
  return Object.values(state).every(Boolean);
}

/** [M5.1] errPasswordInvalid / errPasswordsDontMatch. */
export const PASSWORD_INVALID_MESSAGE = 'Password does not meet all requirements';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
/** [M5.2] */
export const RESET_USERNAME_MESSAGE = 'Please enter valid username in this format';

/** [M5.2] A username (letters, digits, . _ - +) or an e-mail address. */
export const RESET_USERNAME_PATTERN = /^[A-Za-z0-9._+-]+(@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)?$/;

export const ResetUsernameSchema = z
  .string()
  .trim()
  .refine((v) => v.length <= 200 && RESET_USERNAME_PATTERN.test(v), RESET_USERNAME_MESSAGE);

export const RequestPasswordReset = defineOperation({
  name: 'RequestPasswordReset',
  summary:
    '[M2.15], [M4.11] E-mail a single-use password reset link to the user with this username or e-mail address. Answers the same whether or not such a user exists',
  input: z.object({ Username: ResetUsernameSchema }),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'public' },
  mutating: true,
});

export const ResetPassword = defineOperation({
  name: 'ResetPassword',
  summary:
    '[M3.8], [M4.11] Set a new password with the token from a reset link; ends every session of the user and invalidates the other reset links',
  input: z
    .object({
      Username: z.string().trim().min(1, 'Enter your username').max(200),
      Token: z.string().trim().min(1, 'The reset link is incomplete').max(200),
      Password: z.string().min(1, PASSWORD_INVALID_MESSAGE).max(200),
      PasswordConfirmation: z.string().max(200),
    })
    .superRefine((value, ctx) => {
      if (!meetsPasswordRules(passwordValidationState(value.Password, value.Username)))
        ctx.addIssue({ code: 'custom', path: ['Password'], message: PASSWORD_INVALID_MESSAGE });
      if (value.Password !== value.PasswordConfirmation)
        ctx.addIssue({ code: 'custom', path: ['PasswordConfirmation'], message: PASSWORDS_DONT_MATCH_MESSAGE });
    }),
  output: z.object({ ok: z.literal(true) }),
  access: { kind: 'public' },
  mutating: true,
});

export const passwordResetOperations = [RequestPasswordReset, ResetPassword] as const;
