import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ChargeStream, formatMoney, type SpecialDealHistoryEntry } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtcMinute } from '../../../lib/format-time';
import { itemKey, validUntilDate } from '../utils/deal-form';
import { ruleLabel } from './deal-items-table';

/**
 * [A2.49] [A3.6] [A4.5] The history of the deals on a charge stream, newest first: the action (Activated, Modified,
 * Removed special deal, Expired), its author and date, the comments, valid-until and items it had.
 */
export function DealHistory({ stream, history }: { stream: ChargeStream; history: SpecialDealHistoryEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lines = new Map(
    stream.Subscriptions.map((l) => [itemKey(l.PriceableItem.PriceableItemId, l.ActualPrice.Currency), l.PriceableItem]),
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h6" id={headingId}>
        {t('specialDeals.history.title')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('specialDeals.history.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {history.map((entry) => (
            <Paper component="li" withBorder p="xs" key={`${entry.CreatedDate}-${entry.ActionTaken}`}>
              <Text size="sm" fw={600}>
                {t('specialDeals.history.entryTitle', {
                  action: t(`specialDeals.history.action.${entry.ActionTaken}`, { defaultValue: entry.ActionTaken }),
                  date: formatUtcMinute(entry.CreatedDate),
                })}
              </Text>
              <Stack gap={0} component="dl" m={0}>
                <Fact term={t('specialDeals.history.author')}>{entry.Author?.DisplayName ?? '—'}</Fact>
                <Fact term={t('specialDeals.history.validUntil')}>
                  {entry.EffectiveEndDate ? validUntilDate(entry.EffectiveEndDate) : t('specialDeals.noEndDate')}
                </Fact>
                <Fact term={t('specialDeals.history.comments')}>{entry.Comments || t('specialDeals.history.noComments')}</Fact>
                <Fact term={t('specialDeals.history.items')}>
                  {entry.DiscountItems.length === 0
                    ? t('specialDeals.history.noItems')
                    : entry.DiscountItems.map((item) => {
                        const line = lines.get(itemKey(item.PriceableItemId, item.Currency));
                        const rule = line ? ruleLabel(t, line) : item.PriceableItemId;
                        return item.IsCustomCharge
                          ? t('specialDeals.history.itemCustom', {
                              rule,
                              price: formatMoney(item.CustomCharge ?? '0', item.Currency),
                            })
                          : t('specialDeals.history.itemPercent', { rule, percent: item.Discount ?? '0' });
                      }).join('; ')}
                </Fact>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      <Text component="dt" size="sm" c="dimmed" display="inline">
        {term}:
      </Text>{' '}
      <Text component="dd" size="sm" display="inline" m={0}>
        {children}
      </Text>
    </Text>
  );
}
