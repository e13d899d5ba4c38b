import {
  type DiscountChangeInput,
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
      // A discount changes the price preview of every subscription under the account.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes('price-preview') });
    },
  });
}

/** [A3.8] [A7.6] The services available to the account, by display name, ten to a page. */
export function useDiscountServiceSearch(accountId: number, text: string, page: number) {
  const input: SearchServicesInput = {
    options: { DisplayName: text, Source: { Type: 'AvailableServicesForAccount', Value: accountId } },
    orderBy: { Key: 'DisplayName', Direction: 'ASC' },
    page,
    limit: 10,
  };
  return useQuery({
    queryKey: discountKeys.search(input),
    queryFn: ({ signal }) => callOperation(SearchServices, input, { signal }),
    placeholderData: keepPreviousData,
  });
}
