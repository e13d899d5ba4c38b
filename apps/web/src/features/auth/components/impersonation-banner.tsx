import { Alert, Button, Group, Text } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useStopImpersonation } from '../api/use-access';

/** [A6.8] While impersonating: who you are acting as, who you really are, and one click back. */
export function ImpersonationBanner({ user, onReturned }: { user: CurrentUser; onReturned: (user: CurrentUser | null) => void }) {
  const { t } = useTranslation();
  const stop = useStopImpersonation();
  if (!user.Impersonator) return null;
  const handleReturn = () =>
    stop.mutate(undefined, {
      onSuccess: (result) => onReturned(result.User),
      onError: (error) => {
        notify({ color: 'red', message: error.message });
        onReturned(null);
      },
    });
  return (
    <Alert color="orange" variant="filled" radius={0} py={6} role="status" data-testid="impersonation-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} c="black">
          {t('access.impersonation.banner', { user: user.DisplayName, impersonator: user.Impersonator.DisplayName })}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" loading={stop.isPending} onClick={handleReturn}>
          {t('access.impersonation.return', { name: user.Impersonator.DisplayName })}
        </Button>
      </Group>
    </Alert>
  );
}
