import { Box, Button, Flex, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReportListEntry } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { PHONE_QUERY } from '../../../lib/media-queries';
import { NOTIFICATION_FADE_MS } from '../../../lib/notification-timing';
import { notify } from '../../../lib/notify';
import { useReports } from '../api/use-reports';
import { BiReportView } from './bi-report-view';
import { FrequentReports } from './frequent-reports';
import type { ReportStatus } from './report-status';
import { ReportsMenu } from './reports-menu';
import { type RunTiming, ServerReportView } from './server-report-view';

export interface ReportsScreenProps {
  /** [M2.50] The report of the address (#/Reports/{reportLink}), or null for the landing page. */
  reportLink: string | null;
  hrefFor: (link: string) => string;
}

/**
 * [M4.24] Tells the user when a server report finishes, on whichever report page they are: '<name> has finished
 * loading!' (fading after 5 s), or that it failed (its entry then shows the warning icon [M8.11]).
 */
function useFinishedNotices(reports: ReportListEntry[] | undefined) {
  const { t } = useTranslation();
  const previous = useRef<Map<string, ReportStatus> | null>(null);
  useEffect(() => {
    if (!reports) return;
    const before = previous.current;
    previous.current = new Map(reports.map((r) => [r.reportLink, r.status]));
    if (!before) return;
    for (const r of reports) {
      if (r.kind !== 'Server' || before.get(r.reportLink) !== 'loading') continue;
      if (r.status === 'loaded') {
        notify({ message: t('reports.view.finished', { name: r.reportName }), color: 'green', autoClose: NOTIFICATION_FADE_MS });
      } else if (r.status === 'failed') {
        notify({ message: t('reports.view.failedNotice', { name: r.reportName }), color: 'red' });
      }
    }
  }, [reports, t]);
}

const MENU_ID = 'reports-menu';

/**
 * [M2.50]-[M2.53] The Reports page: 'My reports' beside the landing page or a server report. Beside an analytics
 * report (which needs the page's width, decision 0058), and above any open report on a phone (decision 0057), it folds
 * away behind 'Show my reports'.
 */
export function ReportsScreen({ reportLink, hrefFor }: ReportsScreenProps) {
  const { t } = useTranslation();
  const reports = useReports();
  // The embedded (PowerBI) reports' states live in the page; the server reports' come with the list.
  const [statuses, setStatuses] = useState<Record<string, ReportStatus>>({});
  const [timings, setTimings] = useState<Record<string, RunTiming>>({});
  const entry = reportLink ? reports.data?.Reports.find((r) => r.reportLink === reportLink) : undefined;
  useFinishedNotices(reports.data?.Reports);
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const isFoldable = reportLink !== null && (isPhone || entry?.kind !== 'Server');
  const [isMenuOpen, setMenuOpen] = useState(false);
  // Opening a report folds the list away again; the landing page always shows it.
  useEffect(() => {
    setMenuOpen(reportLink === null);
  }, [reportLink]);
  const isMenuShown = !isFoldable || isMenuOpen;

  const handleRunTiming = useCallback((link: string, timing: RunTiming) => {
    setTimings((old) => {
      const known = old[link];
      return known && known.startedAtMs === timing.startedAtMs && known.expectedMs === timing.expectedMs
        ? old
        : { ...old, [link]: timing };
    });
  }, []);

  return (
    <Flex gap="lg" align="flex-start" direction={{ base: 'column', md: 'row' }}>
      <Paper
        id={MENU_ID}
        withBorder
        p="sm"
        w={{ base: '100%', md: 280 }}
        display={isMenuShown ? undefined : 'none'}
        style={{ flexShrink: 0 }}
      >
        {reports.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : (
          <ReportsMenu
            reports={reports.data?.Reports ?? []}
            activeLink={reportLink}
            statuses={statuses}
            timings={timings}
            hrefFor={hrefFor}
          />
        )}
      </Paper>
      <Box flex={1} w="100%" miw={0}>
        {isFoldable && (
          <Button
            variant="default"
            size="xs"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={isMenuShown}
            aria-controls={MENU_ID}
            mb="sm"
          >
            {isMenuShown ? t('reports.menu.hide') : t('reports.menu.show')}
          </Button>
        )}
        {reports.isError && <ReadableAlert color="red">{t('reports.menu.failed')}</ReadableAlert>}
        {!reportLink && <FrequentReports hrefFor={hrefFor} />}
        {reportLink && entry?.kind === 'PowerBI' && (
          <BiReportView
            key={entry.reportLink}
            entry={entry}
            onStatus={(status) => setStatuses((s) => ({ ...s, [entry.reportLink]: status }))}
          />
        )}
        {reportLink && entry?.kind === 'Server' && (
          <ServerReportView
            key={entry.reportLink}
            entry={entry}
            onRunTiming={(timing) => handleRunTiming(entry.reportLink, timing)}
          />
        )}
        {reportLink && reports.data && !entry && (
          <Stack gap="xs">
            <Title order={1} size="h2">
              {t('reports.view.notFoundTitle')}
            </Title>
            <Text>{t('reports.view.notFound', { link: reportLink })}</Text>
          </Stack>
        )}
      </Box>
    </Flex>
  );
}
