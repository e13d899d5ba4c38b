import { Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
 * off it), actual price, protected or advance price, the current discount, and the custom price (6 decimals) or
 * percentage discount (2 decimals) [A5.3]. A table; on a phone, one card per item.
 */
export function DealItemsTable({ stream, draft, caption, errorOf, onChange }: DealItemsTableProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  if (stream.Subscriptions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('specialDeals.items.empty')}
      </Text>
    );
  if (isPhone)
    return (
      <Stack gap="xs" component="ul" aria-label={caption} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {stream.Subscriptions.map((line) => {
          const key = itemKey(line.PriceableItem.PriceableItemId, line.ActualPrice.Currency);
          return (
            <Paper component="li" withBorder p="xs" key={key}>
              <Text size="sm" fw={600}>
                {ruleLabel(t, line.PriceableItem)}
              </Text>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={2} my={6}>
                <PhoneFact
                  term={t('specialDeals.items.listedPrice')}
                  value={money(line.ListedPrice.Charge, line.ListedPrice.Currency)}
                />
                <PhoneFact
                  term={t('specialDeals.items.actualPrice')}
                  value={money(line.ActualPrice.Charge, line.ActualPrice.Currency)}
                />
                <PhoneFact term={t('specialDeals.items.otherPrice')} value={otherPrices(t, line)} />
                <PhoneFact term={t('specialDeals.items.current')} value={current(t, line)} />
              </SimpleGrid>
              <ItemInput line={line} draft={draft} error={errorOf(key)} onChange={(v) => onChange(key, v)} />
            </Paper>
          );
        })}
      </Stack>
    );
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
            return (
              <Table.Tr key={key}>
                <Table.Td>{line.PriceableItem.Description || t('specialDeals.items.baseFee')}</Table.Td>
                <Table.Td>
                  {t(`specialDeals.chargeType.${line.PriceableItem.ChargeType}`, { defaultValue: line.PriceableItem.ChargeType })}
                </Table.Td>
                <Table.Td>{money(line.ListedPrice.Charge, line.ListedPrice.Currency)}</Table.Td>
                <Table.Td>{money(line.ActualPrice.Charge, line.ActualPrice.Currency)}</Table.Td>
                <Table.Td>{otherPrices(t, line)}</Table.Td>
                <Table.Td>{current(t, line)}</Table.Td>
                <Table.Td>
                  <ItemInput line={line} draft={draft} error={errorOf(key)} onChange={(v) => onChange(key, v)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const money = (amount: string | null, currency: string) => (amount === null ? '—' : formatMoney(amount, currency));

/** The protected and the advance price of a fee, when given. */
function otherPrices(t: TFunction, line: ChargeStreamSubscription) {
  const other = [line.ProtectedPrice, line.AdvancePrice].filter((p) => p !== undefined);
  if (other.length === 0) return '—';
  return other
    .map((p) => t('specialDeals.items.priceWithNote', { price: money(p.Charge, p.Currency), note: p.Description }))
    .join('; ');
}

/** What the active deal or the company discount makes of the price now. */
function current(t: TFunction, line: ChargeStreamSubscription) {
  return line.DiscountDetails
    ? t('specialDeals.items.priceWithNote', {
        price: money(line.DiscountDetails.Price, line.ActualPrice.Currency),
        note: line.DiscountDetails.Description,
      })
    : t('specialDeals.items.none');
}

function PhoneFact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {term}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** [A5.3] The custom price (6 decimals) or percentage discount (2 decimals) of one fee, per the pricing mode. */
function ItemInput(props: {
  line: ChargeStreamSubscription;
  draft: DealDraft;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { line, draft } = props;
  const key = itemKey(line.PriceableItem.PriceableItemId, line.ActualPrice.Currency);
  const rule = ruleLabel(t, line.PriceableItem);
  return (
    <TextInput
      size="xs"
      inputMode="decimal"
      w={150}
      aria-label={t(draft.percentMode ? 'specialDeals.items.percentFor' : 'specialDeals.items.customFor', { rule })}
      rightSection={draft.percentMode ? '%' : line.ActualPrice.Currency}
      rightSectionWidth={draft.percentMode ? undefined : 44}
      value={draft.values[key] ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  );
}
