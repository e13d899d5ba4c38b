import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
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

/** Your Services: the caller's services and the way into the service tool. */
export function ServicesPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // [M6.4] Suggested retail prices by Excel for MY_SERVICES_UPDATE holders.
  const canEditSrp = (user.data?.Capabilities ?? []).includes('MY_SERVICES_UPDATE');
  return (
    <Stack gap="xs">
      {canEditSrp && <MyServicesPriceTools />}
      <ServicesList
        // [S4.1] An imported service opens in the service tool: as a new service, or over the one it overwrites.
        onImported={({ service, overwrite }) =>
          navigate(overwrite ? paths.services.edit(overwrite) : paths.services.create(), { state: { importedService: service } })
        }
        canCreate={canCreateServices(user.data?.Capabilities ?? [])}
        hrefForCreate={href(paths.services.create())}
        hrefForEdit={(name) => href(paths.services.edit(name))}
      />
    </Stack>
  );
}
