import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, ORDERS_READ_CAPABILITY_KEYS, type OrderDetail } from '@portal/contracts';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useOrder } from '../api/use-orders';
import { FactsTable } from './facts-table';
import { ApproveOrderModal, DeclineOrderModal } from './order-review-modals';
import { OrderStatusBadge } from './order-status-badge';

export interface OrderDetailScreenProps {
  orderNumber: string;
  hrefForAccount: (id: number) => string;
  hrefForOrders: () => string;
}

/** yyyy-MM-dd HH:mm of an ISO time, UTC. */
const utc = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** Decision 0045: #/Orders/{orderNumber}, one order: what it charged, its fees, its history and its provisioning. */
export function OrderDetailScreen({ orderNumber, hrefForAccount, hrefForOrders }: OrderDetailScreenProps) {
  const { t } = useTranslation();
  const query = useOrder(orderNumber);
  const denied = query.error instanceof ApiError && query.error.status === 403;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Stack gap="md">
      <Anchor href={hrefForOrders()} size="sm">
        {t('orderDetail.back')}
      </Anchor>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-label={t('app.loading')} />
          <Text size="sm">{t('app.loading')}</Text>
        </Group>
      ) : denied ? (
        <NoAccess needs={ORDERS_READ_CAPABILITY_KEYS} />
      ) : query.isError ? (
        <ReadableAlert color={missing ? 'yellow' : 'red'} role="alert" title={t('orderDetail.title', { number: orderNumber })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{missing ? t('orderDetail.missing') : t('app.loadFailed', { message: query.error.message })}</Text>
            {!missing && (
              <Button size="xs" variant="default" onClick={() => query.refetch()}>
                {t('app.retry')}
              </Button>
            )}
          </Stack>
        </ReadableAlert>
      ) : (
        <OrderDetails order={query.data} hrefForAccount={hrefForAccount} />
      )}
    </Stack>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  const id = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function OrderDetails({ order, hrefForAccount }: { order: OrderDetail; hrefForAccount: (id: number) => string }) {
  const { t } = useTranslation();
  const [review, setReview] = useState<'approve' | 'decline' | null>(null);
  const money = (amount: string | null) => (amount === null ? t('orders.noPrice') : formatMoney(amount, order.Currency));
  const facts: [string, React.ReactNode][] = [
    [t('orderDetail.placed'), utc(order.PlacedAt)],
    [t('orderDetail.kind'), t(`orderDetail.kinds.${order.Kind}`)],
    [
      t('orderDetail.customer'),
      order.Customer ? (
        <Anchor key="customer" href={hrefForAccount(order.Customer.AccountId)} size="sm">
          {order.Customer.DisplayName}
        </Anchor>
      ) : (
        '—'
      ),
    ],
    ...(order.Reseller ? ([[t('orderDetail.reseller'), order.Reseller]] as [string, React.ReactNode][]) : []),
    [
      t('orderDetail.subscription'),
      <Fragment key="subscription">
        <Anchor href={hrefForAccount(order.AccountId)} size="sm">
          {order.AccountDisplayName}
        </Anchor>
        {order.AccountState !== 'Active' && (
          <Text
            span
            size="sm"
            c="dimmed"
          >{` (${t(`orderDetail.accountStates.${order.AccountState}`, { defaultValue: order.AccountState })})`}</Text>
        )}
      </Fragment>,
    ],
    [t('orderDetail.service'), order.Service],
    [t('orderDetail.quantity'), String(order.Quantity)],
    ...(order.Previous
      ? ([
          [
            t('orderDetail.before'),
            t('orderDetail.beforeText', {
              service: order.Previous.ServiceName,
              quantity: order.Previous.Quantity ?? '—',
              monthly: money(order.Previous.MonthlyTotal),
            }),
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <Stack gap="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {t('orderDetail.title', { number: order.OrderNumber })}
        </Title>
        <OrderStatusBadge status={order.Status} reviewReason={order.ReviewReason} />
        {order.Kind !== 'New' && (
          <Badge variant="outline" color="gray" c="var(--mantine-color-text)">
            {t(`orderDetail.kinds.${order.Kind}`)}
          </Badge>
        )}
      </Group>
      {order.CanDecide && (
        <Group gap="sm">
          <Button onClick={() => setReview('approve')}>{t('orderReview.approve')}</Button>
          <Button variant="outline" color="red.9" onClick={() => setReview('decline')}>
            {t('orderReview.decline')}
          </Button>
        </Group>
      )}
      <FactsTable rows={facts} label={t('orderDetail.facts')} labelWidth="35%" maw={640} />
      <Section title={t('orderDetail.amounts')} testId="order-amounts">
        {order.Charges ? (
          <ChargeSummaryTable charges={order.Charges} label={t('orderDetail.amounts')} />
        ) : (
          <Text size="sm">
            {t('orderDetail.totalsOnly', { monthly: money(order.MonthlyTotal), setup: money(order.SetupTotal) })}
          </Text>
        )}
      </Section>
      <Section title={t('orderDetail.lines')} testId="order-lines">
        {order.Lines.length === 0 ? (
          <Text size="sm">{t('orderDetail.noLines')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('orderDetail.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orderDetail.fee')}</Table.Th>
                  <Table.Th>{t('orderDetail.chargeType')}</Table.Th>
                  <Table.Th ta="right">{t('orderDetail.units')}</Table.Th>
                  <Table.Th ta="right">{t('orderDetail.unitPrice')}</Table.Th>
                  <Table.Th ta="right">{t('orderDetail.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.Lines.map((l, i) => (
                  // Lines are stored in the service's fee order and never reordered.
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
                  <Table.Tr key={i}>
                    <Table.Td>
                      {l.Description}
                      {l.AdvanceMonths ? (
                        <Text size="xs" c="dimmed">
                          {t('pricePreview.prepaid', { count: l.AdvanceMonths })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{t(`pricePreview.chargeTypes.${l.ChargeType}`)}</Table.Td>
                    <Table.Td ta="right">{l.Units}</Table.Td>
                    <Table.Td ta="right">{money(l.UnitPrice)}</Table.Td>
                    <Table.Td ta="right">{money(l.Total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={t('orderDetail.history')} testId="order-history">
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('orderDetail.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orderDetail.event')}</Table.Th>
                <Table.Th>{t('orderDetail.when')}</Table.Th>
                <Table.Th>{t('orderDetail.by')}</Table.Th>
                <Table.Th>{t('orderDetail.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.History.map((e) => (
                <Table.Tr key={e.Event}>
                  <Table.Td>
                    {t(
                      e.Event === 'UnderReview' && order.ReviewReason
                        ? `orderDetail.reviewEvents.${order.ReviewReason}`
                        : `orderDetail.events.${e.Event}`,
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{utc(e.At)}</Table.Td>
                  <Table.Td>{e.By ?? t(e.Event === 'UnderReview' ? 'orderDetail.byLimit' : 'orderDetail.byNobody')}</Table.Td>
                  <Table.Td>{e.Reason ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={t('orderDetail.provisioning')} testId="order-provisioning">
        {order.Provisioning.length === 0 ? (
          <Text size="sm">
            {order.Status === 'UnderReview' ? t('orderDetail.noProvisioningYet') : t('orderDetail.noProvisioning')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t('orderDetail.provisioning')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orderDetail.request')}</Table.Th>
                  <Table.Th>{t('orderDetail.action')}</Table.Th>
                  <Table.Th>{t('orderDetail.requestStatus')}</Table.Th>
                  <Table.Th>{t('orderDetail.created')}</Table.Th>
                  <Table.Th>{t('orderDetail.finished')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.Provisioning.map((r) => (
                  <Table.Tr key={r.Id}>
                    <Table.Td>{r.Id}</Table.Td>
                    <Table.Td>{r.Action}</Table.Td>
                    <Table.Td>{t(`provisioning.status.${r.Status}`, { defaultValue: r.Status })}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{utc(r.CreatedAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.FinishedAt ? utc(r.FinishedAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      {review === 'approve' && <ApproveOrderModal order={order} onClose={() => setReview(null)} />}
      {review === 'decline' && <DeclineOrderModal order={order} onClose={() => setReview(null)} />}
    </Stack>
  );
}
