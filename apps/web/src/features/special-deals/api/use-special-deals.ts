import {
  GetAccountChargeStreams,
  GetSpecialDealDiscount,
  SaveSpecialDealDiscount,
  type SpecialDealChangeInput,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';

export const specialDealKeys = {
  all: (accountId: number) => ['special-deals', accountId] as const,
  streams: (accountId: number) => ['special-deals', accountId, 'streams'] as const,
  deals: (accountId: number) => ['special-deals', accountId, 'deals'] as const,
};

/** [A7.9] GetAccountChargeStreams: the streams of the Product account the viewer sells on, with their priced fees. */
export function useChargeStreams(accountId: number) {
  return useQuery({
    queryKey: specialDealKeys.streams(accountId),
    queryFn: ({ signal }) => callOperation(GetAccountChargeStreams, { accountId }, { signal }),
  });
}

/** [A7.9] GetSpecialDealDiscount: the account's deals on the viewer's streams, any status, with their history. */
export function useSpecialDeals(accountId: number) {
  return useQuery({
    queryKey: specialDealKeys.deals(accountId),
    queryFn: ({ signal }) => callOperation(GetSpecialDealDiscount, { accountId }, { signal }),
  });
}

/** [A7.9] SaveSpecialDealDiscount: activate, modify or remove; the answer is the account's deals as saved. */
export function useSaveSpecialDeal(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deal: SpecialDealChangeInput) =>
      callOperation(SaveSpecialDealDiscount, { deals: [deal] }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (data) => {
      queryClient.setQueryData(specialDealKeys.deals(accountId), data);
      // The streams carry the active deal and what it makes of each price; the price preview shows the purchase price.
      void queryClient.invalidateQueries({ queryKey: specialDealKeys.streams(accountId) });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes('price-preview') });
    },
  });
}

/** After a 409 (someone else saved first): read the streams and deals again. */
export function useReloadSpecialDeals(accountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: specialDealKeys.all(accountId) });
}
