import { GetServiceAvailableCategoryList, GetServiceAvailableTagList, ListServices } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

/** [S7.1] Categories and known tags for the Info tab (empty without SERVICE_TOOL_INFO_READ [S6.3]). */
export function useInfoLookups() {
  const categories = useQuery({
    queryKey: serviceKeys.lookups('categories'),
    queryFn: ({ signal }) => callOperation(GetServiceAvailableCategoryList, {}, { signal }),
    staleTime: 5 * 60_000,
  });
  const tags = useQuery({
    queryKey: serviceKeys.lookups('tags'),
    queryFn: ({ signal }) => callOperation(GetServiceAvailableTagList, {}, { signal }),
    staleTime: 60_000,
  });
  // Parent services and dependencies are picked among the caller's services.
  const services = useQuery({
    queryKey: serviceKeys.lookups('service-names'),
    queryFn: ({ signal }) => callOperation(ListServices, { Limit: 100, Page: 1 }, { signal }),
    staleTime: 60_000,
  });
  return { categories, tags, services };
}
