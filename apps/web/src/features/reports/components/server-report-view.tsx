import { Box, Button, Center, Group, Radio, Stack, Text, Title } from '@mantine/core';
import {
  offeredChartTypes,
  REPORT_PAGE_SIZE,
  type ReportChartType,
  type ReportListEntry,
  type ReportRun,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, PartLoader } from '../../../components/ui/lazy-part';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { reportKeys } from '../api/report-keys';
import { type ResultView, useReportResult } from '../api/use-report-result';
import { useRunReport, useSetListedStatus } from '../api/use-reports';
import { ExportReportButton } from './export-report';
import { ReportParametersForm } from './report-parameters-form';
import { ReportTable } from './report-table';
import { RunProgress } from './run-progress';

/** The chart's code (recharts) is fetched only when a report has a result to draw. */
const ReportChart = lazyPart(() => import('./report-chart'), 'ReportChart', {
  fallback: (
    <Center h={320}>
      <PartLoader />
    </Center>
  ),
});

/** Where a running report's progress bar starts and how long it is, for the menu's bar too. */
export interface RunTiming {
  startedAtMs: number;
  expectedMs: number;
}

export interface ServerReportViewProps {
  entry: ReportListEntry;
  onRunTiming: (timing: RunTiming) => void;
}

const timingOf = (run: ReportRun): RunTiming => ({ startedAtMs: Date.parse(run.StartedAt), expectedMs: run.ExpectedMs });

/** The parameter a server field error names ('parameters.From' names From). */
const serverFieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError
    ? Object.fromEntries(error.fieldErrors.map((e) => [e.field.split('.').pop() ?? e.field, e.message]))
    : {};

/**
 * [M2.53] A server report: name, Refresh, the loaded date and description, the parameters with Execute, the progress
 * of a run against its average time [M9.13], then the chart (a radio choice of the configured types, never Pie
 * [M9.14]) and the table of the kept result. Opening it again shows the kept run without running it again: the
 * ExecuteReport it sends (to count the use [M7.22]) carries the kept run's parameters and no refresh flag.
 */
export function ServerReportView({ entry, onRunTiming }: ServerReportViewProps) {
  const { t } = useTranslation();
  const name = entry.reportName;
  const [view, setView] = useState<ResultView>({ page: 1, pageSize: REPORT_PAGE_SIZE, sortBy: null, sortDirection: 'asc' });
  const result = useReportResult(name, view);
  const run = useRunReport();
  const setListedStatus = useSetListedStatus();
  const client = useQueryClient();
  const chartTypes = offeredChartTypes(entry.chartTypes);
  const [chartType, setChartType] = useState<ReportChartType | undefined>(chartTypes[0]);
  const isOpened = useRef(false);
  const previousStatus = useRef<ReportRun['Status'] | null>(null);
  const timingRef = useRef(onRunTiming);
  timingRef.current = onRunTiming;

  const data = result.data;
  const { mutate } = run;
  // The run Execute or Refresh just started stands for the result until the result catches up with it, so the
  // previous run's table is not shown as if it were the new one.
  const answered = run.data?.Run ?? null;
  const isAnswerNewer = answered !== null && (!data || Date.parse(answered.StartedAt) > Date.parse(data.Run.StartedAt));
  const current = isAnswerNewer ? answered : (data?.Run ?? null);

  const start = (parameters: Record<string, string>, flag: boolean) => {
    mutate(
      { name, parameters, flag },
      {
        onSuccess: (answer) => {
          if (answer.Run) {
            void setListedStatus(entry.reportLink, answer.Run.Status);
            if (answer.Run.Status === 'loading') timingRef.current(timingOf(answer.Run));
          }
          setView((v) => ({ ...v, page: 1 }));
          void client.invalidateQueries({ queryKey: reportKeys.results(name) });
        },
      },
    );
  };
  const startRef = useRef(start);
  startRef.current = start;

  // Opening: the kept run is shown as it is (and the use counted, the server answering the same run); a report without
  // parameters runs at once; one with parameters waits for Execute.
  useEffect(() => {
    if (isOpened.current || result.isPending || result.isError || result.isPlaceholderData) return;
    isOpened.current = true;
    // A failed kept run stays shown until Execute or Refresh: opening it again does not run it again.
    if (result.data) {
      if (result.data.Run.Status !== 'failed') startRef.current(result.data.Run.Parameters, false);
    } else if (!entry.hasParameters) startRef.current({}, false);
  }, [result.isPending, result.isError, result.isPlaceholderData, result.data, entry.hasParameters]);

  // A run that finishes here is told to the list at once, which tells the user [M4.24].
  useEffect(() => {
    const status = current?.Status ?? null;
    if (status === 'loading' && current) timingRef.current(timingOf(current));
    if (previousStatus.current === 'loading' && status !== 'loading') {
      void client.invalidateQueries({ queryKey: reportKeys.list() });
    }
    previousStatus.current = status;
  }, [current, client]);

  const fieldErrors = serverFieldErrors(run.error);
  const isFieldError = Object.keys(fieldErrors).some((k) => entry.parameters.some((p) => p.Name === k));
  const isLoading = current?.Status === 'loading';
  const isLoaded = current?.Status === 'loaded';
  const loadedAt = current?.LoadedAt ? formatUtcMinute(current.LoadedAt) : null;
  const initial =
    current?.Parameters ?? Object.fromEntries(entry.parameters.flatMap((p) => (p.Default ? [[p.Name, p.Default]] : [])));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={1} size="h2">
            {entry.reportName}
          </Title>
          {entry.reportDescription && (
            <Text size="sm" c="dimmed">
              {entry.reportDescription}
            </Text>
          )}
        </Box>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          <Text size="sm" c="gray.8" data-testid="report-loaded-at">
            {loadedAt
              ? t('reports.view.loadedAt', { date: loadedAt })
              : isLoading
                ? t('reports.view.loading')
                : current?.Status === 'failed'
                  ? t('reports.view.lastFailed')
                  : t('reports.view.notLoaded')}
          </Text>
          <Button
            variant="default"
            onClick={() => current && start(current.Parameters, true)}
            disabled={!current || isLoading || run.isPending}
          >
            {t('reports.view.refresh')}
          </Button>
          <ExportReportButton name={name} reportName={entry.reportName} isDisabled={!isLoaded || current?.TotalRows === 0} />
        </Group>
      </Group>

      {entry.parameters.length > 0 && !result.isPending && (
        <ReportParametersForm
          key={current?.StartedAt ?? 'none'}
          parameters={entry.parameters}
          initial={initial}
          isBusy={run.isPending || isLoading}
          serverErrors={fieldErrors}
          onExecute={(parameters) => start(parameters, current?.Status === 'failed')}
        />
      )}
      {run.error && !isFieldError && (
        <ReadableAlert color="red" role="alert" title={t('reports.view.runRefused')}>
          {run.error.message}
        </ReadableAlert>
      )}

      {result.isPending && <PartLoader />}
      {result.isError && (
        <ReadableAlert color="red" role="alert">
          {t('reports.view.resultFailed', { message: result.error.message })}
        </ReadableAlert>
      )}
      {data === null && !run.isPending && entry.hasParameters && (
        <Text c="gray.8" data-testid="report-empty">
          {t('reports.view.chooseParameters')}
        </Text>
      )}
      {isLoading && current && (
        <Stack gap={6} data-testid="report-running">
          <Text size="sm" role="status">
            {t('reports.view.running', { name: entry.reportName, seconds: Math.round(current.ExpectedMs / 1000) })}
          </Text>
          <RunProgress
            startedAtMs={Date.parse(current.StartedAt)}
            expectedMs={current.ExpectedMs}
            label={t('reports.view.progress', { name: entry.reportName })}
            size="md"
          />
        </Stack>
      )}
      {current?.Status === 'failed' && (
        <ReadableAlert color="red" role="alert" title={`⚠ ${t('reports.view.failedTitle', { name: entry.reportName })}`}>
          {current.Error ?? t('reports.view.failedText')}
        </ReadableAlert>
      )}
      {isLoaded && data && !isAnswerNewer && current.TotalRows === 0 && (
        <Text c="gray.8" data-testid="report-no-rows">
          {t('reports.view.noRows')}
        </Text>
      )}
      {isLoaded && data && !isAnswerNewer && current.TotalRows > 0 && (
        <>
          {data.Chart && chartType && (
            <Stack gap="xs">
              <Radio.Group value={chartType} onChange={(v) => setChartType(v as ReportChartType)} label={t('reports.chart.type')}>
                <Group gap="md" mt={4}>
                  {chartTypes.map((type) => (
                    <Radio key={type} value={type} label={t(`reports.chart.types.${type}`)} />
                  ))}
                </Group>
              </Radio.Group>
              <ReportChart chart={data.Chart} type={chartType} />
            </Stack>
          )}
          <ReportTable
            columns={data.Columns}
            rows={data.Rows}
            totalRows={current.TotalRows}
            view={view}
            isFetching={result.isFetching}
            onView={setView}
          />
        </>
      )}
    </Stack>
  );
}
