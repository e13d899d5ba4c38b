import { Badge } from '@mantine/core';
import type { OrderStatusValue } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatusValue, string> = { Completed: 'green', UnderReview: 'orange', Canceled: 'gray' };

/** [M4.23] An order's status; shade 9 text keeps the light badge above the WCAG AA contrast ratio. */
export function OrderStatusBadge({ status }: { status: OrderStatusValue }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status]}
      c={`${COLORS[status]}.9`}
      variant="light"
      title={t(`orders.statusHelp.${status}`)}
      style={{ minWidth: 'max-content' }}
    >
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
