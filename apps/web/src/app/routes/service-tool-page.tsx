import { ServiceDocumentSchema } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { ServiceToolWindow } from '../../features/service-tool';
import { paths } from '../paths';
import { ServicesPage } from './services-page';

/** [S2.3] #/Marketplace/ServiceCreate/{serviceName?}: the window over the services list it returns to [S2.4]. */
export function ServiceToolPage() {
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
