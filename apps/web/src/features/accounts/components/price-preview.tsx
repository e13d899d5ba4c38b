import { Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type Account,
  type AccountPricePreview,
  formatMoney,
  type PricePreviewLine,
  type PricePreviewTotal,
} from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { usePricePreview } from '../api/use-price-preview';

/**
 * [A2.34] [A6.17] The price preview block of a Product account. The page shows it only when the server
 * says the caller may (Permissions.CanSeePricePreview); purchase prices and gross margin appear only
 * when the server included them (BILLING_SHOWPRODUCTPRICE_MARGIN read). Money per [M9.3].
 */
export function PricePreview({ account }: { account: Account }) {
  const { t } = useTranslation();
  const headingId = useId();
  const product = account.Views.Product?.Values;
  // Priced again when the saved quantity, service or service fields change (decision 0079: a field may be a fee's units).
  const service = account.Views.Service?.Values;
  const query = usePricePreview(account.AccountIdentificator, [
    product?.Quantity ?? null,
    product?.ProductName ?? null,
    service ? JSON.stringify(service) : null,
  ]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="price-preview">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('pricePreview.title')}
        </Title>
        {query.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-label={t('pricePreview.loading')} />
            <Text size="sm">{t('pricePreview.loading')}</Text>
          </Group>
        ) : query.isError ? (
          <ReadableAlert color="red" role="alert" title={t('pricePreview.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{query.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => query.refetch()}>
                {t('app.retry')}
              </Button>
            </Stack>
          </ReadableAlert>
        ) : (
          <PriceDetails preview={query.data} />
        )}
      </Stack>
    </Paper>
  );
}

function PriceDetails({ preview }: { preview: AccountPricePreview }) {
  const { t } = useTranslation();
  const currency = preview.Currency;
  const margin = preview.Margin;
  const purchaseCurrency = margin?.PurchaseCurrency ?? currency;
  /** Set when the purchase prices are converted into the customer's currency (decision 0029). */
  const rate = margin?.ExchangeRate ?? null;
  const selling = (amount: string | null) =>
    amount === null ? t('pricePreview.noPrice', { currency }) : formatMoney(amount, currency);

  const service = (
    <Text size="sm">
      {t('pricePreview.service')}: <strong>{preview.ServiceDisplayName ?? preview.ServiceName ?? '—'}</strong>
      {' · '}
      {t('pricePreview.quantity')}: <strong>{preview.Quantity}</strong>
    </Text>
  );

  if (preview.Outcome === 'ConfigurationError') {
    return (
      <>
        {service}
        <ReadableAlert color="red" role="alert" title={t('pricePreview.configurationErrorTitle')}>
          <Text size="sm">{preview.Error?.Message}</Text>
          {preview.Error && <Text size="sm">{t('pricePreview.configurationErrorField', { field: preview.Error.FieldId })}</Text>}
        </ReadableAlert>
      </>
    );
  }
  if (preview.Outcome === 'ServiceNotFound') {
    return (
      <>
        {service}
        <ReadableAlert color="yellow" role="status">
          {t('pricePreview.serviceNotFound', { service: preview.ServiceName ?? '—' })}
        </ReadableAlert>
      </>
    );
  }

  const feeOf = (line: PricePreviewLine) =>
    line.Condition ? `${line.Condition.FieldDisplayName} = ${line.Condition.Value}` : t('pricePreview.baseFee');
  const unitsOf = (line: PricePreviewLine) =>
    line.UnitField ? t('pricePreview.unitsOf', { units: line.Units, field: line.UnitField.FieldDisplayName }) : line.Units;
  // A margin of zero is no margin, not a free item: it keeps the amount format of [M9.3] rather than FREE.
  const marginText = (amount: string | null | undefined) => {
    if (amount === null || amount === undefined) return '—';
    if (Number(amount) !== 0) return formatMoney(amount, currency);
    return currency === 'EUR' ? '€0.00' : `0.00 ${currency}`;
  };

  const totalRow = (label: string, total: PricePreviewTotal, testId: string) => (
    <Table.Tr key={testId} data-testid={testId}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{selling(total.Total)}</Table.Td>
      {margin && <Table.Td>{formatMoney(total.PurchaseTotal ?? '0', purchaseCurrency)}</Table.Td>}
      {rate && <Table.Td>{formatMoney(total.ConvertedPurchaseTotal ?? '0', currency)}</Table.Td>}
      {margin && <Table.Td>{marginText(total.GrossMargin)}</Table.Td>}
    </Table.Tr>
  );

  return (
    <>
      {service}
      {preview.MissingRetailPrice && (
        <ReadableAlert color="yellow" role="status">
          {t('pricePreview.missingRetailPrice', { currency })}
        </ReadableAlert>
      )}
      {preview.Lines.length === 0 ? (
        <Text size="sm">{t('pricePreview.noFees')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={margin ? 860 : 560}>
          <Table striped aria-label={t('pricePreview.linesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pricePreview.fee')}</Table.Th>
                <Table.Th>{t('pricePreview.chargeType')}</Table.Th>
                <Table.Th>{t('pricePreview.units')}</Table.Th>
                <Table.Th>{t('pricePreview.unitPrice')}</Table.Th>
                <Table.Th>{t('pricePreview.total')}</Table.Th>
                {margin && <Table.Th>{t('pricePreview.purchaseUnitPrice')}</Table.Th>}
                {margin && <Table.Th>{t('pricePreview.purchaseTotal')}</Table.Th>}
                {margin && <Table.Th>{t('pricePreview.grossMargin')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.Lines.map((line, i) => (
                // Lines have no id of their own; their order is the service's fee order.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <Table.Tr key={i}>
                  <Table.Td>
                    {feeOf(line)}
                    {line.AdvanceMonths ? (
                      <Text size="xs" c="dimmed">
                        {t('pricePreview.prepaid', { count: line.AdvanceMonths })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{t(`pricePreview.chargeTypes.${line.ChargeType}`)}</Table.Td>
                  <Table.Td>{unitsOf(line)}</Table.Td>
                  <Table.Td>{selling(line.UnitPrice)}</Table.Td>
                  <Table.Td>{selling(line.Total)}</Table.Td>
                  {margin && <Table.Td>{formatMoney(line.PurchaseUnitPrice ?? '0', purchaseCurrency)}</Table.Td>}
                  {margin && <Table.Td>{formatMoney(line.PurchaseTotal ?? '0', purchaseCurrency)}</Table.Td>}
                  {margin && <Table.Td>{marginText(line.GrossMargin)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Table withTableBorder aria-label={t('pricePreview.totalsTable')} maw={rate ? 800 : margin ? 640 : 400}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pricePreview.totals')}</Table.Th>
            <Table.Th>{t('pricePreview.price')}</Table.Th>
            {margin && <Table.Th>{t('pricePreview.purchase')}</Table.Th>}
            {rate && <Table.Th>{t('pricePreview.convertedPurchase', { currency })}</Table.Th>}
            {margin && <Table.Th>{t('pricePreview.grossMargin')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totalRow(t('pricePreview.monthlyTotal'), preview.Monthly, 'price-monthly-total')}
          {totalRow(t('pricePreview.setupTotal'), preview.Setup, 'price-setup-total')}
          {preview.PrepaidAdvance && totalRow(t('pricePreview.prepaidAdvance'), preview.PrepaidAdvance, 'price-prepaid-advance')}
          {preview.Charges && (
            // Issue 15: the first invoice of the charge summary, the amount the order review and the order show.
            <Table.Tr data-testid="price-first-invoice">
              <Table.Th scope="row">{t('pricePreview.firstInvoice')}</Table.Th>
              <Table.Td>{selling(preview.Charges.FirstInvoice)}</Table.Td>
              {margin && <Table.Td />}
              {rate && <Table.Td />}
              {margin && <Table.Td />}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {margin && rate && (
        <Text size="sm" data-testid="price-conversion">
          {t('pricePreview.conversionNote', {
            purchase: margin.PurchaseCurrency,
            selling: currency,
            factor: Number(rate.Factor).toFixed(6),
            date: rate.EffectiveOn ?? '—',
          })}
          {!rate.UpToDate && <> {t('pricePreview.conversionNoteOutdated')}</>}
        </Text>
      )}
      {margin && !margin.Available && margin.Reason && (
        <Text size="sm" data-testid="price-margin-reason">
          {margin.Reason === 'NoExchangeRate'
            ? t('pricePreview.marginNoExchangeRate', { purchase: margin.PurchaseCurrency, selling: currency })
            : t('pricePreview.marginNoRetailPrice', { currency })}
        </Text>
      )}
    </>
  );
}
