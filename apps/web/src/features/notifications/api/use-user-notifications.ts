import { GetUserNotifications, type NotificationKind, SaveUserNotifications } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';

export const notificationKeys = {
  user: (accountId: number) => ['user-notifications', accountId] as const,
};

/** [A2.17] GetUserNotifications: which e-mails the user receives. */
export function useUserNotifications(accountId: number) {
  return useQuery({
    queryKey: notificationKeys.user(accountId),
    queryFn: ({ signal }) => callOperation(GetUserNotifications, { accountId }, { signal }),
  });
}

/** [A2.17] SaveUserNotifications: the answer is the user's choices as saved. */
export function useSaveUserNotifications(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: { Kind: NotificationKind; Enabled: boolean }[]) =>
      callOperation(SaveUserNotifications, { accountId, kinds }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.user(accountId), data),
  });
}
