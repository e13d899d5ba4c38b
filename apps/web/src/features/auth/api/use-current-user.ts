import { Authenticate, type CurrentUser, GetCurrentUser, Logout } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, callOperation } from '../../../lib/api-client';

export const currentUserKey = ['current-user'] as const;

export type SignInInput = z.input<typeof Authenticate.input>;

/** The signed-in user, or null when there is no session. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(GetCurrentUser, {}, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Authenticate: a password sign-in (with its later steps) or the exchange of an impersonation token [A7.11]. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => callOperation(Authenticate, input),
    onSuccess: (result) => {
      // Recovery codes are shown before the app opens; the form finishes the sign-in after that.
      if (result.RecoveryCodes) return;
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.User);
    },
  });
}

/** Opens the app for a user whose sign-in result was held back (to show recovery codes first). */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, user);
  };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(Logout, {}),
    onSettled: () => {
      // Nothing of the previous user may stay in memory.
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
