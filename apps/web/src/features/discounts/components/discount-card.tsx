import {
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  checkDiscountDates,
  type Discount,
  discountItemKey,
  discountPeriodState,
  type FieldError,
  formatMoney,
  isoToDiscountDate,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { fileUrl } from '../../../lib/file-url';
import { useSaveDiscounts } from '../api/use-discounts';
import { CARD_ICON_SIZE } from '../utils/service-tile';

interface Row {
  isCustom: boolean;
  percent: string;
  custom: string;
}

function rowsOf(discount: Discount): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const line of discount.BillingLines) {
    const key = discountItemKey(line.PriceableItemId, line.Currency);
    const item = discount.DiscountItems.find((i) => discountItemKey(i.PriceableItemId, i.Currency) === key);
    rows[key] = {
      isCustom: item?.IsCustomCharge ?? false,
      percent: item?.Discount ?? '',
      custom: item?.CustomCharge ?? '',
    };
  }
  return rows;
}

/**
 * [A2.48] [A9.3] One discount: the service icon (110 px), owner and name, Edit and Remove (after a confirmation), the
 * percentage-discount toggle, percent-to-all, and the table of billing rule, my charge and discount or special price.
 */
export function DiscountCard({ accountId, discount, canUpdate }: { accountId: number; discount: Discount; canUpdate: boolean }) {
  const { t } = useTranslation();
  const save = useSaveDiscounts(accountId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [percentMode, setPercentMode] = useState(discount.PercentMode);
  const [rows, setRows] = useState(() => rowsOf(discount));
  const [toAll, setToAll] = useState('');
  const [start, setStart] = useState(() => isoToDiscountDate(discount.EffectiveStartDate));
  const [end, setEnd] = useState(() => (discount.EffectiveEndDate ? isoToDiscountDate(discount.EffectiveEndDate) : ''));
  const [dateErrors, setDateErrors] = useState<FieldError[]>([]);
  const headingId = `discount-${discount.Id}`;
  const period = discountPeriodState(discount.EffectiveStartDate, discount.EffectiveEndDate, new Date());

  const fieldErrors = [...dateErrors, ...(save.error instanceof ApiError ? save.error.fieldErrors : [])];
  const dateError = (field: 'EffectiveStartDate' | 'EffectiveEndDate') =>
    fieldErrors.find((e) => e.field === `Discounts[0].${field}`)?.message;
  const keys = discount.BillingLines.map((l) => discountItemKey(l.PriceableItemId, l.Currency));
  const sent = keys.filter((k) => {
    const r = rows[k];
    return r && (percentMode || !r.isCustom ? r.percent : r.custom).trim() !== '';
  });
  const errorOf = (key: string) => {
    const i = sent.indexOf(key);
    return i < 0 ? undefined : fieldErrors.find((e) => e.field.startsWith(`Discounts[0].DiscountItems[${i}]`))?.message;
  };
  const otherErrors = fieldErrors
    .filter((e) => !e.field.includes('DiscountItems[') && !e.field.includes('.Effective'))
    .map((e) => e.message);
  const update = (key: string, patch: Partial<Row>) =>
    setRows((r) => ({ ...r, [key]: { ...(r[key] ?? { isCustom: false, percent: '', custom: '' }), ...patch } }));

  const submit = () => {
    const dates = checkDiscountDates(start, end);
    setDateErrors(dates.ok ? [] : dates.errors);
    if (!dates.ok) return;
    save.mutate(
      [
        {
          Id: discount.Id,
          Version: discount.Version,
          ProductName: discount.ProductName,
          Description: discount.Description,
          PercentMode: percentMode,
          EffectiveStartDate: dates.start,
          EffectiveEndDate: dates.end,
          DiscountItems: sent.map((k) => {
            const [PriceableItemId = '', Currency = ''] = k.split('|');
            const r = rows[k] as Row;
            const custom = !percentMode && r.isCustom;
            return {
              PriceableItemId,
              Currency,
              IsCustomCharge: custom,
              Discount: custom ? null : r.percent.trim(),
              CustomCharge: custom ? r.custom.trim() : null,
            };
          }),
        },
      ],
      { onSuccess: () => setEditing(false) },
    );
  };

  const shown = (k: string) => {
    const r = rows[k];
    if (!r) return '';
    if (!discount.PercentMode && r.isCustom)
      return r.custom === '' ? '' : formatMoney(r.custom, discount.BillingLines[0]?.Currency);
    return r.percent === '' ? '' : `${r.percent} %`;
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" mb="sm">
        <Group wrap="nowrap">
          <Avatar
            src={fileUrl(discount.ServiceInfo.Icon)}
            size={CARD_ICON_SIZE}
            radius="sm"
            alt=""
            aria-hidden
            data-testid="service-icon"
          >
            {discount.ServiceInfo.DisplayName.slice(0, 1)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text id={headingId} fw={600}>
              {discount.ServiceInfo.DisplayName}
            </Text>
            <Text size="sm" c="dimmed">
              {discount.ServiceInfo.OwnerName}
            </Text>
          </div>
        </Group>
        {canUpdate && !editing && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => setEditing(true)}
              aria-label={t('discounts.editService', { name: discount.ServiceInfo.DisplayName })}
            >
              {t('discounts.edit')}
            </Button>
            <Button
              variant="default"
              c="red.9"
              size="xs"
              onClick={() => setConfirming(true)}
              aria-label={t('discounts.removeService', { name: discount.ServiceInfo.DisplayName })}
            >
              {t('discounts.remove')}
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="xs" mb="sm" wrap="wrap">
        <Text size="sm">
          {discount.EffectiveEndDate
            ? t('discounts.period.fromUntil', {
                start: isoToDiscountDate(discount.EffectiveStartDate),
                end: isoToDiscountDate(discount.EffectiveEndDate),
              })
            : t('discounts.period.from', { start: isoToDiscountDate(discount.EffectiveStartDate) })}
        </Text>
        <Badge variant="default" radius="sm">
          {t(`discounts.period.${period}`)}
        </Badge>
      </Group>
      {editing && (
        <Stack gap="sm" mb="sm">
          <Group align="start" wrap="wrap">
            <TextInput
              type="date"
              label={t('discounts.startDate')}
              value={start}
              onChange={(e) => {
                setStart(e.currentTarget.value);
                setDateErrors([]);
              }}
              error={dateError('EffectiveStartDate')}
              required
              w={200}
            />
            <TextInput
              type="date"
              label={t('discounts.endDate')}
              description={t('discounts.endDateHint')}
              value={end}
              onChange={(e) => {
                setEnd(e.currentTarget.value);
                setDateErrors([]);
              }}
              error={dateError('EffectiveEndDate')}
              w={200}
            />
          </Group>
          <Switch
            label={t('discounts.percentMode')}
            checked={percentMode}
            onChange={(e) => setPercentMode(e.currentTarget.checked)}
          />
          <Group align="end" wrap="wrap">
            <TextInput
              label={t('discounts.percentToAll')}
              value={toAll}
              onChange={(e) => setToAll(e.currentTarget.value)}
              rightSection="%"
              w={180}
              inputMode="decimal"
            />
            <Button
              variant="default"
              onClick={() => {
                for (const k of keys) update(k, { percent: toAll.trim(), isCustom: false });
              }}
              disabled={toAll.trim() === ''}
            >
              {t('discounts.applyToAll')}
            </Button>
          </Group>
        </Stack>
      )}
      {discount.BillingLines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('discounts.noFees')}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={420}
          // On a phone the table scrolls sideways: its viewport takes the keyboard focus so the arrows scroll it.
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, 'aria-label': t('discounts.table.label', { name: discount.ServiceInfo.DisplayName }) },
          }}
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('discounts.table.rule')}</Table.Th>
                <Table.Th>{t('discounts.table.myCharge')}</Table.Th>
                <Table.Th>{t('discounts.table.discount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {discount.BillingLines.map((line) => {
                const key = discountItemKey(line.PriceableItemId, line.Currency);
                const row = rows[key] ?? { isCustom: false, percent: '', custom: '' };
                const rule = `${t(`discounts.chargeType.${line.ChargeType}`, { defaultValue: line.ChargeType })}${line.Description ? ` (${line.Description})` : ''}`;
                const custom = !percentMode && row.isCustom;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>{rule}</Table.Td>
                    <Table.Td>{line.MyCharge === null ? '—' : formatMoney(line.MyCharge, line.Currency)}</Table.Td>
                    <Table.Td>
                      {editing ? (
                        <Stack gap={4}>
                          {!percentMode && (
                            <SegmentedControl
                              size="xs"
                              value={row.isCustom ? 'custom' : 'percent'}
                              onChange={(v) => update(key, { isCustom: v === 'custom' })}
                              data={[
                                { value: 'percent', label: t('discounts.modePercent') },
                                { value: 'custom', label: t('discounts.modeCustom') },
                              ]}
                              aria-label={t('discounts.modeFor', { rule })}
                            />
                          )}
                          <TextInput
                            size="xs"
                            inputMode="decimal"
                            aria-label={custom ? t('discounts.customFor', { rule }) : t('discounts.percentFor', { rule })}
                            rightSection={custom ? line.Currency : '%'}
                            rightSectionWidth={custom ? 44 : undefined}
                            value={custom ? row.custom : row.percent}
                            onChange={(e) =>
                              update(key, custom ? { custom: e.currentTarget.value } : { percent: e.currentTarget.value })
                            }
                            error={errorOf(key)}
                          />
                        </Stack>
                      ) : (
                        shown(key) || (
                          <Text c="dimmed" size="sm">
                            {t('discounts.none')}
                          </Text>
                        )
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <Stack gap="xs" mt="sm">
          {otherErrors.length > 0 && <Alert color="red">{otherErrors.join(' ')}</Alert>}
          {save.isError && fieldErrors.length === 0 && <Alert color="red">{save.error.message}</Alert>}
          <Group justify="end">
            <Button
              variant="default"
              onClick={() => {
                setEditing(false);
                setRows(rowsOf(discount));
                setPercentMode(discount.PercentMode);
                setStart(isoToDiscountDate(discount.EffectiveStartDate));
                setEnd(discount.EffectiveEndDate ? isoToDiscountDate(discount.EffectiveEndDate) : '');
                setDateErrors([]);
                save.reset();
              }}
            >
              {t('discounts.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('discounts.save')}
            </Button>
          </Group>
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('discounts.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('discounts.confirmClose') }}
      >
        <Text size="sm">{t('discounts.confirmText', { name: discount.ServiceInfo.DisplayName })}</Text>
        {save.isError && (
          <Alert color="red" mt="sm">
            {save.error.message}
          </Alert>
        )}
        <Group justify="end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('discounts.confirmNo')}
          </Button>
          <Button
            color="red"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                [{ Id: discount.Id, Version: discount.Version, ProductName: discount.ProductName, Status: 'Deleted' }],
                { onSuccess: () => setConfirming(false) },
              )
            }
          >
            {t('discounts.confirmYes')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
