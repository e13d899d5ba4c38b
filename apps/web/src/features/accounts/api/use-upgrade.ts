import { ExecuteCustomActionByConfirm, GetSubscriptionUpgradeOptions, UPGRADE_ACTION } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

const optionsKey = (accountId: number) => ['accounts', 'upgrade-options', accountId] as const;

/** [A2.8] The services the subscription can be upgraded to, with prices when the caller may see them. */
export function useUpgradeOptions(accountId: number) {
  return useQuery({
    queryKey: optionsKey(accountId),
    queryFn: ({ signal }) => callOperation(GetSubscriptionUpgradeOptions, { accountId }, { signal }),
    staleTime: 0,
    retry: false,
  });
}

/** [A1.5] Runs the UPGRADE custom action, confirmed, with the chosen service. */
export function useUpgradeSubscription(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceName: string) =>
      callOperation(
        ExecuteCustomActionByConfirm,
        {
          accountId,
          action: UPGRADE_ACTION,
          views: { Action: { Values: { ServiceName: serviceName } } },
          confirmation: true,
        },
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.AccountIdentificator), account);
      void queryClient.invalidateQueries({ queryKey: optionsKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'children'] });
      void queryClient.invalidateQueries({ queryKey: ['provisioning'] });
    },
  });
}
