import { GetAccountProvisioningRequests, PROVISIONING_REQUESTS_PAGE_SIZE } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** [A2.18] One page of the provisioning requests of an account and the accounts below it, newest first. */
export function useProvisioningRequests(accountId: number, page: number) {
  return useQuery({
    queryKey: ['provisioning', 'requests', accountId, page],
    queryFn: ({ signal }) =>
      callOperation(GetAccountProvisioningRequests, { accountId, page, pageSize: PROVISIONING_REQUESTS_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    // Requests still on their way change status by themselves: look again while any is pending.
    refetchInterval: (query) => (query.state.data?.Items.some((r) => r.Status === 'Pending') ? 2000 : false),
  });
}
