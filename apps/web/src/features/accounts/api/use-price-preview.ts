import { GetAccountPricePreview } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/**
 * [A2.34] The price preview of a Product account. Keyed under the account's detail (whatever
 * invalidates the account reloads its price too) and by the values the price depends on that the page
 * can change (`pricedBy`, e.g. the quantity), so a save that replaces the account reprices it.
 */
export function usePricePreview(accountId: number, pricedBy: readonly unknown[], enabled = true) {
  return useQuery({
    queryKey: [...accountKeys.detail(accountId), 'price-preview', ...pricedBy] as const,
    queryFn: ({ signal }) => callOperation(GetAccountPricePreview, { accountId }, { signal }),
    enabled,
  });
}
