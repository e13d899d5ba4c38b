import { ListMySubscriptions } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Decision 0054: the signed-in user's subscriptions. */
export function useMySubscriptions() {
  return useQuery({
    queryKey: ['my-services'] as const,
    queryFn: ({ signal }) => callOperation(ListMySubscriptions, {}, { signal }),
    retry: false,
  });
}
