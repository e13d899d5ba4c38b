import { GetAccountPricePreview } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/**
 * [A2.34] The price preview of a Product account. Keyed under the account's detail, so whatever
 * reloads the account (a save, a custom action) reloads its price too.
 */
export function usePricePreview(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...accountKeys.detail(accountId), 'price-preview'] as const,
    queryFn: ({ signal }) => callOperation(GetAccountPricePreview, { accountId }, { signal }),
    enabled,
  });
}
