import {
  type DescriptionType,
  GetAvailableCurrencyList,
  GetPossibleDescriptionGroups,
  GetServiceAvailableDatacenters,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

/** [S7.1] Currencies prices can be given in (empty without SERVICE_TOOL_BILLING_READ [S6.3]). */
export function useCurrencies() {
  return useQuery({
    queryKey: serviceKeys.lookups('currencies'),
    queryFn: ({ signal }) => callOperation(GetAvailableCurrencyList, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** [S7.1] Data centers (empty without SERVICE_TOOL_PROVISIONING_READ [S6.3]). */
export function useDatacenters() {
  return useQuery({
    queryKey: serviceKeys.lookups('datacenters'),
    queryFn: ({ signal }) => callOperation(GetServiceAvailableDatacenters, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** [S7.1], [S2.11] Description groups of other services this one can link to. */
export function useDescriptionGroups(serviceName: string | null, type: DescriptionType) {
  return useQuery({
    queryKey: serviceKeys.lookups(`description-groups/${type}/${serviceName ?? ''}`),
    queryFn: ({ signal }) =>
      callOperation(GetPossibleDescriptionGroups, { ServiceName: serviceName, ProductDescriptionType: type }, { signal }),
    staleTime: 60_000,
  });
}
