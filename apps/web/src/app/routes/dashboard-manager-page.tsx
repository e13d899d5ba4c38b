import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../components/ui/no-access';
import { useCurrentUser } from '../../features/auth';
import { DashboardEditor, type DashboardLinks, DashboardStart, DashboardViewer } from '../../features/dashboards';
import { href, paths } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';

/** The capabilities of the dashboard manager (decision 0051): READ opens it, UPDATE creates, edits and publishes. */
export const DASHBOARD_READ = 'DASHBOARD_MANAGER_READ';
export const DASHBOARD_UPDATE = 'DASHBOARD_MANAGER_UPDATE';

const links: DashboardLinks = {
  start: () => href(paths.dashboards.start()),
  view: (id) => href(paths.dashboards.view(id)),
  edit: (id) => href(paths.dashboards.edit(id)),
};

/** The mode a #/DashboardManager address opens [M2.8]-[M2.10] (exactly one [M4.7]), or null for none of them. */
function modeOf(params: {
  mode?: string;
  dashboardId?: string;
}): { kind: 'start' } | { kind: 'view' | 'edit'; id: number } | null {
  if (!params.mode) return { kind: 'start' };
  if (params.mode === 'Start' && !params.dashboardId) return { kind: 'start' };
  const id = Number(params.dashboardId);
  if ((params.mode === 'View' || params.mode === 'Edit') && Number.isInteger(id) && id > 0)
    return { kind: params.mode === 'View' ? 'view' : 'edit', id };
  return null;
}

/** [M2.8]-[M2.10] #/DashboardManager, #/DashboardManager/Start, #/DashboardManager/View/{id}, #/DashboardManager/Edit/{id}. */
export function DashboardManagerPage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const mode = modeOf(params);
  if (mode === null) return <NotFoundPage />;
  if (!user.data) return null;
  const capabilities = user.data.Capabilities;
  const canEdit = capabilities.includes(DASHBOARD_UPDATE);
  const needs = !capabilities.includes(DASHBOARD_READ)
    ? [DASHBOARD_READ]
    : mode.kind === 'edit' && !canEdit
      ? [DASHBOARD_UPDATE]
      : null;
  if (needs)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('dashboards.title')}
        </Title>
        <NoAccess needs={needs} />
      </Stack>
    );
  if (mode.kind === 'start')
    return <DashboardStart canEdit={canEdit} links={links} onCreated={(id) => navigate(paths.dashboards.edit(id))} />;
  if (mode.kind === 'view') return <DashboardViewer key={mode.id} id={mode.id} canEdit={canEdit} links={links} />;
  return <DashboardEditor key={mode.id} id={mode.id} links={links} onDeleted={() => navigate(paths.dashboards.start())} />;
}
