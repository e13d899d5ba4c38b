import { ListExchangeRates, UpdateExchangeRates, type UpdateExchangeRatesInput } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';

export const exchangeRateKeys = { all: ['exchange-rates'] as const };

/** The provider's rates against EUR, with their month ends and whether they are up to date. */
export function useExchangeRates() {
  return useQuery({
    queryKey: exchangeRateKeys.all,
    queryFn: ({ signal }) => callOperation(ListExchangeRates, {}, { signal }),
    retry: false,
  });
}

/** Saves rates for the current month end; the account pages' banners and price previews read them again. */
export function useUpdateExchangeRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateExchangeRatesInput) =>
      callOperation(UpdateExchangeRates, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (data) => {
      client.setQueryData(exchangeRateKeys.all, data);
      // Account pages (their banner and price preview) convert with the rates: read them again.
      void client.invalidateQueries({ queryKey: ['accounts', 'detail'] });
    },
  });
}
