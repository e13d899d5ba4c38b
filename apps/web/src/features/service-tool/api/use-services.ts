import { ListServices, SERVICE_LIST_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

/** [S7.1] One page of the caller's services, searched by name. */
export function useServices(search: string, page: number) {
  return useQuery({
    queryKey: serviceKeys.list({ search, page }),
    queryFn: ({ signal }) =>
      callOperation(ListServices, { Search: search, Page: page, Limit: SERVICE_LIST_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}
