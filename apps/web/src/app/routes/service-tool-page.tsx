import { ServiceDocumentSchema } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { ServiceToolWindow } from '../../features/service-tool';
import { paths } from '../paths';
import { canCreateServices, ServicesNoAccess, ServicesPage } from './services-page';

/**
 * [S2.3] #/Marketplace/ServiceCreate/{serviceName?}: the window over the services list it returns to [S2.4].
 * Guarded: a new service needs a create capability [M6.3], an existing one SERVICE_TOOL_INFO_READ [S6.3];
 * anyone else gets the no-access page, never an editor that cannot be saved.
 */
export function ServiceToolPage() {
  const { serviceName } = useParams();
  const user = useCurrentUser();
  const capabilities = user.data?.Capabilities ?? [];
  if (user.data && serviceName === undefined && !canCreateServices(capabilities))
    return <ServicesNoAccess needs={['MY_SERVICES_CREATE']} />;
  if (user.data && serviceName !== undefined && !capabilities.includes('SERVICE_TOOL_INFO_READ'))
    return <ServicesNoAccess needs={['SERVICE_TOOL_INFO_READ']} />;
  return <ServiceToolRoute />;
}

function ServiceToolRoute() {
  const { serviceName } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // [S4.1] Data ImportService checked, handed over by the services list.
  const state = useLocation().state as { importedService?: unknown } | null;
  const importedService = state?.importedService;
  const imported = useMemo(() => ServiceDocumentSchema.safeParse(importedService), [importedService]);
  // [S2.4] Reloading the route after a loaded draft opens the window afresh.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <ServicesPage />
      <ServiceToolWindow
        key={`${serviceName ?? 'create'}-${generation}`}
        serviceName={serviceName ?? null}
        imported={imported.success ? imported.data : null}
        capabilities={new Set(user.data?.Capabilities ?? [])}
        onClose={() => navigate(paths.services.list())}
        onReload={() => setGeneration((g) => g + 1)}
      />
    </>
  );
}
