import { ExportReport, GetJob, GetReportResult, isJobPending, REPORT_PROGRESS_TICK_MS } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callOperation } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

export interface ResultView {
  page: number;
  pageSize: number;
  sortBy: string | null;
  sortDirection: 'asc' | 'desc';
}

/**
 * [M2.53] The caller's kept run of a server report: one sorted page of rows and the chart. Null when the report was
 * never run (404). Asked again every tick while the run is loading.
 */
export function useReportResult(name: string, view: ResultView) {
  return useQuery({
    queryKey: reportKeys.result(name, view),
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(GetReportResult, { name, ...view }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.Run.Status === 'loading' ? REPORT_PROGRESS_TICK_MS : false),
  });
}

/** [M5.14] Queues the Excel export of the kept run; DATA_LIMIT_EXCEEDED comes back as an ApiError. */
export function useExportReport() {
  return useMutation({
    mutationFn: (name: string) => callOperation(ExportReport, { name }),
  });
}

/** The export job's progress, asked every second until it is done. */
export function useReportJob(id: string | null) {
  return useQuery({
    queryKey: reportKeys.job(id ?? ''),
    queryFn: ({ signal }) => callOperation(GetJob, { id: id as string }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isJobPending(query.state.data) ? false : REPORT_PROGRESS_TICK_MS),
    retry: 3,
  });
}
