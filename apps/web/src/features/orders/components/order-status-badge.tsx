import { Badge } from '@mantine/core';
import type { OrderReviewReason, OrderStatusValue } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatusValue, string> = { Completed: 'green', UnderReview: 'orange', Canceled: 'gray' };

/**
 * [M4.23] An order's status. The text is in the text colour: a light badge's coloured text is below the
 * WCAG AA contrast ratio on a striped row; the tint and the word still tell the status. An order under review
 * says why in its hint (decision 0046); one recorded before the reason was kept says "above the credit limit".
 */
export function OrderStatusBadge({
  status,
  reviewReason = null,
}: {
  status: OrderStatusValue;
  reviewReason?: OrderReviewReason | null;
}) {
  const { t } = useTranslation();
  const help = status === 'UnderReview' && reviewReason ? `orders.reviewHelp.${reviewReason}` : `orders.statusHelp.${status}`;
  return (
    <Badge
      color={COLORS[status]}
      c="var(--mantine-color-text)"
      variant="light"
      title={t(help)}
      style={{ minWidth: 'max-content' }}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
