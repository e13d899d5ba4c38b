import { Badge } from '@mantine/core';
import { type QuoteStatus, quoteStatusShownAs } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<QuoteStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  approved: 'green',
  active: 'green',
  expired: 'red',
  ready_to_provision: 'orange',
  provisioning_request_sent: 'blue',
  open_to_csp: 'grape',
};

/** [M4.25] A quote's status in words (active is shown as approved); the text keeps the text colour for contrast. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  const shown = quoteStatusShownAs(status);
  return (
    <Badge
      color={COLORS[shown]}
      c="var(--mantine-color-text)"
      variant="light"
      title={t(`quotationTool.statusHelp.${shown}`)}
      style={{ minWidth: 'max-content' }}
      data-testid="quote-status"
    >
      {t(`quotationTool.status.${shown}`)}
    </Badge>
  );
}
