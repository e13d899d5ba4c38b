import {
  CreateDashboard,
  type CreateDashboardInput,
  type Dashboard,
  DeleteDashboard,
  GetDashboard,
  GetMyDashboard,
  ListDashboards,
  UpdateDashboard,
  type UpdateDashboardInput,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** Refusals and missing things are answers, not failures worth retrying. */
const retryUnlessAnswered = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** [M7.2] The organisation's dashboards, published and drafts. */
export function useDashboards() {
  return useQuery({
    queryKey: dashboardKeys.list(),
    queryFn: ({ signal }) => callOperation(ListDashboards, {}, { signal }),
    retry: retryUnlessAnswered,
  });
}

/** [M7.3] One dashboard. */
export function useDashboard(id: number) {
  return useQuery({
    queryKey: dashboardKeys.detail(id),
    queryFn: ({ signal }) => callOperation(GetDashboard, { id }, { signal }),
    retry: retryUnlessAnswered,
  });
}

/** [M7.1] Creates a draft dashboard; the list learns of it. */
export function useCreateDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDashboardInput) => callOperation(CreateDashboard, input),
    onSuccess: (created) => {
      client.setQueryData(dashboardKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: dashboardKeys.list() });
    },
  });
}

/** [M7.5] Saves the whole dashboard (publishing and unpublishing too) over the Version it was read at. */
export function useUpdateDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDashboardInput) => callOperation(UpdateDashboard, input),
    onSuccess: (saved: Dashboard) => {
      client.setQueryData(dashboardKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: dashboardKeys.list() });
      void client.invalidateQueries({ queryKey: dashboardKeys.mine() });
    },
  });
}

/** [M7.4] Deletes a dashboard. */
export function useDeleteDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(DeleteDashboard, { id }),
    onSuccess: (_done, id) => {
      // Not removed while the editor still shows it: read again (a 404) when next opened.
      void client.invalidateQueries({ queryKey: dashboardKeys.detail(id), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: dashboardKeys.list() });
      void client.invalidateQueries({ queryKey: dashboardKeys.mine() });
    },
  });
}

/** The capability that shows a user their organisation's dashboard after sign-in [M6.2]. */
export const LANDING_PAGE_CAPABILITY = 'CUSTOM_LANDING_PAGE_EXECUTE';

/**
 * [M4.10] [M7.6] The signed-in user's landing dashboard: asked only when the user has CUSTOM_LANDING_PAGE execute;
 * `data` is null when there is none (404) or the question failed, so the start page falls back to the account page.
 */
export function useLandingDashboard(capabilities: readonly string[] | undefined) {
  const isAllowed = capabilities?.includes(LANDING_PAGE_CAPABILITY) ?? false;
  const query = useQuery({
    queryKey: dashboardKeys.mine(),
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(GetMyDashboard, {}, { signal });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        // No dashboard for the user, or the lookup failed: the account page is shown instead [M4.10].
        return null;
      }
    },
    enabled: isAllowed,
    retry: false,
  });
  return {
    isPending: capabilities === undefined || (isAllowed && query.isPending),
    data: isAllowed ? (query.data ?? null) : null,
  };
}
