import { GetSupportDetails, LoadSupportDetails, UpdateSupportDetails, type UpdateSupportDetailsInput } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { helpKeys } from './help-keys';

/** A 4xx is an answer (not allowed, not a support organisation), not a failure to retry. */
const retryUnlessAnswered = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** [M7.20] The support contact that applies to the signed-in user; fetched when the panel opens. */
export function useSupportDetails(enabled: boolean) {
  return useQuery({
    queryKey: helpKeys.support(),
    queryFn: ({ signal }) => callOperation(GetSupportDetails, {}, { signal }),
    enabled,
    retry: retryUnlessAnswered,
    staleTime: 60_000,
  });
}

/** A provider's or reseller's own support details, for editing. */
export function useEditableSupportDetails(accountId: number | null) {
  return useQuery({
    queryKey: helpKeys.editable(accountId ?? 0),
    queryFn: ({ signal }) => callOperation(LoadSupportDetails, { AccountId: accountId as number }, { signal }),
    enabled: accountId !== null,
    retry: retryUnlessAnswered,
  });
}

/** Saves support details; the saved values replace the cache, and the panel reads again. */
export function useUpdateSupportDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSupportDetailsInput) =>
      callOperation(UpdateSupportDetails, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (saved) => {
      client.setQueryData(helpKeys.editable(saved.AccountId), saved);
      void client.invalidateQueries({ queryKey: helpKeys.support() });
    },
  });
}
