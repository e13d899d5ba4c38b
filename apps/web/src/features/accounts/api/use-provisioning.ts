import { RecreateProvisioningRequest, RetryAccountLastFailedProvisioningRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** [A7.11] RetryAccountLastFailedProvisioningRequest; the account reloads to show the new banner. */
export function useRetryProvisioning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callOperation(RetryAccountLastFailedProvisioningRequest, { id }, { idempotencyKey: newIdempotencyKey() }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: accountKeys.detail(id) }),
  });
}

/** [A7.11] [A2.37] RecreateProvisioningRequest, confirmed with the account id. */
export function useRecreateProvisioning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; confirmAccountId: number }) =>
      callOperation(RecreateProvisioningRequest, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: accountKeys.detail(input.id) }),
  });
}
