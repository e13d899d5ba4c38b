import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Dashboard } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { useCreateDashboard, useDashboards } from '../api/use-dashboards';
import { presetLayout } from '../utils/dashboard-grid';
import type { DashboardLinks } from './dashboard-links';
import { LayoutPickerModal } from './layout-picker-modal';

const PAGE_SIZE = 10;

function DashboardTable(props: {
  title: string;
  empty: string;
  rows: Dashboard[];
  canEdit: boolean;
  links: DashboardLinks;
  testId: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(props.rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = props.rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const headingId = `${props.testId}-heading`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} data-testid={props.testId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {props.title} ({props.rows.length})
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={520}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboards.list.title')}</Table.Th>
                  <Table.Th>{t('dashboards.list.visibleTo')}</Table.Th>
                  <Table.Th>{t('dashboards.list.updated')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('dashboards.list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((dashboard) => (
                  <Table.Tr key={dashboard.id}>
                    <Table.Td>
                      <Anchor href={props.links.view(dashboard.id)} fw={500}>
                        {dashboard.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {dashboard.visibleTo.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('dashboards.list.nobody')}
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {dashboard.visibleTo.map((audience) => (
                            <Badge key={audience} variant="outline" color="gray.8">
                              {t(`dashboards.audience.${audience}`)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {formatUtcMinute(dashboard.UpdatedAt)}
                        {dashboard.UpdatedBy ? ` · ${dashboard.UpdatedBy}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {props.canEdit && (
                        <Anchor
                          href={props.links.edit(dashboard.id)}
                          size="sm"
                          aria-label={t('dashboards.list.editNamed', { title: dashboard.title })}
                        >
                          {t('dashboards.list.edit')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`dashboards.list.page.${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('dashboards.list.page.number', { n }) })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * [M2.8] Start mode: the organisation's published dashboards and its drafts, and (with the right to change them)
 * the create button, which opens the layout window [M9.5]; the new dashboard is 'My Dashboard N' and opens in
 * edit mode [M4.8].
 */
export function DashboardStart(props: { canEdit: boolean; links: DashboardLinks; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const list = useDashboards();
  const create = useCreateDashboard();
  const [isPicking, setIsPicking] = useState(false);

  function handleCreate(presetId: string) {
    const layout = presetLayout(presetId);
    if (!layout) {
      console.info('Dashboard: no layout active');
      return;
    }
    create.mutate(
      { layout, visibleTo: [] },
      {
        onSuccess: (created) => {
          setIsPicking(false);
          props.onCreated(created.id);
        },
      },
    );
  }

  const dashboards = list.data?.dashboards ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('dashboards.title')}
        </Title>
        {props.canEdit && (
          <Button
            onClick={() => {
              create.reset();
              setIsPicking(true);
            }}
          >
            {t('dashboards.create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('dashboards.startIntro')}
      </Text>
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('dashboards.loading')}</Text>
        </Group>
      ) : list.isError ? (
        <ReadableAlert color="red" role="alert" title={t('dashboards.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => list.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        </ReadableAlert>
      ) : (
        <>
          <DashboardTable
            title={t('dashboards.published')}
            empty={t('dashboards.noPublished')}
            rows={dashboards.filter((d) => d.published)}
            canEdit={props.canEdit}
            links={props.links}
            testId="dashboards-published"
          />
          <DashboardTable
            title={t('dashboards.drafts')}
            empty={t('dashboards.noDrafts')}
            rows={dashboards.filter((d) => !d.published)}
            canEdit={props.canEdit}
            links={props.links}
            testId="dashboards-drafts"
          />
        </>
      )}
      {isPicking && (
        <LayoutPickerModal
          title={t('dashboards.layoutWindow.createTitle')}
          confirmLabel={t('dashboards.layoutWindow.create')}
          isBusy={create.isPending}
          note={create.isError ? (create.error instanceof ApiError ? create.error.message : t('dashboards.saveFailed')) : null}
          onConfirm={handleCreate}
          onClose={() => setIsPicking(false)}
        />
      )}
    </Stack>
  );
}
