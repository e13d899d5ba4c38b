import { ChangeInitialPassword } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { currentUserKey } from './use-current-user';

/** ChangeInitialPassword (decision 0010): the answer is the signed-in user, now free to use the app. */
export function useChangeInitialPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { NewPassword: string; PasswordConfirmation: string }) =>
      callOperation(ChangeInitialPassword, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
