import { List, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, type OperationOutput, type ValidateCreateOrderBottleneck } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { OrderCreditSummary } from './order-credit-summary';

type Review = OperationOutput<typeof ValidateCreateOrderBottleneck>;

/**
 * [A2.41] Order review: the new subscription's fees as priced for its values, and whether it waits for review.
 * The ordering wizard's review [M2.48] is the `order` variant: a heading, the customer above, the table with
 * Details, Price and Total grouped by service (the service and its dependency), monthly and setup totals.
 * [M6.10] The reseller purchase price and margin show when the server gives them.
 */
export function StepReview(props: {
  review: Review;
  serviceName: string;
  /** [A4.10] [A5.8] The scheduled provisioning date as typed (yyyy-MM-dd HH:mm, UTC), and its message. */
  scheduledDate: string;
  scheduledError: string | null;
  onScheduledDate: (text: string) => void;
  onScheduledBlur: () => void;
  variant?: 'create' | 'order';
  /** The `order` variant: what is shown above the table (the customer). */
  header?: ReactNode;
  /** The `order` variant: display names of the services the lines price, by ServiceName. */
  serviceNames?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const { review } = props;
  const isOrder = props.variant === 'order';
  const money = (amount: string | null) =>
    amount === null ? t('accountCreate.review.noPrice') : formatMoney(amount, review.Currency);
  const services = [...new Set(review.Lines.map((line) => line.ServiceName))];
  const grouped = isOrder && services.length > 1;
  const hasSetup = review.Setup !== null && Number(review.Setup) !== 0;
  return (
    <Stack>
      {isOrder ? (
        <Title order={3} size="h4">
          {t('ordering.review.title', { service: props.serviceName })}
        </Title>
      ) : (
        <Text>{t('accountCreate.review.intro', { name: props.serviceName })}</Text>
      )}
      {props.header}
      <Table.ScrollContainer minWidth={isOrder ? 320 : 560}>
        <Table striped withTableBorder aria-label={t('accountCreate.review.table')}>
          <Table.Thead>
            {isOrder ? (
              <Table.Tr>
                <Table.Th>{t('ordering.review.details')}</Table.Th>
                {review.PricesShown && <Table.Th ta="right">{t('ordering.review.price')}</Table.Th>}
                {review.PricesShown && <Table.Th ta="right">{t('accountCreate.review.total')}</Table.Th>}
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Th>{t('accountCreate.review.fee')}</Table.Th>
                <Table.Th>{t('accountCreate.review.chargeType')}</Table.Th>
                <Table.Th>{t('accountCreate.review.units')}</Table.Th>
                {review.PricesShown && <Table.Th>{t('accountCreate.review.unitPrice')}</Table.Th>}
                {review.PricesShown && <Table.Th>{t('accountCreate.review.total')}</Table.Th>}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {(grouped ? services : [null]).flatMap((service) => [
              grouped && service !== null ? (
                <Table.Tr key={`service|${service}`}>
                  <Table.Th scope="rowgroup" colSpan={review.PricesShown ? 3 : 1}>
                    {props.serviceNames?.[service] ?? service}
                  </Table.Th>
                </Table.Tr>
              ) : null,
              ...review.Lines.filter((line) => service === null || line.ServiceName === service).map((line) =>
                isOrder ? (
                  <Table.Tr
                    key={`${line.ServiceName}|${line.Description}|${line.ChargeType}|${line.Units}|${line.UnitPrice ?? ''}`}
                  >
                    <Table.Td>
                      {line.Description}
                      <Text span size="xs" c="dimmed">
                        {` · ${line.ChargeType} · ${t('ordering.review.units', { units: line.Units })}`}
                      </Text>
                    </Table.Td>
                    {review.PricesShown && <Table.Td ta="right">{money(line.UnitPrice)}</Table.Td>}
                    {review.PricesShown && <Table.Td ta="right">{money(line.Total)}</Table.Td>}
                  </Table.Tr>
                ) : (
                  <Table.Tr key={`${line.Description}|${line.ChargeType}|${line.Units}|${line.UnitPrice ?? ''}`}>
                    <Table.Td>{line.Description}</Table.Td>
                    <Table.Td>{line.ChargeType}</Table.Td>
                    <Table.Td>{line.Units}</Table.Td>
                    {review.PricesShown && <Table.Td>{money(line.UnitPrice)}</Table.Td>}
                    {review.PricesShown && <Table.Td>{money(line.Total)}</Table.Td>}
                  </Table.Tr>
                ),
              ),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {review.UnpricedFields.length > 0 && (
        // Issue 15: a number field no fee reads is said to change nothing paid, not left to look priced.
        <List size="sm" aria-label={t('accountCreate.review.unpricedFields')} data-testid="review-unpriced">
          {review.UnpricedFields.map((f) => (
            <List.Item key={f.FieldId}>
              {t('accountCreate.review.unpriced', { field: f.DisplayName, value: f.Value || '—' })}
            </List.Item>
          ))}
        </List>
      )}
      {review.PricesShown && isOrder && (
        // [M2.48] The monthly total, and the setup total when there is one.
        <Stack gap={2} data-testid="review-totals">
          <Text fw={600}>{t('ordering.review.monthlyTotal', { amount: money(review.Monthly) })}</Text>
          {hasSetup && <Text fw={500}>{t('ordering.review.setupTotal', { amount: money(review.Setup) })}</Text>}
        </Stack>
      )}
      {review.PricesShown &&
        (review.Charges ? (
          // Issue 15: what the first invoice holds (advance payment included), as the order records it.
          <ChargeSummaryTable charges={review.Charges} label={t('accountCreate.review.charges')} />
        ) : (
          !isOrder && (
            <Text fw={500} data-testid="review-totals">
              {t('accountCreate.review.totals', { monthly: money(review.Monthly), setup: money(review.Setup) })}
            </Text>
          )
        ))}
      {review.Purchase && (
        // [M6.10] What the reseller pays for it, and the margin left per month.
        <Text size="sm" data-testid="purchase-price">
          {t(Number(review.Purchase.Setup) === 0 ? 'ordering.review.purchaseMonthly' : 'ordering.review.purchase', {
            monthly: formatMoney(review.Purchase.Monthly, review.Purchase.Currency),
            setup: formatMoney(review.Purchase.Setup, review.Purchase.Currency),
            margin: formatMoney(review.Purchase.GrossMarginMonthly, review.Purchase.Currency),
          })}
        </Text>
      )}
      <TextInput
        label={t('accountCreate.review.schedule')}
        description={t('accountCreate.review.scheduleHint')}
        placeholder="yyyy-MM-dd HH:mm"
        value={props.scheduledDate}
        error={props.scheduledError}
        onChange={(e) => props.onScheduledDate(e.currentTarget.value)}
        onBlur={props.onScheduledBlur}
        maw={320}
      />
      {review.Credit && <OrderCreditSummary credit={review.Credit} />}
      {review.AboveCreditLimit && (
        <ReadableAlert
          color="yellow"
          role="status"
          title={review.Credit?.Limit === null ? t('credit.order.reviewTitle') : t('accountCreate.underReview.title')}
        >
          {t('accountCreate.review.aboveLimit')}
        </ReadableAlert>
      )}
    </Stack>
  );
}
