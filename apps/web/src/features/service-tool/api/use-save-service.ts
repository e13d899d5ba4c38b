import { CreateService, type ServiceDocument, UpdateService, type UpdateServiceInput } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

export type SaveRequest = { mode: 'create'; document: ServiceDocument } | { mode: 'edit'; update: UpdateServiceInput };

/** [S7.3] CreateService or UpdateService; the title and message to show come back with the answer [S4.10]. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SaveRequest) => {
      const idempotencyKey = newIdempotencyKey();
      if (request.mode === 'create') return callOperation(CreateService, request.document, { idempotencyKey });
      return callOperation(UpdateService, request.update, { idempotencyKey });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
