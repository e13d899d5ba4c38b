import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSaveDiscounts, useServiceDiscounts } from '../api/use-discounts';
import { DiscountCard } from './discount-card';
import { ServiceSearchPanel } from './service-search-panel';

export interface DiscountTabProps {
  accountId: number;
}

/**
 * [A2.24] [A2.48] The Discount tab of a company or reseller: its per-service discounts as cards, and Add service
 * discount, which opens the search panel (filter bar, service tiles, pager, Done). Adding a service saves an empty
 * discount (it changes no price) whose card then takes the percent or special prices.
 */
export function DiscountTab({ accountId }: DiscountTabProps) {
  const { t } = useTranslation();
  const query = useServiceDiscounts(accountId);
  const save = useSaveDiscounts(accountId);
  const [searching, setSearching] = useState(false);
  const data = query.data;

  if (query.isError && !data) return <Alert color="red">{query.error.message}</Alert>;
  if (!data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const full = data.Items.length >= data.MaxDiscounts;
  const addError =
    save.error instanceof ApiError ? save.error.fieldErrors.map((e) => e.message).join(' ') || save.error.message : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t('discounts.title')}
        </Title>
        {data.CanUpdate && (
          <Button onClick={() => setSearching(true)} disabled={full || searching}>
            {t('discounts.add')}
          </Button>
        )}
      </Group>
      {full && data.CanUpdate && <Text size="sm">{t('discounts.full', { max: data.MaxDiscounts })}</Text>}
      {addError && <Alert color="red">{addError}</Alert>}
      {searching && (
        <ServiceSearchPanel
          accountId={accountId}
          adding={save.isPending}
          onPick={(productName) => save.mutate([{ ProductName: productName, PercentMode: true, DiscountItems: [] }])}
          onDone={() => setSearching(false)}
        />
      )}
      {data.Items.length === 0 ? (
        <Text c="dimmed">{t('discounts.empty')}</Text>
      ) : (
        <Stack gap="md">
          {data.Items.map((discount) => (
            <DiscountCard
              key={`${discount.Id}-${discount.Version}`}
              accountId={accountId}
              discount={discount}
              canUpdate={data.CanUpdate}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
