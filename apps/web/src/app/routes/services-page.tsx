import { Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../components/ui/no-access';
import { useCurrentUser } from '../../features/auth';
import { MyServicesPriceTools } from '../../features/price-lists/prices';
import { ServicesList } from '../../features/service-tool';
import { href, paths } from '../paths';

const CREATE_CAPABILITIES = ['MY_SERVICES_CREATE', 'INFO', 'FILES', 'DESCRIPTION', 'FIELDS', 'BILLING', 'PROVISIONING'].map(
  (c) => (c === 'MY_SERVICES_CREATE' ? c : `SERVICE_TOOL_${c}_CREATE`),
);

/** [M6.3] Any one of MY_SERVICES_CREATE or the SERVICE_TOOL_* create capabilities. */
export function canCreateServices(capabilities: readonly string[]): boolean {
  return CREATE_CAPABILITIES.some((c) => capabilities.includes(c));
}

/**
 * Who may open Your services: the readers of services [S6.3] (the header link's rule), the creators of
 * services [M6.3] and the editors of suggested retail prices [M6.4].
 */
export function canOpenServices(capabilities: readonly string[]): boolean {
  return (
    capabilities.includes('SERVICE_TOOL_INFO_READ') ||
    capabilities.includes('MY_SERVICES_UPDATE') ||
    canCreateServices(capabilities)
  );
}

/** The route guard's refusal: the page's heading and the shared no-access notice. */
export function ServicesNoAccess({ needs }: { needs: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('serviceTool.list.title')}
      </Title>
      <NoAccess needs={needs} />
    </Stack>
  );
}

/** Your Services: the caller's services and the way into the service tool; a no-access page for anyone else. */
export function ServicesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user.data) return <Loader aria-label={t('app.loading')} />;
  const capabilities = user.data.Capabilities;
  if (!canOpenServices(capabilities)) return <ServicesNoAccess needs={['SERVICE_TOOL_INFO_READ']} />;
  // [M6.4] Suggested retail prices by Excel for MY_SERVICES_UPDATE holders.
  const canEditSrp = capabilities.includes('MY_SERVICES_UPDATE');
  return (
    <Stack gap="xs">
      {canEditSrp && <MyServicesPriceTools />}
      <ServicesList
        // [S4.1] An imported service opens in the service tool: as a new service, or over the one it overwrites.
        onImported={({ service, overwrite }) =>
          navigate(overwrite ? paths.services.edit(overwrite) : paths.services.create(), { state: { importedService: service } })
        }
        canCreate={canCreateServices(capabilities)}
        hrefForCreate={href(paths.services.create())}
        hrefForEdit={(name) => href(paths.services.edit(name))}
      />
    </Stack>
  );
}
