import { Badge, Button, Group, Loader, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ExchangeRate, ExchangeRates } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { exchangeRateKeys, useExchangeRates, useUpdateExchangeRates } from '../api/use-exchange-rates';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * #/ExchangeRates: the provider's month-end rates against EUR [A2.33] (decision 0029). Everyone with
 * EXCHANGE_RATE read sees them and which are out of date; provider staff with EXCHANGE_RATE update
 * save the rates of the current month end.
 */
export function ExchangeRatesScreen() {
  const { t } = useTranslation();
  const rates = useExchangeRates();
  const [editing, setEditing] = useState(false);
  const isDenied = rates.error instanceof ApiError && rates.error.status === 403;
  const data = rates.data;
  const outdated = data?.Rates.filter((r) => r.InUse && !r.UpToDate) ?? [];

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('exchangeRates.title')}
        </Title>
        {data?.CanUpdate && (
          <Button onClick={() => setEditing(true)} data-autofocus>
            {t('exchangeRates.update')}
          </Button>
        )}
      </Group>
      {isDenied ? (
        <ReadableAlert color="yellow" role="alert">
          {t('exchangeRates.denied')}
        </ReadableAlert>
      ) : rates.isPending ? (
        <Loader aria-label={t('app.loading')} />
      ) : rates.isError ? (
        <ReadableAlert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('app.loadFailed', { message: rates.error.message })}</Text>
            <Button size="xs" variant="default" onClick={() => rates.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        </ReadableAlert>
      ) : (
        data && (
          <>
            <Text size="sm">{t('exchangeRates.intro', { base: data.BaseCurrency, required: data.RequiredMonthEnd })}</Text>
            {outdated.length > 0 ? (
              <ReadableAlert color="yellow" role="status" data-testid="rates-outdated">
                {t('exchangeRates.outdated', {
                  count: outdated.length,
                  currencies: outdated.map((r) => r.Currency).join(', '),
                  required: data.RequiredMonthEnd,
                })}
              </ReadableAlert>
            ) : (
              <ReadableAlert color="green" role="status" data-testid="rates-current">
                {t('exchangeRates.allCurrent')}
              </ReadableAlert>
            )}
            <RatesTable data={data} />
            {editing && <UpdateRatesModal data={data} onClose={() => setEditing(false)} />}
          </>
        )
      )}
    </Stack>
  );
}

function RatesTable({ data }: { data: ExchangeRates }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped aria-label={t('exchangeRates.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exchangeRates.currency')}</Table.Th>
            <Table.Th style={NOWRAP}>{t('exchangeRates.rate', { base: data.BaseCurrency })}</Table.Th>
            <Table.Th style={NOWRAP}>{t('exchangeRates.monthEnd')}</Table.Th>
            <Table.Th>{t('exchangeRates.status')}</Table.Th>
            <Table.Th>{t('exchangeRates.updated')}</Table.Th>
            <Table.Th>{t('exchangeRates.history')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.Rates.map((r) => (
            <Fragment key={r.Currency}>
              <Table.Tr data-testid={`rate-${r.Currency}`}>
                <Table.Th scope="row">
                  <Group gap="sm" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {r.Currency}
                      </Text>
                      <Text size="sm" fw={400}>
                        {r.DisplayName}
                      </Text>
                    </Stack>
                    {r.InUse && (
                      <Badge
                        variant="outline"
                        color="gray"
                        c="var(--mantine-color-text)"
                        size="sm"
                        style={{ minWidth: 'max-content' }}
                      >
                        {t('exchangeRates.inUse')}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>{r.Rate ?? t('exchangeRates.noRate')}</Table.Td>
                <Table.Td style={NOWRAP}>{r.EffectiveOn ?? '—'}</Table.Td>
                <Table.Td>
                  <StatusBadge rate={r} />
                </Table.Td>
                <Table.Td>
                  {r.UpdatedAt ? (
                    <Text size="sm" style={NOWRAP}>
                      {formatUtcMinute(r.UpdatedAt)}
                      <br />
                      {r.UpdatedBy ?? t('exchangeRates.bySystem')}
                    </Text>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  {r.History.length > 0 ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-expanded={open === r.Currency}
                      aria-controls={`history-${r.Currency}`}
                      onClick={() => setOpen(open === r.Currency ? null : r.Currency)}
                    >
                      {open === r.Currency
                        ? t('exchangeRates.hideHistory', { currency: r.Currency })
                        : t('exchangeRates.showHistory', { currency: r.Currency, count: r.History.length })}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('exchangeRates.noHistory')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              {open === r.Currency && (
                <Table.Tr id={`history-${r.Currency}`}>
                  <Table.Td colSpan={6}>
                    <Table aria-label={t('exchangeRates.historyOf', { currency: r.Currency })} maw={360} withTableBorder>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('exchangeRates.monthEnd')}</Table.Th>
                          <Table.Th>{t('exchangeRates.rate', { base: data.BaseCurrency })}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {r.History.map((h) => (
                          <Table.Tr key={h.EffectiveOn}>
                            <Table.Td>{h.EffectiveOn}</Table.Td>
                            <Table.Td>{h.Rate}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusBadge({ rate }: { rate: ExchangeRate }) {
  const { t } = useTranslation();
  const key = rate.Rate === null ? 'missing' : rate.UpToDate ? 'current' : 'outdated';
  const color = { missing: 'gray', current: 'green', outdated: 'orange' }[key];
  // The text keeps the text colour: a light badge's coloured text fails the WCAG AA contrast ratio.
  return (
    <Badge color={color} variant="light" c="var(--mantine-color-text)" style={{ minWidth: 'max-content' }}>
      {t(`exchangeRates.state.${key}`)}
    </Badge>
  );
}

/** Every currency's rate for the month end a save now is for; a blank field leaves that currency as it is. */
function UpdateRatesModal({ data, onClose }: { data: ExchangeRates; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateExchangeRates();
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(data.Rates.map((r) => [r.Currency, r.Rate ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const conflict = useVersionConflict<ExchangeRates>();
  const queryClient = useQueryClient();
  /** The version the form's values stand on: the one read when it opened, or the one reloaded after a conflict. */
  const [version, setVersion] = useState(data.Version);

  /** Decision 0036: the rates another user saved meanwhile replace what this form shows. */
  const reload = (current: ExchangeRates) => {
    // The table behind the dialog and the fields' "Now ..." lines show them too.
    queryClient.setQueryData(exchangeRateKeys.all, current);
    setValues(Object.fromEntries(current.Rates.map((r) => [r.Currency, r.Rate ?? ''])));
    setVersion(current.Version);
    setErrors({});
    setFormError(null);
    conflict.clear();
  };

  const submit = (over = version) => {
    const rates = data.Rates.filter((r) => (values[r.Currency] ?? '').trim() !== '').map((r) => ({
      currency: r.Currency,
      rate: (values[r.Currency] ?? '').trim(),
    }));
    setErrors({});
    setFormError(null);
    if (rates.length === 0) {
      setFormError(t('exchangeRates.form.empty'));
      return;
    }
    update.mutate(
      { Version: over, rates },
      {
        onSuccess: () => {
          conflict.clear();
          notify({ color: 'green', message: t('exchangeRates.form.saved', { date: data.UpdateFor }) });
          onClose();
        },
        onError: (error) => {
          if (conflict.capture(error)) return;
          const byCurrency: Record<string, string> = {};
          const other: string[] = [];
          for (const e of error instanceof ApiError ? error.fieldErrors : []) {
            const match = /^rates\.(\d+)\./.exec(e.field);
            const currency = match ? rates[Number(match[1])]?.currency : undefined;
            if (currency) byCurrency[currency] = e.message;
            else other.push(e.message);
          }
          setErrors(byCurrency);
          setFormError(other.length > 0 ? other.join(' ') : Object.keys(byCurrency).length > 0 ? null : error.message);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('exchangeRates.form.title', { date: data.UpdateFor })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('exchangeRates.form.close') }}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('exchangeRates.form.intro', { date: data.UpdateFor, base: data.BaseCurrency })}</Text>
          {formError && (
            <ReadableAlert color="red" role="alert">
              {formError}
            </ReadableAlert>
          )}
          {conflict.current && (
            <VersionConflictAlert
              changedBy={conflict.current.UpdatedBy}
              changedAt={conflict.current.UpdatedAt}
              onReload={() => conflict.current && reload(conflict.current)}
              onKeep={() => submit(conflict.current?.Version)}
              busy={update.isPending}
            />
          )}
          {data.Rates.map((r) => (
            <TextInput
              key={r.Currency}
              label={t('exchangeRates.form.rateOf', { currency: r.Currency, name: r.DisplayName, base: data.BaseCurrency })}
              description={
                r.Rate ? t('exchangeRates.form.current', { rate: r.Rate, date: r.EffectiveOn }) : t('exchangeRates.form.none')
              }
              inputMode="decimal"
              value={values[r.Currency] ?? ''}
              error={errors[r.Currency]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [r.Currency]: value }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('exchangeRates.form.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('exchangeRates.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
