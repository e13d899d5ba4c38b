import {
  DISCOUNT_SEARCH_SOURCE,
  type DiscountChangeInput,
  GetSearchServicesMetadata,
  GetServiceDiscounts,
  SearchServices,
  type SearchServicesInput,
  UpdateServiceDiscounts,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';

export const discountKeys = {
  account: (accountId: number) => ['discounts', accountId] as const,
  search: (input: SearchServicesInput) => ['discounts', 'search', input] as const,
  vendors: (accountId: number) => ['discounts', 'search-vendors', accountId] as const,
};

/** [A7.6] GetServiceDiscounts: the account's active discounts. */
export function useServiceDiscounts(accountId: number) {
  return useQuery({
    queryKey: discountKeys.account(accountId),
    queryFn: ({ signal }) => callOperation(GetServiceDiscounts, { accountId }, { signal }),
  });
}

/** [A7.6] UpdateServiceDiscounts: create, edit or remove; the answer is the account's discounts as saved. */
export function useSaveDiscounts(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discounts: DiscountChangeInput[]) =>
      callOperation(UpdateServiceDiscounts, { accountId, discounts }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (data) => {
      queryClient.setQueryData(discountKeys.account(accountId), data);
      // The search marks the services that have a discount.
      void queryClient.invalidateQueries({ queryKey: ['discounts', 'search'] });
      // A discount changes the price preview of every subscription under the account.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes('price-preview') });
    },
  });
}

/**
 * [A3.8] [A7.6] [A9.3] The services the account may be given a discount on (Source AvailableServicesForAccountDiscount:
 * by display name, `limit` to a page: 10 or 20), each fee with what we pay and the account's price.
 */
export function useDiscountServiceSearch(accountId: number, text: string, vendorId: number | null, page: number, limit: number) {
  const input: SearchServicesInput = {
    options: {
      DisplayName: text,
      OwnerAccountIds: vendorId === null ? [] : [vendorId],
      Source: { Type: DISCOUNT_SEARCH_SOURCE, Value: accountId },
    },
    page,
    limit,
  };
  return useQuery({
    queryKey: discountKeys.search(input),
    queryFn: ({ signal }) => callOperation(SearchServices, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** [A7.6] GetSearchServicesMetadata of the same source: the vendors for the filter bar. */
export function useDiscountSearchVendors(accountId: number) {
  return useQuery({
    queryKey: discountKeys.vendors(accountId),
    queryFn: ({ signal }) =>
      callOperation(
        GetSearchServicesMetadata,
        { options: { Source: { Type: DISCOUNT_SEARCH_SOURCE, Value: accountId } } },
        { signal },
      ),
  });
}
