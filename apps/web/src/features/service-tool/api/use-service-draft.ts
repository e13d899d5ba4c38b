import {
  DeleteServiceDraft,
  GetServiceDraft,
  SaveServiceDraft,
  type ServiceDocument,
  type ServiceDraft,
} from '@portal/contracts';
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

/**
 * Decision 0036: the draft as it is now, which a stale autosave or dismiss answers with; Version 0 with Data and
 * Added null when there is none any more (dismissed, or deleted by saving the service in another window).
 */
export type CurrentDraft = Omit<ServiceDraft, 'Data' | 'Added' | 'Id'> & {
  Id: number | null;
  Data: ServiceDocument | null;
  Added: string | null;
};

/** [S9.4] Stores the form as the draft of this window, over the draft Version the window read or last saved. */
export function useSaveServiceDraft(serviceName: string | null) {
  return useMutation({
    mutationFn: (p: { data: ServiceDocument; version: number }) =>
      callOperation(SaveServiceDraft, { ServiceName: serviceName, Data: p.data, Version: p.version }),
  });
}

/** [S4.2] Dismisses the draft of this window: the Version it offered, so a draft saved since stays (409). */
export function useDeleteServiceDraft(serviceName: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => callOperation(DeleteServiceDraft, { ServiceName: serviceName, Version: version }),
    onSuccess: () => queryClient.setQueryData(serviceKeys.draft(serviceName), { Draft: null }),
  });
}
