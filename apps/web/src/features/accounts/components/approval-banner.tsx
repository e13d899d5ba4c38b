import { Anchor } from '@mantine/core';
import type { Account } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';

/**
 * [A2.33] [A3.1] "A modification request is pending approval." while ExtendedView.ApprovalInProgress
 * (an order of this subscription is under review); decision 0046: when that order is the one that created the
 * subscription (ApprovalFor NewOrder) the banner says so instead. The link to #/Orders only for viewers the
 * server allows to read orders (Permissions.CanSeeOrders); others read the text alone.
 */
export function ApprovalBanner({ account, hrefForOrders }: { account: Account; hrefForOrders?: (accountId: number) => string }) {
  const { t } = useTranslation();
  const values = account.Views.ExtendedView?.Values;
  if (values?.ApprovalInProgress !== true) return null;
  const isNewOrder = values.ApprovalFor === 'NewOrder';
  return (
    <ReadableAlert color="orange" role="status" data-testid="approval-banner">
      {t(isNewOrder ? 'orders.approvalBannerNewOrder' : 'orders.approvalBanner')}
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
            {t(isNewOrder ? 'orders.approvalBannerNewOrderLink' : 'orders.approvalBannerLink')}
          </Anchor>
        </>
      )}
    </ReadableAlert>
  );
}
