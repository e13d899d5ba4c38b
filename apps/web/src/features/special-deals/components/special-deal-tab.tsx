import { Button, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { chargeStreamHistory } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useChargeStreams, useReloadSpecialDeals, useSpecialDeals } from '../api/use-special-deals';
import { SpecialDealPanel } from './special-deal-panel';

export interface SpecialDealTabProps {
  /** The Product account (subscription). */
  accountId: number;
}

/**
 * [A2.25] [A2.49] The Special Deal tab of a subscription: one panel per charge stream the viewer sells on (its seller
 * company and marketplace), with the priced items, valid-until, activate / save changes / undo / remove and the
 * history (decision 0049).
 *
 * Where the spec is silent: a new deal starts in custom-price mode (the switch's first choice); the priced items start
 * expanded when the subscription has one stream; Save changes is enabled only while modified; a 409 says someone else
 * changed the deal and reads the deals again (the panel then shows the saved values); the valid-until choices are
 * shown as the UTC date of each month's end; the shared checks (checkSpecialDealChange) run before sending.
 */
export function SpecialDealTab({ accountId }: SpecialDealTabProps) {
  const { t } = useTranslation();
  const streams = useChargeStreams(accountId);
  const deals = useSpecialDeals(accountId);
  const reload = useReloadSpecialDeals(accountId);
  const [conflict, setConflict] = useState(false);

  if ((streams.isError && !streams.data) || (deals.isError && !deals.data))
    return (
      // [A8.6]
      <ReadableAlert color="red" role="alert" title={t('specialDeals.loadError')}>
        <Button
          size="xs"
          variant="default"
          mt="xs"
          loading={streams.isFetching || deals.isFetching}
          onClick={() => {
            void streams.refetch();
            void deals.refetch();
          }}
        >
          {t('specialDeals.retry')}
        </Button>
      </ReadableAlert>
    );
  if (!streams.data || !deals.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const allDeals = deals.data.Deals;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h4">
          {t('specialDeals.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('specialDeals.intro')}
        </Text>
      </div>
      {conflict && (
        <ReadableAlert color="yellow" role="alert">
          <Group justify="space-between" wrap="nowrap" align="start">
            <Text size="sm">{t('specialDeals.conflict')}</Text>
            <CloseButton size="sm" aria-label={t('specialDeals.conflictDismiss')} onClick={() => setConflict(false)} />
          </Group>
        </ReadableAlert>
      )}
      {streams.data.Items.length === 0 ? (
        <Text>{t('specialDeals.empty')}</Text>
      ) : (
        streams.data.Items.map((stream) => {
          const deal = allDeals.find((d) => d.ChargeStreamId === stream.ChargeStreamId && d.Status === 'Active') ?? null;
          return (
            <SpecialDealPanel
              // A saved change starts the panel again from the saved deal.
              key={`${stream.ChargeStreamId}-${deal?.Id ?? 0}-${deal?.Version ?? 0}`}
              accountId={accountId}
              stream={stream}
              deal={deal}
              history={chargeStreamHistory(allDeals, stream.ChargeStreamId)}
              expanded={streams.data.Items.length === 1}
              onSaved={() => setConflict(false)}
              onConflict={() => {
                setConflict(true);
                void reload();
              }}
            />
          );
        })
      )}
    </Stack>
  );
}
