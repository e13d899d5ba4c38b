import { Table, Text } from '@mantine/core';
import { type ChargeSummary, compareAmounts, formatMoney } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * What an order charges (issue 15, decision 0045), the same block wherever it is shown: the order review,
 * the success screen, the review of an order under review, an order's page and a subscription's price
 * preview. The amounts come from the server's one charge summary; this only formats them ([M9.3]).
 */
export function ChargeSummaryTable({ charges, label }: { charges: ChargeSummary; label?: string }) {
  const { t } = useTranslation();
  const money = (amount: string | null) => (amount === null ? t('chargeSummary.noPrice') : formatMoney(amount, charges.Currency));
  const prepaid = charges.AdvanceMonths.length > 0;
  const months = charges.AdvanceMonths.join(', ');
  // "1 month" for a single one-month period; any other list reads "months" ("3, 12 months").
  const monthsCount = charges.AdvanceMonths.length === 1 ? (charges.AdvanceMonths[0] as number) : charges.AdvanceMonths.length;
  const rows: { key: string; label: string; value: string; strong?: boolean }[] = [
    { key: 'monthly', label: t('chargeSummary.monthly'), value: money(charges.Monthly) },
    { key: 'setup', label: t('chargeSummary.setup'), value: money(charges.Setup) },
    ...(prepaid
      ? [
          {
            key: 'advance',
            label: t('chargeSummary.advance', { count: monthsCount, months }),
            value: money(charges.AdvanceDueNow),
          },
          // Only when some monthly fee is not prepaid: its first month is invoiced too.
          ...(charges.MonthlyDueNow === null || compareAmounts(charges.MonthlyDueNow, '0') !== 0
            ? [{ key: 'monthlyDueNow', label: t('chargeSummary.monthlyDueNow'), value: money(charges.MonthlyDueNow) }]
            : []),
        ]
      : []),
    { key: 'firstInvoice', label: t('chargeSummary.firstInvoice'), value: money(charges.FirstInvoice), strong: true },
  ];
  return (
    <Table
      withTableBorder
      verticalSpacing={4}
      maw={480}
      aria-label={label ?? t('chargeSummary.table')}
      data-testid="charge-summary"
    >
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} data-testid={`charge-${r.key}`}>
            <Table.Th scope="row" fw={r.strong ? 700 : 500}>
              {r.label}
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text span fw={r.strong ? 700 : undefined} size="sm">
                {r.value}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {prepaid && <Table.Caption ta="left">{t('chargeSummary.prepaidNote', { count: monthsCount, months })}</Table.Caption>}
    </Table>
  );
}
