import {
  AcceptTermsForMarketplaceService,
  CreateAccount,
  GetMarketServiceForAccount,
  GetServiceInfo,
  GetServiceNameByMaterialNumber,
  GetVisibleCompaniesForService,
  type OperationInput,
  type OperationOutput,
  PlaceOrder,
  ValidateCreateOrderBottleneck,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { applyAcceptance } from '../utils/ordering-steps';
import { accountCreationKeys } from './account-creation-keys';

const orderingKeys = {
  all: [...accountCreationKeys.all, 'ordering'] as const,
  material: (materialNumber: number) => [...orderingKeys.all, 'material', materialNumber] as const,
  customers: (serviceName: string) => [...orderingKeys.all, 'customers', serviceName] as const,
  market: (accountId: number, serviceName: string) => [...orderingKeys.all, 'market', accountId, serviceName] as const,
  review: (input: OperationInput<typeof ValidateCreateOrderBottleneck>) => [...orderingKeys.all, 'review', input] as const,
};

/** [M2.42] A material number's service name. */
export function useServiceNameByMaterialNumber(materialNumber: number | null) {
  return useQuery({
    queryKey: orderingKeys.material(materialNumber ?? 0),
    queryFn: ({ signal }) => callOperation(GetServiceNameByMaterialNumber, { materialNumber: materialNumber ?? 0 }, { signal }),
    enabled: materialNumber !== null,
    retry: false,
  });
}

/** [M2.45] The customers that may buy the service, and whether a new one may be created here [M6.14]. */
export function useVisibleCompanies(serviceName: string | null) {
  return useQuery({
    queryKey: orderingKeys.customers(serviceName ?? ''),
    queryFn: ({ signal }) => callOperation(GetVisibleCompaniesForService, { productName: serviceName ?? '' }, { signal }),
    enabled: serviceName !== null,
    retry: false,
  });
}

/** [M7.16] The service as ordered for the customer: customer info, dependency, terms. */
export function useMarketService(accountId: number | null, serviceName: string | null) {
  return useQuery({
    queryKey: orderingKeys.market(accountId ?? 0, serviceName ?? ''),
    queryFn: ({ signal }) =>
      callOperation(GetMarketServiceForAccount, { accountId: accountId ?? 0, serviceName: serviceName ?? '' }, { signal }),
    enabled: accountId !== null && serviceName !== null,
    retry: false,
  });
}

/** [M7.19] [M4.22] Accepts a service's terms (and its linked group's) for the customer; the wizard's terms follow. */
export function useAcceptMarketplaceTerms(accountId: number, serviceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof AcceptTermsForMarketplaceService>) =>
      callOperation(AcceptTermsForMarketplaceService, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (result) =>
      queryClient.setQueryData<OperationOutput<typeof GetMarketServiceForAccount>>(
        orderingKeys.market(accountId, serviceName),
        (prev) => prev && { ...prev, Terms: applyAcceptance(prev.Terms, result.Accepted) },
      ),
  });
}

/**
 * [M2.44] [M2.48] The review's pricing (ValidateCreateOrderBottleneck with the dependency), fetched again when
 * the configuration changes, so the header's total follows what is typed; the last answer stays while the next
 * one loads.
 */
export function useOrderReview(input: OperationInput<typeof ValidateCreateOrderBottleneck> | null) {
  return useQuery({
    queryKey: orderingKeys.review(input ?? { parentId: 0, productName: '', views: {}, dependency: null }),
    queryFn: ({ signal }) =>
      callOperation(ValidateCreateOrderBottleneck, input ?? { parentId: 0, productName: '', views: {}, dependency: null }, {
        signal,
      }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** [M2.45] CREATE CUSTOMER: the new company under the caller's reseller; the customer list reloads. */
export function useCreateCustomer(serviceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof CreateAccount>) =>
      callOperation(CreateAccount, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderingKeys.customers(serviceName) });
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}

/** [M4.21] PlaceOrder; the requestId (one per wizard run) is also the idempotency key, so a retry is the same order. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationInput<typeof PlaceOrder>) =>
      callOperation(PlaceOrder, input, { idempotencyKey: input.requestId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

/** [M2.44] The service's name and icon for the header before a customer is chosen (null when not browsable). */
export function useOrderedServiceInfo(serviceName: string | null) {
  return useQuery({
    queryKey: [...orderingKeys.all, 'info', serviceName ?? ''] as const,
    queryFn: ({ signal }) => callOperation(GetServiceInfo, { ServiceName: serviceName ?? '' }, { signal }),
    enabled: serviceName !== null,
    retry: false,
    staleTime: 60_000,
  });
}
