import {
  Authenticate,
  ConfirmUserTerms,
  GetClientSettings,
  GetMyConfirmedTerms,
  Impersonate,
  StartSignInMfaEnrolment,
  StopImpersonation,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { currentUserKey } from './use-current-user';

/** [A6.8], [A7.11] Impersonate(id), then Authenticate with the token: the browser now acts as that user. */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const { ImpersonationToken } = await callOperation(Impersonate, { id });
      return callOperation(Authenticate, { ImpersonationToken });
    },
    onSuccess: (result) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.User);
    },
  });
}

/** [A6.8] One click back to your own account. */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(StopImpersonation, {}),
    onSuccess: (result) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.User);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
      }
    },
  });
}

/** [M7.10] ConfirmUserTerms, then the user's remaining TermsConditions. */
export function useConfirmTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { termId: number; termName: string }) =>
      callOperation(ConfirmUserTerms, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** [M7.19] GetMyConfirmedTerms. */
export function useMyConfirmedTerms() {
  return useQuery({
    queryKey: ['my-confirmed-terms'],
    queryFn: ({ signal }) => callOperation(GetMyConfirmedTerms, {}, { signal }),
  });
}

/**
 * Redirect prefixes [M2.13] and the guidance script [M6.18]; they follow the session, so they are keyed by the user.
 * `enabled: false` asks nothing yet (the shell, until it knows who is signed in: one request per load, not one before
 * and one after).
 */
export function useClientSettings(userKey: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['client-settings', userKey],
    queryFn: ({ signal }) => callOperation(GetClientSettings, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: options.enabled ?? true,
  });
}

export function useStartSignInMfaEnrolment() {
  return useMutation({
    mutationFn: (input: { Username: string; Password: string }) => callOperation(StartSignInMfaEnrolment, input),
  });
}
