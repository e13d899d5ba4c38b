import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { compareAmounts, formatMoney, type OrderCredit } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Decision 0046: the customer's credit in an order review: its limit, what is already open against it (the first
 * invoices of its orders under review), this order's first invoice and by how much they go over the limit; without
 * a limit, what the reseller's setting makes of the order. Shown only when the review gives a Credit block (the
 * viewer holds FIELDS_CREDITLIMIT read and sees prices). Used by the creation wizard's review and the ordering wizard's.
 */
export function OrderCreditSummary({ credit }: { credit: OrderCredit }) {
  const { t } = useTranslation();
  const titleId = useId();
  const money = (amount: string | null) =>
    amount === null ? t('credit.order.unknown') : formatMoney(amount, credit.Currency, { zero: 'amount' });
  const isOver = credit.Over !== null && compareAmounts(credit.Over, '0') > 0;
  return (
    <Paper withBorder p="sm" data-testid="order-credit">
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('credit.order.title')}
        </Title>
        {credit.Limit === null ? (
          <Text size="sm">{t(`credit.order.withoutLimit.${credit.OrdersWithoutLimit}`)}</Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={4} aria-labelledby={titleId} maw={480}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  {t('credit.order.limit')}
                </Table.Th>
                <Table.Td ta="right">{money(credit.Limit)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  {t('credit.order.open')}
                </Table.Th>
                <Table.Td ta="right">{money(credit.Open)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  {t('credit.order.thisOrder')}
                </Table.Th>
                <Table.Td ta="right">{money(credit.ThisOrder)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={700}>
                  {isOver || credit.Over === null ? t('credit.order.over') : t('credit.order.within')}
                </Table.Th>
                <Table.Td ta="right" fw={700} c={isOver ? 'red.9' : undefined} data-testid="order-credit-over">
                  {isOver || credit.Over === null ? money(credit.Over) : '✓'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
