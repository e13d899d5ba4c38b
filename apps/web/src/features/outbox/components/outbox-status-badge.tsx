import { Badge } from '@mantine/core';
import type { OutboxStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OutboxStatus, string> = { queued: 'gray', sent: 'green', stored: 'blue', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  return (
    // Shade 9 text: the light variant's default text colour is below the WCAG AA contrast ratio.
    <Badge
      color={COLORS[status]}
      c={`${COLORS[status]}.9`}
      variant="light"
      title={t(`jobs.outbox.statusHelp.${status}`)}
      style={{ minWidth: 'max-content' }}
    >
      {t(`jobs.outbox.status.${status}`)}
    </Badge>
  );
}
