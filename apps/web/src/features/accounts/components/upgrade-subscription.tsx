import { Anchor, Badge, Button, Card, Group, Image, Loader, Modal, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { compareAmounts, formatMoney, subtractAmounts, type UpgradeService } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpgradeOptions, useUpgradeSubscription } from '../api/use-upgrade';

export interface UpgradeSubscriptionProps {
  accountId: number;
  /** Link back to the subscription's account page. */
  accountHref: string;
  /** Back to the account page (after an upgrade or on Cancel). */
  onDone: () => void;
}

function ServiceIcon({ src }: { src: string | null }) {
  return src ? <Image src={src} alt="" w={44} h={44} fit="contain" /> : null;
}

/** The difference of a target's monthly price to the current one, as "+€4.00" or "-€1.50"; null when unknown. */
function difference(target: string | null, current: string | null, currency: string | null): string | null {
  if (target === null || current === null) return null;
  const diff = subtractAmounts(target, current);
  if (compareAmounts(diff, '0') === 0) return null;
  const shown = formatMoney(diff.replace('-', ''), currency);
  return compareAmounts(diff, '0') > 0 ? `+${shown}` : `-${shown}`;
}

/**
 * [A2.8] #/upgrade-subscription/{accountId}: the subscription's service, the services it can move to
 * (same vendor and category) with their prices for its quantity, and the confirmed upgrade.
 */
export function UpgradeSubscription(props: UpgradeSubscriptionProps) {
  const { t } = useTranslation();
  const options = useUpgradeOptions(props.accountId);
  const upgrade = useUpgradeSubscription(props.accountId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (options.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('upgrade.loading')}</Text>
      </Group>
    );
  }
  if (options.isError) {
    const e = options.error;
    return (
      <Stack gap="md" maw={960}>
        <Title order={1} size="h2">
          {t('upgrade.title')}
        </Title>
        <ReadableAlert color="red" title={t('upgrade.cannot')} role="alert">
          {e instanceof ApiError && e.status === 404 ? t('upgrade.notFound') : e.message}
        </ReadableAlert>
        <Anchor href={props.accountHref}>{t('upgrade.back')}</Anchor>
      </Stack>
    );
  }

  const data = options.data;
  const target = data.Targets.find((s) => s.ServiceName === chosen) ?? null;
  const money = (amount: string | null) => (amount === null ? t('upgrade.noPrice') : formatMoney(amount, data.Currency));

  const priceLines = (s: UpgradeService, withDifference: boolean) => {
    if (!data.PricesShown) return null;
    const diff = withDifference ? difference(s.Monthly, data.Current.Monthly, data.Currency) : null;
    return (
      <Stack gap={2}>
        <Text fw={600}>{s.Monthly === null ? t('upgrade.noPrice') : t('upgrade.perMonth', { amount: money(s.Monthly) })}</Text>
        {s.Setup !== null && compareAmounts(s.Setup, '0') !== 0 && (
          <Text size="sm">{t('upgrade.setup', { amount: money(s.Setup) })}</Text>
        )}
        {diff && <Text size="sm">{t('upgrade.difference', { amount: diff })}</Text>}
      </Stack>
    );
  };

  const run = () => {
    if (!target) return;
    setError(null);
    upgrade.mutate(target.ServiceName, {
      onSuccess: () => {
        notify({ color: 'green', message: t('upgrade.done', { service: target.DisplayName }) });
        props.onDone();
      },
      onError: (e) => {
        setConfirming(false);
        setError(e instanceof ApiError && e.fieldErrors.length > 0 ? e.fieldErrors.map((f) => f.message).join(' ') : e.message);
      },
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('upgrade.heading', { name: data.DisplayName })}
        </Title>
        <Text c="dimmed" size="sm">
          {data.PricesShown && data.Currency
            ? t('upgrade.summaryWithPrices', { quantity: data.Quantity, currency: data.Currency })
            : t('upgrade.summary', { quantity: data.Quantity })}
        </Text>
      </Stack>

      {error && (
        <ReadableAlert color="red" title={t('upgrade.failed')} role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </ReadableAlert>
      )}

      <section aria-labelledby="upgrade-current">
        <Title order={2} size="h4" id="upgrade-current" mb="xs">
          {t('upgrade.current')}
        </Title>
        <Card withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group align="flex-start" wrap="nowrap">
              <ServiceIcon src={data.Current.Icon} />
              <Stack gap={2}>
                <Text fw={600}>{data.Current.DisplayName}</Text>
                <Text size="sm">{t('upgrade.vendor', { vendor: data.Current.OwnerName })}</Text>
                {data.Current.ShortDescription && <Text size="sm">{data.Current.ShortDescription}</Text>}
              </Stack>
            </Group>
            {priceLines(data.Current, false)}
          </Group>
        </Card>
      </section>

      <section aria-label={t('upgrade.targets')}>
        {data.Targets.length === 0 ? (
          <>
            <Title order={2} size="h4" mb="xs">
              {t('upgrade.targets')}
            </Title>
            <Text>{t('upgrade.empty', { service: data.Current.DisplayName, vendor: data.Current.OwnerName })}</Text>
          </>
        ) : (
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label={t('upgrade.targets')}
            labelProps={{ fz: 'lg', fw: 700, mb: 'xs' }}
          >
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {data.Targets.map((s) => (
                <Radio.Card key={s.ServiceName} value={s.ServiceName} radius="md" p="md" aria-label={s.DisplayName}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Group align="flex-start" wrap="nowrap">
                      <Radio.Indicator />
                      <ServiceIcon src={s.Icon} />
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={600}>{s.DisplayName}</Text>
                          {chosen === s.ServiceName && (
                            <Badge color="blue.9" variant="filled" size="sm">
                              {t('upgrade.selected')}
                            </Badge>
                          )}
                        </Group>
                        {s.ShortDescription && <Text size="sm">{s.ShortDescription}</Text>}
                      </Stack>
                    </Group>
                    {priceLines(s, true)}
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      </section>

      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone}>
          {t('upgrade.cancel')}
        </Button>
        <Button disabled={!target} onClick={() => setConfirming(true)}>
          {t('upgrade.action')}
        </Button>
      </Group>

      {confirming && target && (
        <Modal
          opened
          onClose={() => setConfirming(false)}
          title={t('upgrade.confirmTitle')}
          centered
          closeButtonProps={{ 'aria-label': t('upgrade.close') }}
        >
          <Stack>
            <Text>
              {data.DisplayName === data.Current.DisplayName
                ? t('upgrade.confirmTextSameName', { from: data.Current.DisplayName, to: target.DisplayName })
                : t('upgrade.confirmText', { name: data.DisplayName, from: data.Current.DisplayName, to: target.DisplayName })}
            </Text>
            {data.PricesShown && <Text>{t('upgrade.confirmPrice', { amount: money(target.Monthly) })}</Text>}
            <Text size="sm">{t('upgrade.confirmVendor', { vendor: target.OwnerName })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('upgrade.cancel')}
              </Button>
              <Button onClick={run} loading={upgrade.isPending} data-autofocus>
                {t('upgrade.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
