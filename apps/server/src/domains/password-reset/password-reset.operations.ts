import { RequestPasswordReset, ResetPassword } from '@portal/contracts';
import { handle } from '../../platform/operations/types.js';
import { type PasswordResetSettings, requestPasswordReset, resetPassword } from './password-reset.service.js';

export function passwordResetOperations(settings: PasswordResetSettings) {
  return [
    handle(RequestPasswordReset, (ctx, input) => requestPasswordReset(ctx, settings, input.Username)),
    handle(ResetPassword, (ctx, input) => resetPassword(ctx, input)),
  ];
}
