import { Badge } from '@mantine/core';
import type { OrderStatusValue } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatusValue, string> = { Completed: 'green', UnderReview: 'orange', Canceled: 'gray' };

/**
 * [M4.23] An order's status. The text is in the text colour: a light badge's coloured text is below the
 * WCAG AA contrast ratio on a striped row; the tint and the word still tell the status.
 */
export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      c="var(--mantine-color-text)"
      variant="light"
      title={t(`orders.statusHelp.${status}`)}
      style={{ minWidth: 'max-content' }}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
