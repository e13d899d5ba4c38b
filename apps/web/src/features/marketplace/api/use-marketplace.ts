import {
  GetCompanyMarketplaceService,
  GetSearchServicesMetadata,
  GetServiceInfo,
  type GetServiceInfoInput,
  type SearchOptionsInput,
  SearchServices,
  SearchServicesAutocomplete,
  type SearchServicesInput,
} from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, callOperation } from '../../../lib/api-client';

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  search: (input: SearchServicesInput) => ['marketplace', 'search', input] as const,
  metadata: (options: SearchOptionsInput) => ['marketplace', 'metadata', options] as const,
  autocomplete: (text: string, options: SearchOptionsInput) => ['marketplace', 'autocomplete', text, options] as const,
  info: (input: ServiceInfoSource) => ['marketplace', 'info', input] as const,
};

/** Refusals and missing things are answers, not failures worth retrying. */
const retryUnlessAnswered = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** [M7.9] One page of services matching the options. */
export function useSearchServices(input: SearchServicesInput, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketplaceKeys.search(input),
    queryFn: ({ signal }) => callOperation(SearchServices, input, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
    enabled: options.enabled ?? true,
  });
}

/** [M7.16] The categories, vendors and tags of the matching services, with counts. */
export function useSearchMetadata(options: SearchOptionsInput, settings: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketplaceKeys.metadata(options),
    queryFn: ({ signal }) => callOperation(GetSearchServicesMetadata, { options }, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
    enabled: settings.enabled ?? true,
  });
}

/** [M9.7] Suggestions once at least 2 characters are typed. */
export function useAutocomplete(text: string, options: SearchOptionsInput, minChars: number) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: marketplaceKeys.autocomplete(trimmed, options),
    queryFn: ({ signal }) => callOperation(SearchServicesAutocomplete, { Text: trimmed, options }, { signal }),
    enabled: trimmed.length >= minChars,
    placeholderData: keepPreviousData,
    retry: retryUnlessAnswered,
    staleTime: 30_000,
  });
}

/** [M7.16] The service info page. */
/** A service by id or name, or the service of a subscription (its Service info tab [A2.13]). */
export type ServiceInfoSource = GetServiceInfoInput | { SubscriptionId: number };

export function useServiceInfo(input: ServiceInfoSource) {
  return useQuery({
    queryKey: marketplaceKeys.info(input),
    queryFn: ({ signal }) =>
      'SubscriptionId' in input
        ? callOperation(GetCompanyMarketplaceService, { id: input.SubscriptionId }, { signal })
        : callOperation(GetServiceInfo, input, { signal }),
    retry: retryUnlessAnswered,
  });
}
