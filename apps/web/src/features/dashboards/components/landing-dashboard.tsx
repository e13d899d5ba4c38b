import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DashboardView } from './dashboard-view';

/** [M1.3] [M2.11] The landing page: the dashboard published for the user, read-only, and the way to their account. */
export function LandingDashboard(props: { dashboard: Dashboard; accountHref: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {props.dashboard.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboards.landing.from', { name: props.dashboard.OwnerDisplayName })}
          </Text>
        </Stack>
        <Anchor href={props.accountHref} fw={500}>
          {t('dashboards.landing.account')}
        </Anchor>
      </Group>
      <DashboardView dashboard={props.dashboard} />
    </Stack>
  );
}
