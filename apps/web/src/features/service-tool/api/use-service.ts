import { GetService } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

/** [S7.2] The service being edited; idle in create mode. */
export function useService(serviceName: string | null) {
  return useQuery({
    queryKey: serviceKeys.detail(serviceName ?? ''),
    queryFn: ({ signal }) => callOperation(GetService, { ServiceName: serviceName ?? '' }, { signal }),
    enabled: serviceName !== null,
    staleTime: 0,
  });
}
