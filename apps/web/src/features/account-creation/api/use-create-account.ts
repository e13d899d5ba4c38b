import {
  AcceptTermsAndConditions,
  CreateAccount,
  type CreateAccountType,
  GetAvailableCreateParents,
  GetAvailableServicesForCreate,
  GetDefaultAccountViewsForCreate,
  GetSuggestedServices,
  type OperationInput,
  SendUserFirstTimePassword,
  ValidateCreateOrderBottleneck,
} from '@portal/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountCreationKeys } from './account-creation-keys';

/** [A7.13] GetDefaultAccountViewsForCreate for the chosen parent; it also tells whether the parent may hold the type. */
export function useCreateViews(type: CreateAccountType, parentId: number | null, productName: string | null = null) {
  return useQuery({
    queryKey: [...accountCreationKeys.views(type, parentId ?? 0), productName] as const,
    queryFn: ({ signal }) =>
      callOperation(GetDefaultAccountViewsForCreate, { accountType: type, parentId: parentId ?? 0, productName }, { signal }),
    enabled: parentId !== null && (type !== 'Product' || productName !== null),
    retry: false,
  });
}

/** One level of the parent tree per expanded node (null: the caller's organisation) [A2.43]. */
export function useParentLevels(type: CreateAccountType, parentIds: readonly (number | null)[]) {
  return useQueries({
    queries: parentIds.map((parentId) => ({
      queryKey: accountCreationKeys.parents(type, parentId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callOperation(GetAvailableCreateParents, { accountType: type, parentId, limit: 200 }, { signal }),
      staleTime: 30_000,
    })),
  });
}

/** Possible parents whose name contains the text (2 characters or more). */
export function useParentSearch(type: CreateAccountType, text: string) {
  return useQuery({
    queryKey: accountCreationKeys.search(type, text),
    queryFn: ({ signal }) => callOperation(GetAvailableCreateParents, { accountType: type, text, limit: 50 }, { signal }),
    enabled: text.trim().length >= 2,
  });
}

/** [A7.13] CreateAccount; the account tree and pages reload afterwards. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof CreateAccount>) =>
      callOperation(CreateAccount, input, { idempotencyKey: newIdempotencyKey() }),
    // The accounts feature keeps its queries under 'accounts': the new account shows in the tree.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

/** [A2.44] Send credentials from the success page: SendUserFirstTimePassword [A7.11]. */
export function useSendCredentials() {
  return useMutation({
    mutationFn: (id: number) => callOperation(SendUserFirstTimePassword, { id }, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** [A2.41] Services a subscription can be created of under the chosen user. */
export function useServicesForCreate(parentId: number | null, text: string) {
  return useQuery({
    queryKey: [...accountCreationKeys.all, 'services', parentId, text] as const,
    queryFn: ({ signal }) =>
      callOperation(GetAvailableServicesForCreate, { parentId: parentId ?? 0, text, limit: 50 }, { signal }),
    enabled: parentId !== null,
    retry: false,
  });
}

/** [A7.13] AcceptTermsAndConditions; the wizard's views reload with the terms accepted. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; productName: string }) =>
      callOperation(AcceptTermsAndConditions, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountCreationKeys.all, 'views'] }),
  });
}

/** [A4.10] ValidateCreateOrderBottleneck, before the order review. */
export function useValidateBottleneck() {
  return useMutation({
    mutationFn: (input: OperationInput<typeof ValidateCreateOrderBottleneck>) =>
      callOperation(ValidateCreateOrderBottleneck, input),
  });
}

/** [A2.44] [A9.7] At most 3 services to suggest after a subscription was created. */
export function useSuggestedServices(productName: string | null, accountId: number) {
  return useQuery({
    queryKey: [...accountCreationKeys.all, 'suggested', productName, accountId] as const,
    queryFn: ({ signal }) => callOperation(GetSuggestedServices, { productName: productName ?? '', accountId }, { signal }),
    enabled: productName !== null,
  });
}
