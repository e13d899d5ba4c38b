import { type Account, LoadAccountById, provisioningCountsOf } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** While a provisioning request waits to be sent, the page looks again this often to show how it went. */
const PROVISIONING_POLL_MS = 2000;

const hasPendingProvisioning = (account: Account | undefined) =>
  provisioningCountsOf(account?.Views.ExtendedView?.Values).PendingProvisioningRequests > 0;

export function useAccount(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => callOperation(LoadAccountById, { id }, { signal }),
    refetchInterval: (query) => (hasPendingProvisioning(query.state.data) ? PROVISIONING_POLL_MS : false),
  });
}
