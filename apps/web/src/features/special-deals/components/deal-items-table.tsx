import { Stack, Table, Text, TextInput } from '@mantine/core';
import { type ChargeStream, type ChargeStreamSubscription, formatMoney } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type DealDraft, itemKey } from '../utils/deal-form';

/** A priced item as a label: its billing rule's description (or Base fee) and its charge type. */
export function ruleLabel(t: TFunction, line: ChargeStreamSubscription['PriceableItem']) {
  return t('specialDeals.items.ruleLabel', {
    description: line.Description || t('specialDeals.items.baseFee'),
    chargeType: t(`specialDeals.chargeType.${line.ChargeType}`, { defaultValue: line.ChargeType }),
  });
}

export interface DealItemsTableProps {
  stream: ChargeStream;
  draft: DealDraft;
  caption: string;
  errorOf: (key: string) => string | undefined;
  onChange: (key: string, value: string) => void;
}

/**
 * [A2.49] [A3.6] The priced items of a charge stream: billing rule, charge type, listed price (a percent is taken
 * off it), actual price, protected or advance
 * price, the current discount, and the custom price (6 decimals) or percentage discount (2 decimals) [A5.3].
 */
export function DealItemsTable({ stream, draft, caption, errorOf, onChange }: DealItemsTableProps) {
  const { t } = useTranslation();
  if (stream.Subscriptions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('specialDeals.items.empty')}
      </Text>
    );
  const money = (amount: string | null, currency: string) => (amount === null ? '—' : formatMoney(amount, currency));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('specialDeals.items.rule')}</Table.Th>
            <Table.Th>{t('specialDeals.items.chargeType')}</Table.Th>
            <Table.Th>{t('specialDeals.items.listedPrice')}</Table.Th>
            <Table.Th>{t('specialDeals.items.actualPrice')}</Table.Th>
            <Table.Th>{t('specialDeals.items.otherPrice')}</Table.Th>
            <Table.Th>{t('specialDeals.items.current')}</Table.Th>
            <Table.Th>{t(draft.percentMode ? 'specialDeals.items.percent' : 'specialDeals.items.customPrice')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stream.Subscriptions.map((line) => {
            const key = itemKey(line.PriceableItem.PriceableItemId, line.ActualPrice.Currency);
            const rule = ruleLabel(t, line.PriceableItem);
            const other = [line.ProtectedPrice, line.AdvancePrice].filter((p) => p !== undefined);
            return (
              <Table.Tr key={key}>
                <Table.Td>{line.PriceableItem.Description || t('specialDeals.items.baseFee')}</Table.Td>
                <Table.Td>
                  {t(`specialDeals.chargeType.${line.PriceableItem.ChargeType}`, { defaultValue: line.PriceableItem.ChargeType })}
                </Table.Td>
                <Table.Td>{money(line.ListedPrice.Charge, line.ListedPrice.Currency)}</Table.Td>
                <Table.Td>{money(line.ActualPrice.Charge, line.ActualPrice.Currency)}</Table.Td>
                <Table.Td>
                  {other.length === 0 ? (
                    '—'
                  ) : (
                    <Stack gap={2}>
                      {other.map((p) => (
                        <Text size="sm" key={p.Description}>
                          {t('specialDeals.items.priceWithNote', { price: money(p.Charge, p.Currency), note: p.Description })}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  {line.DiscountDetails
                    ? t('specialDeals.items.priceWithNote', {
                        price: money(line.DiscountDetails.Price, line.ActualPrice.Currency),
                        note: line.DiscountDetails.Description,
                      })
                    : t('specialDeals.items.none')}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    inputMode="decimal"
                    w={150}
                    aria-label={t(draft.percentMode ? 'specialDeals.items.percentFor' : 'specialDeals.items.customFor', {
                      rule,
                    })}
                    rightSection={draft.percentMode ? '%' : line.ActualPrice.Currency}
                    rightSectionWidth={draft.percentMode ? undefined : 44}
                    value={draft.values[key] ?? ''}
                    onChange={(e) => onChange(key, e.currentTarget.value)}
                    error={errorOf(key)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
