import { ApproveOrder, DeclineOrder } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Decision 0032: approve an order under review; every query is read again (the orders, the subscription's banner). */
export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: string) => callOperation(ApproveOrder, { orderNumber }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Decision 0032: decline an order under review with a reason. */
export function useDeclineOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderNumber: string; reason: string }) => callOperation(DeclineOrder, input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
