import { Box, Loader, NavLink, Progress, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_REPORT_EXECUTION_MS, REPORT_SEARCH_DEBOUNCE_MS, type ReportListEntry } from '@portal/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ParametersExpander } from './parameters-expander';
import type { ReportStatus } from './report-status';
import { RunProgress } from './run-progress';
import type { RunTiming } from './server-report-view';

export interface ReportsMenuProps {
  reports: ReportListEntry[];
  activeLink: string | null;
  /** The embedded reports' states, kept by the page; a server report's state comes with its entry. */
  statuses: Record<string, ReportStatus>;
  /** When the server reports running now started and how long they take on average. */
  timings: Record<string, RunTiming>;
  hrefFor: (link: string) => string;
}

function StatusIcon({ status, onDark }: { status: ReportStatus; onDark: boolean }) {
  const { t } = useTranslation();
  if (status === 'loading')
    return <Loader size={14} color={onDark ? 'white' : undefined} aria-label={t('reports.status.loading')} />;
  if (status === 'loaded')
    return (
      <Text span c={onDark ? 'white' : 'green.9'} fw={700} aria-label={t('reports.status.loaded')} role="img">
        ✓
      </Text>
    );
  if (status === 'failed')
    return (
      <Text span c={onDark ? 'white' : 'red.9'} fw={700} aria-label={t('reports.status.failed')} role="img">
        ⚠
      </Text>
    );
  return (
    <Text span c={onDark ? 'white' : 'gray.7'} aria-label={t('reports.status.default')} role="img">
      ○
    </Text>
  );
}

/**
 * [M2.51] 'My reports': a search box and the reports by group, each with its state (a warning icon once its run failed
 * [M8.11]), its parameters behind an expander and, while loading, a progress bar against its average time [M9.13].
 */
export function ReportsMenu({ reports, activeLink, statuses, timings, hrefFor }: ReportsMenuProps) {
  const { t } = useTranslation();
  // A run started elsewhere (another tab, before a reload) is measured from when this page first saw it loading.
  const firstSeen = useRef(new Map<string, number>());
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim().toLowerCase(), REPORT_SEARCH_DEBOUNCE_MS);
  const groups = useMemo(() => {
    const shown = reports.filter(
      (r) => !search || r.reportName.toLowerCase().includes(search) || r.reportGroup.toLowerCase().includes(search),
    );
    const byGroup = new Map<string, ReportListEntry[]>();
    for (const r of shown) byGroup.set(r.reportGroup, [...(byGroup.get(r.reportGroup) ?? []), r]);
    return [...byGroup.entries()];
  }, [reports, search]);

  return (
    <Stack gap="xs" component="nav" aria-label={t('reports.menu.title')}>
      <Title order={2} size="h4">
        {t('reports.menu.title')}
      </Title>
      <TextInput
        label={t('reports.menu.search')}
        placeholder={t('reports.menu.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        type="search"
      />
      {groups.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {reports.length === 0 ? t('reports.menu.none') : t('reports.menu.noMatch', { search: text.trim() })}
        </Text>
      )}
      {groups.map(([group, entries]) => (
        <Box key={group} component="section" aria-label={group}>
          <Text size="xs" fw={700} tt="uppercase" c="gray.8" mt="xs" mb={4}>
            {group}
          </Text>
          {entries.map((r) => {
            const status = r.kind === 'Server' ? r.status : (statuses[r.reportLink] ?? 'default');
            if (status !== 'loading') firstSeen.current.delete(r.reportLink);
            else if (!firstSeen.current.has(r.reportLink)) firstSeen.current.set(r.reportLink, Date.now());
            const timing = timings[r.reportLink] ?? {
              startedAtMs: firstSeen.current.get(r.reportLink) ?? Date.now(),
              expectedMs: r.reportExecutionTime || DEFAULT_REPORT_EXECUTION_MS,
            };
            return (
              <Box key={r.reportLink}>
                <Tooltip label={r.reportDescription || r.reportName} multiline w={260} openDelay={300}>
                  <NavLink
                    component="a"
                    href={hrefFor(r.reportLink)}
                    label={r.reportName}
                    active={r.reportLink === activeLink}
                    variant="filled"
                    color="blue.9"
                    aria-current={r.reportLink === activeLink ? 'page' : undefined}
                    leftSection={<StatusIcon status={status} onDark={r.reportLink === activeLink} />}
                    data-report={r.reportLink}
                    data-status={status}
                  />
                </Tooltip>
                {r.kind === 'Server' && <ParametersExpander reportName={r.reportName} parameters={r.parameters} />}
                {status === 'loading' &&
                  (r.kind === 'Server' ? (
                    <RunProgress
                      startedAtMs={timing.startedAtMs}
                      expectedMs={timing.expectedMs}
                      label={t('reports.view.progress', { name: r.reportName })}
                      size="xs"
                    />
                  ) : (
                    <Progress value={100} animated striped size="xs" aria-label={t('reports.status.loading')} />
                  ))}
              </Box>
            );
          })}
        </Box>
      ))}
    </Stack>
  );
}
