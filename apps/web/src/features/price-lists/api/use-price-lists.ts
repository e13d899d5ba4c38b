import {
  GetMarketplaceProperties,
  ListMarketplaceAssigneeCandidates,
  ListMarketplaceAssignees,
  ListMarketplaceServicesLite,
  ListMarketplaces,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_SERVICE_PAGE_SIZE,
  SearchServices,
} from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { priceListKeys } from './price-list-keys';

/** [M7.18] One page of the caller organisation's price lists. */
export function usePriceLists(q: { page: number; search: string }) {
  return useQuery({
    queryKey: priceListKeys.lists(q.page, MARKETPLACE_PAGE_SIZE, q.search),
    queryFn: ({ signal }) =>
      callOperation(ListMarketplaces, { page: q.page, pageSize: MARKETPLACE_PAGE_SIZE, search: q.search }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** [M7.18] One price list's properties (name, counts, flags, version). */
export function usePriceList(id: number) {
  return useQuery({
    queryKey: priceListKeys.detail(id),
    queryFn: ({ signal }) => callOperation(GetMarketplaceProperties, { id }, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

/** [M7.18] One page of a price list's service tiles with their status. */
export function usePriceListServices(id: number, page: number, search: string) {
  return useQuery({
    queryKey: priceListKeys.servicesPage(id, page, search),
    queryFn: ({ signal }) =>
      callOperation(
        ListMarketplaceServicesLite,
        { marketplaceId: id, page, pageSize: MARKETPLACE_SERVICE_PAGE_SIZE, search },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePriceListAssignees(id: number, page: number) {
  return useQuery({
    queryKey: priceListKeys.assigneesPage(id, page),
    queryFn: ({ signal }) =>
      callOperation(ListMarketplaceAssignees, { marketplaceId: id, page, pageSize: MARKETPLACE_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Resellers and companies the list may be assigned to, searched by name. */
export function useAssigneeCandidates(id: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: priceListKeys.candidates(id, search),
    queryFn: ({ signal }) => callOperation(ListMarketplaceAssigneeCandidates, { marketplaceId: id, search }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** [M9.9] The add-services window's catalogue search: every service in reach, with its status in this list. */
export function useCatalogueForPriceList(id: number, q: { text: string; page: number; limit: number }) {
  return useQuery({
    queryKey: [...priceListKeys.search(id), q.text, q.page, q.limit],
    queryFn: ({ signal }) =>
      callOperation(
        SearchServices,
        {
          options: { DisplayName: q.text, Source: { Type: 'Global', Value: null }, MarketplaceId: id },
          orderBy: { Key: 'DisplayName', Direction: 'ASC' },
          page: q.page,
          limit: q.limit,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
