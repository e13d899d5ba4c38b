import {
  CompleteSsoSignIn,
  CreateIdentityProvider,
  DeleteIdentityProvider,
  ListIdentityProviders,
  StartSsoSignIn,
  UpdateIdentityProvider,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { currentUserKey } from './use-current-user';

export const ssoKeys = {
  providers: (accountId: number) => ['identity-providers', accountId] as const,
};

/** The fields of the provider form; ClientSecret is left out of an update that keeps the stored one. */
export type IdentityProviderDraft = Omit<z.input<typeof CreateIdentityProvider.input>, 'accountId' | 'ClientSecret'> & {
  ClientSecret?: string;
};

/** ListIdentityProviders: the single sign-on section of the Security tab. */
export function useIdentityProviders(accountId: number) {
  return useQuery({
    queryKey: ssoKeys.providers(accountId),
    queryFn: ({ signal }) => callOperation(ListIdentityProviders, { accountId }, { signal }),
  });
}

/** CreateIdentityProvider, or UpdateIdentityProvider over the Version the form read when an id is given (decision 0036). */
export function useSaveIdentityProvider(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, draft }: { id: number | null; version: number; draft: IdentityProviderDraft }) =>
      id === null
        ? callOperation(
            CreateIdentityProvider,
            { accountId, ...draft, ClientSecret: draft.ClientSecret ?? '' },
            { idempotencyKey: newIdempotencyKey() },
          )
        : callOperation(
            UpdateIdentityProvider,
            { accountId, Id: id, Version: version, ...draft },
            { idempotencyKey: newIdempotencyKey() },
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.providers(accountId) }),
  });
}

export function useDeleteIdentityProvider(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(DeleteIdentityProvider, { accountId, Id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.providers(accountId) }),
  });
}

/** StartSsoSignIn: the identity provider's address to send the browser to. */
export function useStartSsoSignIn() {
  return useMutation({
    mutationFn: (input: { Username: string; Redirect?: string }) => callOperation(StartSsoSignIn, input),
  });
}

/** [M2.14] CompleteSsoSignIn: the answer of the identity provider becomes a session. */
export function useCompleteSsoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { Code: string; State: string; Iss?: string }) => callOperation(CompleteSsoSignIn, input),
    onSuccess: (result) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, result.User);
    },
  });
}
