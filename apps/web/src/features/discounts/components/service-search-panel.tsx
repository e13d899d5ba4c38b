import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DISCOUNT_SEARCH_LIMIT, DISCOUNT_SEARCH_PAGE_SIZES, formatMoney, type SearchService } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';
import { useDiscountSearchVendors, useDiscountServiceSearch } from '../api/use-discounts';
import { cutServiceName, SEARCH_ICON_SIZE } from '../utils/service-tile';

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
 * [A9.3] A tile's service name: over 49 characters, its first 46 and "…" on screen; the whole name stays in the
 * title (on hover) and is what a screen reader reads.
 */
function ServiceName({ name }: { name: string }) {
  const shown = cutServiceName(name);
  if (shown === name) return <Text fw={600}>{name}</Text>;
  return (
    <Text fw={600} title={name}>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </Text>
  );
}

/**
 * [A2.48] [A3.8] [A9.3] The add-service search (Source AvailableServicesForAccountDiscount [A7.6]): a filter bar
 * (name and vendor), service tiles with each fee's price and what we pay, a pager with 10 or 20 services a page (10
 * at first) and Done. A tile shows the icon at 60 px and a long name cut; a service that already has a discount is
 * marked.
 */
export function ServiceSearchPanel({ accountId, adding, onPick, onDone }: ServiceSearchPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [vendor, setVendor] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DISCOUNT_SEARCH_LIMIT);
  const search = useDiscountServiceSearch(accountId, text, vendor === null ? null : Number(vendor), page, limit);
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
                  <Avatar src={fileUrl(s.Icon)} size={SEARCH_ICON_SIZE} radius="sm" alt="" aria-hidden data-testid="service-icon">
                    {s.DisplayName.slice(0, 1)}
                  </Avatar>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <ServiceName name={s.DisplayName} />
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
      {data && data.Total > 0 && (
        <Group justify="space-between" align="end" mt="md" wrap="wrap">
          <Select
            label={t('discounts.search.pageSize')}
            value={String(limit)}
            onChange={(v) => {
              if (!v) return;
              setLimit(Number(v));
              setPage(1);
            }}
            data={DISCOUNT_SEARCH_PAGE_SIZES.map((n) => String(n))}
            allowDeselect={false}
            w={100}
            size="xs"
          />
          {pages > 1 && (
            <Group component="nav" aria-label={t('discounts.search.pager')} gap="xs">
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
        </Group>
      )}
    </Paper>
  );
}
