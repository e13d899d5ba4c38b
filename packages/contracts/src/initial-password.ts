/** Forced password change after a first-time password (decision 0010, appended): the "choose a new password" step. */
import { z } from 'zod';
import { CurrentUserSchema } from './auth.js';
import { defineOperation } from './operation.js';
import { PASSWORD_INVALID_MESSAGE, PASSWORDS_DONT_MATCH_MESSAGE } from './password-reset.js';

export const ChangeInitialPassword = defineOperation({
  name: 'ChangeInitialPassword',
  summary:
    'Replace the first-time password you signed in with by one you choose ([M5.1] and the organisation policy); your other sessions end. Only while MustChangePassword is true',
  input: z
    .object({
      NewPassword: z.string().min(1, PASSWORD_INVALID_MESSAGE).max(200),
      PasswordConfirmation: z.string().max(200),
    })
    .superRefine((value, ctx) => {
      if (value.NewPassword !== value.PasswordConfirmation)
        ctx.addIssue({ code: 'custom', path: ['PasswordConfirmation'], message: PASSWORDS_DONT_MATCH_MESSAGE });
    }),
  output: CurrentUserSchema,
  access: { kind: 'session' },
  mutating: true,
  duringPasswordChange: true,
});

export const initialPasswordOperations = [ChangeInitialPassword] as const;
