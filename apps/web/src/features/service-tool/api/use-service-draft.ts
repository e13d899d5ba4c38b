import { DeleteServiceDraft, GetServiceDraft, SaveServiceDraft, type ServiceDocument } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

/** [S4.2] The caller's draft of this window ('create' or 'edit_' plus the service name), or null. */
export function useServiceDraft(serviceName: string | null, enabled: boolean) {
  return useQuery({
    queryKey: serviceKeys.draft(serviceName),
    queryFn: ({ signal }) => callOperation(GetServiceDraft, { ServiceName: serviceName }, { signal }),
    enabled,
    // Read once per opening: autosave must not turn into an offer while the window is open.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** [S9.4] Stores the form as the draft of this window. */
export function useSaveServiceDraft(serviceName: string | null) {
  return useMutation({
    mutationFn: (data: ServiceDocument) => callOperation(SaveServiceDraft, { ServiceName: serviceName, Data: data }),
  });
}

/** [S4.2] Dismisses the draft of this window. */
export function useDeleteServiceDraft(serviceName: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(DeleteServiceDraft, { ServiceName: serviceName }),
    onSuccess: () => queryClient.setQueryData(serviceKeys.draft(serviceName), { Draft: null }),
  });
}
