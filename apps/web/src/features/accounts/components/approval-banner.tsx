import { Anchor } from '@mantine/core';
import type { Account } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';

/**
 * [A2.33] [A3.1] "A modification request is pending approval." while ExtendedView.ApprovalInProgress
 * (an order of this subscription is under review). The link to #/Orders only for viewers the server
 * allows to read orders (Permissions.CanSeeOrders); others read the text alone.
 */
export function ApprovalBanner({ account, hrefForOrders }: { account: Account; hrefForOrders?: (accountId: number) => string }) {
  const { t } = useTranslation();
  if (account.Views.ExtendedView?.Values.ApprovalInProgress !== true) return null;
  return (
    <ReadableAlert color="orange" role="status" data-testid="approval-banner">
      {t('orders.approvalBanner')}
      {account.Permissions.CanSeeOrders && hrefForOrders && (
        <>
          {' '}
          <Anchor
            href={hrefForOrders(account.AccountIdentificator)}
            size="sm"
            fw={600}
            c="var(--mantine-color-text)"
            underline="always"
          >
            {t('orders.approvalBannerLink')}
          </Anchor>
        </>
      )}
    </ReadableAlert>
  );
}
