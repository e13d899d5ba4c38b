import { Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { isPriceText, type MarketplaceServicePrices, normalizePrice, priceFromPerMonth, pricePerMonth } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { notify } from '../../../../lib/notify';
import { useServicePrices, useUpdateServicePrices } from '../../api/prices/use-prices';
import { PriceListConflictAlert, priceListConflictOf } from '../price-list-conflict';

export interface EditServicePricesWindowProps {
  marketplaceId: number;
  serviceId: number;
  /** The service's name, for the title while its prices load. */
  displayName: string;
  opened: boolean;
  onClose: () => void;
  onSaved?: () => void;
}

const cellKey = (ruleId: string, currency: string) => `${ruleId}|${currency}`;

/** The typed per-month own prices of a service, by fee and currency ('' = sell at the SRP). */
function initialValues(data: MarketplaceServicePrices): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of data.Billing) {
    for (const c of rule.Charges) {
      out[cellKey(rule.RuleId, c.Currency)] =
        c.CustomPrice === null ? '' : pricePerMonth(c.CustomPrice, rule.AdvancePaymentPeriodInMonths);
    }
  }
  return out;
}

/**
 * [M2.25] [M3.18] [M5.11] Edit prices for one service (1325x560 [M9.11]): per fee and currency the list's own
 * price next to the suggested retail and purchase prices, all per month (a prepaid fee's prices divided by its
 * advance months, multiplied back on save); the price protection override with its length in days (at least 0).
 */
export function EditServicePricesWindow(props: EditServicePricesWindowProps) {
  const { t } = useTranslation();
  const query = useServicePrices(props.marketplaceId, props.serviceId, props.opened);
  const saver = useUpdateServicePrices();
  const data = query.data;
  const [values, setValues] = useState<Record<string, string>>({});
  const [override, setOverride] = useState(false);
  const [days, setDays] = useState<number | string>('');

  useEffect(() => {
    if (!data) return;
    setValues(initialValues(data));
    setOverride(data.OverridePriceProtection);
    setDays(data.PriceProtectionLengthInDays ?? '');
  }, [data]);

  const invalid = Object.entries(values).filter(([, v]) => v.trim() !== '' && !isPriceText(v));
  const daysInvalid = override && (days === '' || Number(days) < 0 || !Number.isInteger(Number(days)));

  const close = () => {
    saver.reset();
    props.onClose();
  };

  const save = async (version?: number) => {
    if (!data || invalid.length > 0 || daysInvalid) return;
    const charges = data.Billing.flatMap((rule) =>
      rule.Charges.flatMap((c) => {
        const typed = (values[cellKey(rule.RuleId, c.Currency)] ?? '').trim();
        const next = typed === '' ? null : priceFromPerMonth(typed, rule.AdvancePaymentPeriodInMonths, c.CustomPrice);
        const before = c.CustomPrice === null ? null : normalizePrice(c.CustomPrice);
        return next === before ? [] : [{ RuleId: rule.RuleId, Currency: c.Currency, CustomPrice: next }];
      }),
    );
    try {
      await saver.mutateAsync({
        marketplaceId: props.marketplaceId,
        serviceId: props.serviceId,
        version: version ?? data.Version,
        OverridePriceProtection: override,
        PriceProtectionLengthInDays: override ? Number(days) : null,
        Charges: charges,
      });
      notify({ color: 'green', message: t('prices.service.saved', { name: data.DisplayName }) });
      props.onSaved?.();
      close();
    } catch {
      // The error shows in the window.
    }
  };

  const perMonth = (price: string | null, months: number | null) =>
    price === null ? t('prices.none') : pricePerMonth(price, months);

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('prices.service.title', { name: data?.DisplayName ?? props.displayName })}
      size={1325}
      centered
      closeButtonProps={{ 'aria-label': t('prices.close') }}
      styles={{ body: { minHeight: 560 - 60 } }}
    >
      <Stack>
        {query.isLoading && <Text size="sm">{t('prices.loading')}</Text>}
        {query.error && (
          <ReadableAlert color="red" role="alert" title={t('prices.loadFailed')}>
            {query.error.message}
          </ReadableAlert>
        )}
        {data && (
          <>
            {data.IsAutoSrpSyncEnabled && (
              <ReadableAlert color="yellow" title={t('prices.service.syncTitle')}>
                {t('prices.service.syncText')}
              </ReadableAlert>
            )}
            {data.PricingMode === 'dynamic' && (
              <ReadableAlert color="yellow" title={t('prices.service.dynamicTitle')}>
                {t('prices.service.dynamicText')}
              </ReadableAlert>
            )}
            {data.Billing.length === 0 ? (
              <Text size="sm">{t('prices.service.noFees')}</Text>
            ) : (
              <ScrollArea.Autosize mah={330} type="auto" viewportProps={{ tabIndex: 0 }}>
                <Table striped stickyHeader aria-label={t('prices.service.tableLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('prices.col.fee')}</Table.Th>
                      <Table.Th>{t('prices.col.priceableItem')}</Table.Th>
                      <Table.Th>{t('prices.col.advance')}</Table.Th>
                      <Table.Th>{t('prices.col.currency')}</Table.Th>
                      <Table.Th ta="right">{t('prices.col.purchase')}</Table.Th>
                      <Table.Th ta="right">{t('prices.col.srp')}</Table.Th>
                      <Table.Th>{t('prices.col.custom')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.Billing.flatMap((rule) =>
                      rule.Charges.map((c) => {
                        const key = cellKey(rule.RuleId, c.Currency);
                        const value = values[key] ?? '';
                        const isBad = value.trim() !== '' && !isPriceText(value);
                        return (
                          <Table.Tr key={key}>
                            <Table.Td>{rule.Description}</Table.Td>
                            <Table.Td>{rule.PriceableItem}</Table.Td>
                            <Table.Td>
                              {rule.AdvancePaymentPeriodInMonths
                                ? t('prices.service.months', { count: rule.AdvancePaymentPeriodInMonths })
                                : ''}
                            </Table.Td>
                            <Table.Td>{c.Currency}</Table.Td>
                            <Table.Td ta="right">{perMonth(c.PurchasePrice, rule.AdvancePaymentPeriodInMonths)}</Table.Td>
                            <Table.Td ta="right">{perMonth(c.SuggestedRetailPrice, rule.AdvancePaymentPeriodInMonths)}</Table.Td>
                            <Table.Td>
                              <TextInput
                                aria-label={t('prices.service.customLabel', {
                                  fee: rule.Description,
                                  item: rule.PriceableItem,
                                  currency: c.Currency,
                                })}
                                placeholder={t('prices.service.atSrp')}
                                value={value}
                                onChange={(e) => {
                                  const next = e.currentTarget.value;
                                  setValues((v) => ({ ...v, [key]: next }));
                                }}
                                error={isBad ? t('prices.service.badPrice') : undefined}
                                w={160}
                              />
                            </Table.Td>
                          </Table.Tr>
                        );
                      }),
                    )}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            <Text size="xs" c="dimmed">
              {t('prices.service.perMonthHint')}
            </Text>
            <Group align="flex-end">
              <Checkbox
                label={t('prices.service.override')}
                checked={override}
                onChange={(e) => setOverride(e.currentTarget.checked)}
              />
              <NumberInput
                label={t('prices.service.days')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                disabled={!override}
                value={days}
                onChange={setDays}
                error={daysInvalid ? t('prices.service.badDays') : undefined}
                w={240}
              />
            </Group>
            {/* Reload reads the prices as saved now (the form takes them); keep saves these over them. */}
            <PriceListConflictAlert mutation={saver} onKeep={(version) => void save(version)} />
            {saver.error && !priceListConflictOf(saver.error) && (
              <ReadableAlert color="red" role="alert" title={t('prices.service.saveFailed')}>
                {saver.error.message}
              </ReadableAlert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('prices.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saver.isPending} disabled={!data || invalid.length > 0 || daysInvalid}>
            {t('prices.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
