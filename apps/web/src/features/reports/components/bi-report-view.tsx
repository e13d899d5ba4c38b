import { Box, Button, Flex, Group, Stack, Text, Title } from '@mantine/core';
import type { ReportListEntry } from '@portal/contracts';
import { embedAccountReport, factories, type Report, service, trustEmbedOrigin } from '@portal/embed';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { formatUtcMinute } from '../../../lib/format-time';
import i18next from '../../../lib/i18n';
import { NOTIFICATION_FADE_MS } from '../../../lib/notification-timing';
import { notify } from '../../../lib/notify';
import { useExecuteReport } from '../api/use-reports';
import type { ReportStatus } from './report-status';

/** One embedding service for the portal's pages (the library's Service, as window.powerbi would be). */
let portalService: service.Service | null = null;
export const embedService = () => {
  portalService ??= new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
  return portalService;
};

/**
 * Fetches an embed token from one of the portal's token routes with the session cookie, and trusts the
 * origin of its embedUrl: the portal's own embed host.
 */
export async function fetchPortalEmbedToken(url: string) {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`token ${res.status}`);
  const token = (await res.json()) as { id: string; embedUrl: string; embedToken: string };
  trustEmbedOrigin(new URL(token.embedUrl, window.location.href).origin);
  return token;
}

export interface BiReportViewProps {
  entry: ReportListEntry;
  onStatus: (status: ReportStatus) => void;
}

/**
 * [M2.53] The embedded BI layout of an analytics report: name, refresh, loaded date and description
 * above the report, embedded with the portal's own embed library and host; 'has finished loading!'
 * when it is drawn, 'Error getting PowerBi token' when no token could be had.
 */
export function BiReportView({ entry, onStatus }: BiReportViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const report = useRef<Report | null>(null);
  const execute = useExecuteReport();
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync } = execute;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    setError(null);
    setLoadedAt(null);
    statusRef.current('loading');
    const fail = (message: string) => {
      if (cancelled) return;
      setError(message);
      statusRef.current('failed');
    };
    (async () => {
      let config: { reportId: string; workgroupId: string } | null;
      try {
        config = (await mutateAsync(entry.reportLink)).PowerBiConfiguration;
      } catch {
        return fail(t('reports.view.tokenError'));
      }
      if (!config) return fail(t('reports.view.tokenError'));
      if (cancelled) return;
      let tokenFailed = false;
      const embedded = await embedAccountReport(embedService(), element, {
        workgroupId: config.workgroupId,
        reportId: config.reportId,
        locale: i18next.language,
        settings: { panes: { filters: { expanded: false } } },
        fetchToken: fetchPortalEmbedToken,
        logError: () => {
          tokenFailed = true;
        },
      });
      if (cancelled) return;
      if (!embedded || tokenFailed) return fail(t('reports.view.tokenError'));
      report.current = embedded;
      embedded.setComponentTitle(t('reports.view.frameTitle', { name: entry.reportName }));
      embedded.on('loaded', () => {
        if (cancelled) return;
        setLoadedAt(new Date());
        statusRef.current('loaded');
        // [M9.13] The report's notification fades after 5 s (not a save's 4 s success notice); it shows above the
        // footer, away from the header's Sign out (decision 0058).
        notify({
          message: t('reports.view.finished', { name: entry.reportName }),
          color: 'green',
          autoClose: NOTIFICATION_FADE_MS,
        });
      });
      embedded.on('error', (event) => {
        const detail = (event as CustomEvent<{ message?: string }>).detail;
        fail(detail?.message ?? t('reports.view.tokenError'));
      });
    })();
    return () => {
      cancelled = true;
      report.current = null;
      embedService().reset(element);
    };
  }, [entry.reportLink, entry.reportName, mutateAsync, t]);

  const refresh = async () => {
    if (!report.current) return;
    statusRef.current('loading');
    try {
      await report.current.refresh();
      setLoadedAt(new Date());
      statusRef.current('loaded');
    } catch {
      statusRef.current('failed');
      setError(t('reports.view.refreshFailed'));
    }
  };

  return (
    <Stack gap="sm" h="100%">
      {/* The name and description wrap; the loaded date and Refresh keep their width, below the name on a phone. */}
      <Flex justify="space-between" align="flex-start" gap="sm" direction={{ base: 'column', sm: 'row' }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h2">
            {entry.reportName}
          </Title>
          {entry.reportDescription && (
            <Text size="sm" c="dimmed">
              {entry.reportDescription}
            </Text>
          )}
        </Box>
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text size="sm" c="gray.8" data-testid="report-loaded-at" style={{ whiteSpace: 'nowrap' }}>
            {loadedAt ? t('reports.view.loadedAt', { date: formatUtcMinute(loadedAt.toISOString()) }) : t('reports.view.loading')}
          </Text>
          <Button variant="default" onClick={refresh} disabled={!loadedAt}>
            {t('reports.view.refresh')}
          </Button>
        </Group>
      </Flex>
      {error && <ReadableAlert color="red">{error}</ReadableAlert>}
      <Box
        ref={container}
        data-testid="bi-report"
        style={{ height: '72vh', minHeight: 520, border: '1px solid var(--mantine-color-gray-3)' }}
      />
    </Stack>
  );
}
