import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatMoney, ORDER_DECLINE_REASON_MAX, type OrderSummary } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useApproveOrder, useDeclineOrder } from '../api/use-order-review';
import { FactsTable } from './facts-table';

const errorText = (error: Error | null) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);

/** What is being decided: order number, company, service and the first amounts. */
function OrderFacts({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const money = (amount: string | null) => (amount === null ? t('orderReview.noPrice') : formatMoney(amount, order.Currency));
  const rows: [string, string][] = [
    [t('orderReview.number'), order.OrderNumber],
    [t('orderReview.company'), order.Company || t('orderReview.noCompany')],
    [t('orderReview.service'), order.Service],
    // Issue 15: with the order's charge summary the amounts are shown below, advance payment included.
    ...(order.Charges
      ? []
      : ([
          [t('orderReview.monthly'), money(order.MonthlyTotal)],
          [t('orderReview.setup'), money(order.SetupTotal)],
        ] as [string, string][])),
  ];
  return <FactsTable rows={rows} label={t('orderReview.facts')} labelWidth="40%" />;
}

/** The order's facts and, when it recorded them, its charges (what its first invoice holds). */
function OrderFactsAndCharges({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <OrderFacts order={order} />
      {order.Charges && <ChargeSummaryTable charges={order.Charges} label={t('orderReview.charges')} />}
    </>
  );
}

/** Decision 0032: confirms approving an order under review; the service is provisioned afterwards. */
export function ApproveOrderModal(props: { order: OrderSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const approve = useApproveOrder();
  const error = errorText(approve.error);
  const handleApprove = () =>
    approve.mutate(props.order.OrderNumber, {
      onSuccess: () => {
        notify({ color: 'green', message: t('orderReview.approved', { number: props.order.OrderNumber }) });
        props.onClose();
      },
    });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('orderReview.approveTitle', { number: props.order.OrderNumber })}
      centered
      closeButtonProps={{ 'aria-label': t('orderReview.close') }}
    >
      <Stack>
        <OrderFactsAndCharges order={props.order} />
        <Text size="sm">{t('orderReview.approveText')}</Text>
        {error && (
          <ReadableAlert color="red" role="alert" title={t('orderReview.failed')}>
            {error}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('orderReview.cancel')}
          </Button>
          <Button onClick={handleApprove} loading={approve.isPending} data-autofocus>
            {t('orderReview.confirmApprove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Decision 0032: declines an order under review with a required reason (1..500 characters, trimmed). */
export function DeclineOrderModal(props: { order: OrderSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const decline = useDeclineOrder();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const length = [...reason.trim()].length;
  const localError =
    length === 0
      ? t('orderReview.reasonRequired')
      : length > ORDER_DECLINE_REASON_MAX
        ? t('orderReview.reasonTooLong', { max: ORDER_DECLINE_REASON_MAX })
        : null;
  const serverField =
    decline.error instanceof ApiError ? decline.error.fieldErrors.find((f) => f.field === 'reason')?.message : undefined;
  const fieldError = (touched ? localError : null) ?? serverField ?? null;
  const error = serverField ? null : errorText(decline.error);
  const handleDecline = () => {
    setTouched(true);
    if (localError) return;
    decline.mutate(
      { orderNumber: props.order.OrderNumber, reason },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('orderReview.declined', { number: props.order.OrderNumber }) });
          props.onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('orderReview.declineTitle', { number: props.order.OrderNumber })}
      centered
      closeButtonProps={{ 'aria-label': t('orderReview.close') }}
    >
      <Stack>
        <OrderFactsAndCharges order={props.order} />
        <Text size="sm">{t('orderReview.declineText')}</Text>
        <Textarea
          label={t('orderReview.reason')}
          description={t('orderReview.reasonCount', { count: length, max: ORDER_DECLINE_REASON_MAX })}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={fieldError}
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
        />
        {error && (
          <ReadableAlert color="red" role="alert" title={t('orderReview.failed')}>
            {error}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('orderReview.cancel')}
          </Button>
          <Button color="red.9" onClick={handleDecline} loading={decline.isPending}>
            {t('orderReview.confirmDecline')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
