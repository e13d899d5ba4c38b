import { Anchor, Group, Text } from '@mantine/core';
import { type Account, decideProvisioningBanner, provisioningCountsOf } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { notify } from '../../../lib/notify';
import { useRetryProvisioning } from '../api/use-provisioning';

/** [A2.33] The one provisioning banner of an account, chosen by the precedence of [A4.7], with the texts of [A8.10]. */
export function ProvisioningBanner({ account }: { account: Account }) {
  const { t } = useTranslation();
  const retry = useRetryProvisioning();
  const banner = decideProvisioningBanner(provisioningCountsOf(account.Views.ExtendedView?.Values));
  if (!banner) return null;
  const color = banner === 'Waiting' || banner === 'Pending' ? 'blue' : banner === 'Escalated' ? 'orange' : 'red';
  const handleRetry = () =>
    retry.mutate(account.AccountIdentificator, {
      onSuccess: () => notify({ color: 'green', message: t('provisioning.retryStarted') }),
      onError: (error) => notify({ color: 'red', message: error.message }),
    });
  return (
    <ReadableAlert color={color} role="status" data-testid="provisioning-banner">
      {banner === 'FailedRetry' ? (
        <Group gap="xs">
          <Text size="sm">{t('provisioning.banner.FailedRetry')}</Text>
          {/* The link retries for users who may change the account; others read that it failed. */}
          {account.Permissions.CanUpdate && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              underline="always"
              // The theme's link colour is below AA contrast on the red tint: the underline marks the link.
              c="var(--mantine-color-text)"
              onClick={handleRetry}
              disabled={retry.isPending}
            >
              {retry.isPending ? t('provisioning.retrying') : t('provisioning.retry')}
            </Anchor>
          )}
        </Group>
      ) : (
        <Text size="sm">{t(`provisioning.banner.${banner}`)}</Text>
      )}
    </ReadableAlert>
  );
}
