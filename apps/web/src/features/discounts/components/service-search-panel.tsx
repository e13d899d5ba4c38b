import { Alert, Button, Group, Image, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, type SearchService } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscountSearchVendors, useDiscountServiceSearch } from '../api/use-discounts';

export interface ServiceSearchPanelProps {
  accountId: number;
  adding: boolean;
  onPick: (productName: string) => void;
  onDone: () => void;
}

/** [A3.8] A tile's fees: the account's price and, when known, what we pay for it. */
function Fees({ service }: { service: SearchService }) {
  const { t } = useTranslation();
  const fees = service.DiscountBilling ?? [];
  if (fees.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('discounts.search.noFees')}
      </Text>
    );
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {fees.flatMap((fee) =>
        fee.Charges.map((charge) => {
          const rule = `${t(`discounts.chargeType.${fee.ChargeType}`, { defaultValue: fee.ChargeType })}${fee.Description ? ` (${fee.Description})` : ''}`;
          const price = charge.CustomPrice === null ? '—' : formatMoney(charge.CustomPrice, charge.Currency);
          return (
            <Text component="li" size="sm" key={`${fee.PriceableItemId}|${charge.Currency}`}>
              {charge.PurchasePrice === null
                ? t('discounts.search.fee', { rule, price })
                : t('discounts.search.feeCost', { rule, price, cost: formatMoney(charge.PurchasePrice, charge.Currency) })}
            </Text>
          );
        }),
      )}
    </Stack>
  );
}

/**
 * [A2.48] [A3.8] The add-service search (Source AvailableServicesForAccountDiscount [A7.6]): a filter bar (name and
 * vendor), service tiles with each fee's price and what we pay, a pager and Done. A service that already has a
 * discount is marked on its tile.
 */
export function ServiceSearchPanel({ accountId, adding, onPick, onDone }: ServiceSearchPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [vendor, setVendor] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const search = useDiscountServiceSearch(accountId, text, vendor === null ? null : Number(vendor), page);
  const vendors = useDiscountSearchVendors(accountId);
  const data = search.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.Limit)) : 1;

  return (
    <Paper withBorder p="md" component="section" aria-label={t('discounts.search.label')}>
      <Group align="end" mb="md" wrap="wrap">
        <TextInput
          label={t('discounts.search.filter')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label={t('discounts.search.vendor')}
          placeholder={t('discounts.search.allVendors')}
          data={(vendors.data?.Vendors ?? []).map((v) => ({
            value: String(v.OwnerAccountId),
            label: `${v.OwnerAccountName} (${v.Count})`,
          }))}
          value={vendor}
          onChange={(v) => {
            setVendor(v);
            setPage(1);
          }}
          clearable
          disabled={vendors.isError}
          style={{ minWidth: 200 }}
        />
        <Button variant="default" onClick={onDone}>
          {t('discounts.search.done')}
        </Button>
      </Group>
      {search.isError && <Alert color="red">{search.error.message}</Alert>}
      {!data ? (
        !search.isError && <Loader size="sm" aria-label={t('app.loading')} />
      ) : data.Services.length === 0 ? (
        <Text c="dimmed">{t('discounts.search.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy={search.isFetching}>
          {data.Services.map((s) => {
            const has = (s.ActiveDiscountId ?? null) !== null;
            return (
              <Paper key={s.Id} withBorder p="sm" component="article" aria-label={s.DisplayName}>
                <Group wrap="nowrap" align="start">
                  {s.Icon && <Image src={s.Icon} alt="" w={32} h={32} fit="contain" />}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} lineClamp={2}>
                      {s.DisplayName}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {s.OwnerAccountName}
                    </Text>
                  </div>
                </Group>
                <Stack gap="xs" mt="xs">
                  <Fees service={s} />
                  <Button
                    size="xs"
                    variant="default"
                    disabled={has || adding}
                    onClick={() => onPick(s.ServiceName)}
                    aria-label={t('discounts.search.addService', { name: s.DisplayName })}
                    style={{ alignSelf: 'start' }}
                  >
                    {has ? t('discounts.search.added') : t('discounts.search.add')}
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {data && pages > 1 && (
        <Group component="nav" aria-label={t('discounts.search.pager')} gap="xs" mt="md" justify="center">
          <Button variant="default" size="xs" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {t('discounts.search.previous')}
          </Button>
          <Text size="sm" aria-current="page">
            {t('discounts.search.position', { page, pages })}
          </Text>
          <Button variant="default" size="xs" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            {t('discounts.search.next')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
