import {
  ExecuteReport,
  GetFrequentReports,
  ListReports,
  REPORT_PROGRESS_TICK_MS,
  type ReportListEntry,
  type ReportStatus,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

/** [M2.51] The reports the user may open; asked again every tick while one of them is loading [M4.24]. */
export function useReports() {
  return useQuery({
    queryKey: reportKeys.list(),
    queryFn: ({ signal }) => callOperation(ListReports, {}, { signal }),
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.Reports.some((r) => r.kind === 'Server' && r.status === 'loading') ? REPORT_PROGRESS_TICK_MS : false,
  });
}

/** [M2.52] The user's most used reports. */
export function useFrequentReports() {
  return useQuery({
    queryKey: reportKeys.frequent(),
    queryFn: ({ signal }) => callOperation(GetFrequentReports, {}, { signal }),
  });
}

/**
 * Writes a report's state into the cached list, so the menu shows it at once [M4.24]. A list answer still on its way
 * is dropped first: it was read before this change and would turn the entry back (and tell a finish twice).
 */
export function useSetListedStatus() {
  const client = useQueryClient();
  return async (reportLink: string, status: ReportStatus) => {
    await client.cancelQueries({ queryKey: reportKeys.list() });
    client.setQueryData(reportKeys.list(), (old: { Reports: ReportListEntry[] } | undefined) =>
      old
        ? { Reports: old.Reports.map((r) => (r.reportLink === reportLink && r.status !== status ? { ...r, status } : r)) }
        : old,
    );
  };
}

/** [M7.22] Opens an analytics report: counts the use and answers the ids to ask its embed token for. */
export function useExecuteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callOperation(ExecuteReport, { name, parameters: {}, flag: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.frequent() }),
  });
}

/**
 * [M7.22] Runs a server report (and counts the use): the caller's kept run when the parameters are the same and flag
 * is false, otherwise a new run, answered loading.
 */
export function useRunReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; parameters: Record<string, string>; flag: boolean }) =>
      callOperation(ExecuteReport, input),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.frequent() }),
  });
}
