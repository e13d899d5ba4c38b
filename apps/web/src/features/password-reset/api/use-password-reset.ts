import { RequestPasswordReset, ResetPassword } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** [M4.11] RequestPasswordReset: the screen moves on to "link sent" whatever the answer. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (Username: string) => callOperation(RequestPasswordReset, { Username }) });
}

/** [M3.8] ResetPassword with the username and token of the link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { Username: string; Token: string; Password: string; PasswordConfirmation: string }) =>
      callOperation(ResetPassword, input),
  });
}
