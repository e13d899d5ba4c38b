import { Box, Loader, NavLink, Progress, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { REPORT_SEARCH_DEBOUNCE_MS, type ReportListEntry } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from './report-status';

export interface ReportsMenuProps {
  reports: ReportListEntry[];
  activeLink: string | null;
  statuses: Record<string, ReportStatus>;
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

/** [M2.51] 'My reports': a search box and the reports by group, each with its state and, while loading, a progress bar. */
export function ReportsMenu({ reports, activeLink, statuses, hrefFor }: ReportsMenuProps) {
  const { t } = useTranslation();
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
            const status = statuses[r.reportLink] ?? 'default';
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
                {status === 'loading' && (
                  <Progress value={100} animated striped size="xs" aria-label={t('reports.status.loading')} />
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Stack>
  );
}
