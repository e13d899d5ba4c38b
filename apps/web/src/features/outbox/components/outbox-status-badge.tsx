import { Badge } from '@mantine/core';
import type { OutboxStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OutboxStatus, string> = {
  queued: 'gray',
  sent: 'green',
  stored: 'blue',
  failed: 'red',
  switched_off: 'yellow',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  return (
    // The page's text colour: the light variant's own text colour (even shade 9 of green) is below the WCAG AA
    // contrast ratio, as the order status badge found.
    <Badge
      color={COLORS[status]}
      c="var(--mantine-color-text)"
      variant="light"
      title={t(`jobs.outbox.statusHelp.${status}`)}
      style={{ minWidth: 'max-content' }}
    >
      {t(`jobs.outbox.status.${status}`)}
    </Badge>
  );
}
