import { type AccountReportStatus, AccountReportStatusSchema, accountReportBase } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

/** GET {base}/status or POST {base}/refresh [A7.3]; a problem answer becomes an ApiError. */
async function callReportRoute(method: 'GET' | 'POST', path: string, signal?: AbortSignal): Promise<AccountReportStatus> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: signal ?? null,
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body ?? { type: 'about:blank', title: response.statusText, status: response.status, code: 'UNKNOWN' },
    );
  }
  return AccountReportStatusSchema.parse(body);
}

/** [A7.3] The status of a report page for an account; the tab decides when to ask again. */
export function useAccountReportStatus(accountId: number, pageId: string) {
  return useQuery({
    queryKey: reportKeys.accountStatus(accountId, pageId),
    queryFn: ({ signal }) => callReportRoute('GET', `${accountReportBase(accountId, pageId)}/status`, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** [A7.3] Prepares the report page's data again; the answer is the new status. */
export function useRefreshAccountReport(accountId: number, pageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callReportRoute('POST', `${accountReportBase(accountId, pageId)}/refresh`),
    onSuccess: (status) => client.setQueryData(reportKeys.accountStatus(accountId, pageId), status),
  });
}
