import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../api/use-dashboards';
import { DashboardLoadState, isGone } from './dashboard-editor';
import type { DashboardLinks } from './dashboard-links';
import { DashboardView } from './dashboard-view';

/** [M2.9] View mode: the dashboard read-only, with its state and who may see it; Edit for those who may change it. */
export function DashboardViewer(props: { id: number; canEdit: boolean; links: DashboardLinks }) {
  const { t } = useTranslation();
  const query = useDashboard(props.id);
  if (!query.data || isGone(query.error)) return <DashboardLoadState query={query} />;
  const dashboard = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {dashboard.title}
          </Title>
          <Group gap="xs">
            <Badge color="dark" variant="outline">
              {dashboard.published ? t('dashboards.state.published') : t('dashboards.state.draft')}
            </Badge>
            <Text size="sm" c="dimmed">
              {dashboard.visibleTo.length === 0
                ? t('dashboards.list.nobody')
                : t('dashboards.shownTo', {
                    audiences: dashboard.visibleTo.map((a) => t(`dashboards.audience.${a}`)).join(', '),
                  })}
            </Text>
          </Group>
        </Stack>
        <Group gap="md">
          <Anchor href={props.links.start()} size="sm">
            {t('dashboards.backToList')}
          </Anchor>
          {props.canEdit && (
            <Anchor href={props.links.edit(dashboard.id)} size="sm">
              {t('dashboards.openEdit')}
            </Anchor>
          )}
        </Group>
      </Group>
      {Object.keys(dashboard.content).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboards.noWidgets')}
        </Text>
      ) : (
        <DashboardView dashboard={dashboard} />
      )}
    </Stack>
  );
}
