import { List, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, type OperationOutput, type ValidateCreateOrderBottleneck } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { OrderCreditSummary } from './order-credit-summary';

/** [A2.41] Order review: the new subscription's fees as priced for its values, and whether it waits for review. */
export function StepReview(props: {
  review: OperationOutput<typeof ValidateCreateOrderBottleneck>;
  serviceName: string;
  /** [A4.10] [A5.8] The scheduled provisioning date as typed (yyyy-MM-dd HH:mm, UTC), and its message. */
  scheduledDate: string;
  scheduledError: string | null;
  onScheduledDate: (text: string) => void;
  onScheduledBlur: () => void;
}) {
  const { t } = useTranslation();
  const { review } = props;
  const money = (amount: string | null) =>
    amount === null ? t('accountCreate.review.noPrice') : formatMoney(amount, review.Currency);
  return (
    <Stack>
      <Text>{t('accountCreate.review.intro', { name: props.serviceName })}</Text>
      <Table striped withTableBorder aria-label={t('accountCreate.review.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accountCreate.review.fee')}</Table.Th>
            <Table.Th>{t('accountCreate.review.chargeType')}</Table.Th>
            <Table.Th>{t('accountCreate.review.units')}</Table.Th>
            {review.PricesShown && <Table.Th>{t('accountCreate.review.unitPrice')}</Table.Th>}
            {review.PricesShown && <Table.Th>{t('accountCreate.review.total')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {review.Lines.map((line) => (
            <Table.Tr key={`${line.Description}|${line.ChargeType}|${line.Units}|${line.UnitPrice ?? ''}`}>
              <Table.Td>{line.Description}</Table.Td>
              <Table.Td>{line.ChargeType}</Table.Td>
              <Table.Td>{line.Units}</Table.Td>
              {review.PricesShown && <Table.Td>{money(line.UnitPrice)}</Table.Td>}
              {review.PricesShown && <Table.Td>{money(line.Total)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
      {review.PricesShown &&
        (review.Charges ? (
          // Issue 15: what the first invoice holds (advance payment included), as the order records it.
          <ChargeSummaryTable charges={review.Charges} label={t('accountCreate.review.charges')} />
        ) : (
          <Text fw={500} data-testid="review-totals">
            {t('accountCreate.review.totals', { monthly: money(review.Monthly), setup: money(review.Setup) })}
          </Text>
        ))}
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
