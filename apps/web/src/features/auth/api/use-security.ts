import {
  ChangePassword,
  ConfirmMfaEnrolment,
  DisableMfa,
  GetSecuritySettings,
  GetUserSecurity,
  ListPlatformTerms,
  ListUserSessions,
  PublishTermsRevision,
  RevokeUserSession,
  type SecurityPolicy,
  StartMfaEnrolment,
  UpdateSecuritySettings,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';

export const securityKeys = {
  settings: (accountId: number) => ['security-settings', accountId] as const,
  user: (accountId: number) => ['user-security', accountId] as const,
  sessions: (accountId: number) => ['user-sessions', accountId] as const,
};

/** [A2.19] GetSecuritySettings. */
export function useSecuritySettings(accountId: number) {
  return useQuery({
    queryKey: securityKeys.settings(accountId),
    queryFn: ({ signal }) => callOperation(GetSecuritySettings, { accountId }, { signal }),
  });
}

export function useUpdateSecuritySettings(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** Decision 0036: `version` is the Version the form read; a stale one answers 409 with the settings as they are. */
    mutationFn: ({ policy, version }: { policy: SecurityPolicy; version: number }) =>
      callOperation(UpdateSecuritySettings, { accountId, ...policy, Version: version }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (data) => queryClient.setQueryData(securityKeys.settings(accountId), data),
  });
}

/** [A2.20] GetUserSecurity. */
export function useUserSecurity(accountId: number) {
  return useQuery({
    queryKey: securityKeys.user(accountId),
    queryFn: ({ signal }) => callOperation(GetUserSecurity, { accountId }, { signal }),
  });
}

export function useUserSessions(accountId: number) {
  return useQuery({
    queryKey: securityKeys.sessions(accountId),
    queryFn: ({ signal }) => callOperation(ListUserSessions, { accountId }, { signal }),
  });
}

export function useRevokeSession(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callOperation(RevokeUserSession, { accountId, sessionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(accountId) }),
  });
}

export function useChangePassword(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { CurrentPassword: string; NewPassword: string }) => callOperation(ChangePassword, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: securityKeys.user(accountId) });
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions(accountId) });
    },
  });
}

export function useStartMfaEnrolment() {
  return useMutation({ mutationFn: () => callOperation(StartMfaEnrolment, {}) });
}

export function useConfirmMfaEnrolment(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (Code: string) => callOperation(ConfirmMfaEnrolment, { Code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.user(accountId) }),
  });
}

export function useDisableMfa(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (Code: string | undefined) => callOperation(DisableMfa, { accountId, ...(Code ? { Code } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.user(accountId) }),
  });
}

/** Platform terms with their revisions (provider only). */
export function usePlatformTerms() {
  return useQuery({
    queryKey: ['platform-terms'],
    queryFn: ({ signal }) => callOperation(ListPlatformTerms, {}, { signal }),
  });
}

export function usePublishTermsRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof PublishTermsRevision.input>) =>
      callOperation(PublishTermsRevision, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platform-terms'] }),
  });
}
