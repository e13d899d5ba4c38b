import { Box, Button, Flex, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useReports } from '../api/use-reports';
import { BiReportView } from './bi-report-view';
import { FrequentReports } from './frequent-reports';
import type { ReportStatus } from './report-status';
import { ReportsMenu } from './reports-menu';

export interface ReportsScreenProps {
  /** [M2.50] The report of the address (#/Reports/{reportLink}), or null for the landing page. */
  reportLink: string | null;
  hrefFor: (link: string) => string;
}

const MENU_ID = 'reports-menu';

/**
 * [M2.50]-[M2.53] The Reports page: 'My reports' beside the landing page; beside an open report it folds away
 * behind 'Show my reports', so the report has the page's width (decision 0058).
 */
export function ReportsScreen({ reportLink, hrefFor }: ReportsScreenProps) {
  const { t } = useTranslation();
  const reports = useReports();
  const [statuses, setStatuses] = useState<Record<string, ReportStatus>>({});
  const [isMenuShown, setMenuShown] = useState(!reportLink);
  // Opening a report folds the list away again; the landing page always shows it.
  useEffect(() => setMenuShown(!reportLink), [reportLink]);
  const entry = reportLink ? reports.data?.Reports.find((r) => r.reportLink === reportLink) : undefined;

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
          <ReportsMenu reports={reports.data?.Reports ?? []} activeLink={reportLink} statuses={statuses} hrefFor={hrefFor} />
        )}
      </Paper>
      <Box flex={1} w="100%" miw={0}>
        {reportLink && (
          <Button
            variant="default"
            size="xs"
            onClick={() => setMenuShown((shown) => !shown)}
            aria-expanded={isMenuShown}
            aria-controls={MENU_ID}
            mb="sm"
          >
            {isMenuShown ? t('reports.menu.hide') : t('reports.menu.show')}
          </Button>
        )}
        {reports.isError && <ReadableAlert color="red">{t('reports.menu.failed')}</ReadableAlert>}
        {!reportLink && <FrequentReports hrefFor={hrefFor} />}
        {reportLink && entry && (
          <BiReportView
            key={entry.reportLink}
            entry={entry}
            onStatus={(status) => setStatuses((s) => ({ ...s, [entry.reportLink]: status }))}
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
