import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { formatMoney, type OrderSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatUtcDay } from '../../../lib/format-time';
import { OrderStatusBadge } from './order-status-badge';

/** The orders of one page. Receives rows, does not fetch. */
export function OrdersTable(props: {
  items: OrderSummary[];
  isBusy: boolean;
  /** Decision 0045: each row opens its order's page (the number is its link, for the keyboard too). */
  hrefForOrder: (orderNumber: string) => string;
  onOpenOrder: (orderNumber: string) => void;
  /** Decision 0032: the review of an order the server says the viewer may decide (CanDecide). */
  onApprove?: (order: OrderSummary) => void;
  onDecline?: (order: OrderSummary) => void;
}) {
  const { t } = useTranslation();
  const withReview = props.items.some((o) => o.CanDecide) && !!props.onApprove && !!props.onDecline;
  const money = (amount: string | null, currency: string) =>
    amount === null ? (
      <Text span size="sm" c="dimmed" title={t('orders.noPriceHelp')}>
        {t('orders.noPrice')}
      </Text>
    ) : (
      formatMoney(amount, currency)
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label={t('orders.table')} aria-busy={props.isBusy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.number')}</Table.Th>
            <Table.Th>{t('orders.placed')}</Table.Th>
            <Table.Th>{t('orders.company')}</Table.Th>
            <Table.Th>{t('orders.service')}</Table.Th>
            <Table.Th>{t('orders.statusColumn')}</Table.Th>
            <Table.Th ta="right">{t('orders.monthly')}</Table.Th>
            <Table.Th ta="right">{t('orders.setup')}</Table.Th>
            {withReview && <Table.Th>{t('orderReview.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((o) => (
            <Table.Tr
              key={o.Id}
              data-testid="order-row"
              style={{ cursor: 'pointer' }}
              onClick={(e) => {
                // The row opens the order; its own links and buttons keep their job.
                if ((e.target as HTMLElement).closest('a, button')) return;
                props.onOpenOrder(o.OrderNumber);
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor
                  href={props.hrefForOrder(o.OrderNumber)}
                  size="sm"
                  aria-label={t('orders.open', { number: o.OrderNumber })}
                >
                  {o.OrderNumber}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcDay(o.PlacedAt)}</Table.Td>
              <Table.Td>{o.Company || t('orders.noCompany')}</Table.Td>
              <Table.Td>
                {o.Service}
                {o.Kind !== 'New' && <Text span size="xs" c="dimmed">{` · ${t(`orderDetail.kinds.${o.Kind}`)}`}</Text>}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.Status} reviewReason={o.ReviewReason} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(o.MonthlyTotal, o.Currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(o.SetupTotal, o.Currency)}
              </Table.Td>
              {withReview && (
                <Table.Td>
                  {o.CanDecide && (
                    // One above the other: the table keeps within a 1280 px wide window.
                    <Stack gap={4}>
                      <Button
                        size="xs"
                        onClick={() => props.onApprove?.(o)}
                        aria-label={t('orderReview.approveLabel', { number: o.OrderNumber })}
                      >
                        {t('orderReview.approve')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        onClick={() => props.onDecline?.(o)}
                        aria-label={t('orderReview.declineLabel', { number: o.OrderNumber })}
                      >
                        {t('orderReview.decline')}
                      </Button>
                    </Stack>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
