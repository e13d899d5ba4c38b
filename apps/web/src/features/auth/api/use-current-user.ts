import { Authenticate, GetCurrentUser, Logout } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation } from '../../../lib/api-client';

export const currentUserKey = ['current-user'] as const;

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

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { Username: string; Password: string }) => callOperation(Authenticate, input),
    onSuccess: (result) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.User);
    },
  });
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
