import { Anchor, Button, Checkbox, Group, List, Loader, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import {
  type FieldValue,
  formatMoney,
  type OrderQuoteResult,
  type QuoteDetail,
  type QuoteOrderField,
  type QuotePriceDifference,
  validateFieldValue,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../../../components/dynamic-form/field-input';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { useOrderQuote, useQuoteOrderPreview } from '../api/use-quotes';

const errorText = (error: Error | null) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);

type Ordered = Extract<OrderQuoteResult, { Outcome: 'Ordered' }>;

/** The lines whose prices changed since the revision was saved: what was quoted and what the order costs today. */
function DifferencesTable(props: { differences: QuotePriceDifference[]; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string | null) => (amount === null ? t('quotationTool.noPrice') : formatMoney(amount, props.currency));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label={t('quotationTool.order.differences')} data-testid="price-differences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('quotationTool.detail.service')}</Table.Th>
            <Table.Th ta="right">{t('quotationTool.order.quotedMonthly')}</Table.Th>
            <Table.Th ta="right">{t('quotationTool.order.currentMonthly')}</Table.Th>
            <Table.Th ta="right">{t('quotationTool.order.quotedSetup')}</Table.Th>
            <Table.Th ta="right">{t('quotationTool.order.currentSetup')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.differences.map((d) => (
            <Table.Tr key={d.ProductName}>
              <Table.Td>{d.ProductDisplayName || d.ProductName}</Table.Td>
              <Table.Td ta="right">{money(d.QuotedMonthlyTotal)}</Table.Td>
              <Table.Td ta="right">{money(d.CurrentMonthlyTotal)}</Table.Td>
              <Table.Td ta="right">{money(d.QuotedSetupTotal)}</Table.Td>
              <Table.Td ta="right">{money(d.CurrentSetupTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const fieldKey = (f: QuoteOrderField) => `${f.Line}:${f.Definition.Name}`;

/**
 * The required fields the quote's lines hold no value for (PreviewQuoteOrder's MissingFields), asked with the one form
 * engine's inputs, grouped by line; an error shows once a field was left.
 */
function MissingFieldsForm(props: {
  fields: QuoteOrderField[];
  values: Record<string, FieldValue>;
  onChange: (key: string, value: FieldValue) => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const lines = [...new Set(props.fields.map((f) => f.Line))];
  return (
    <Stack gap="xs" data-testid="order-missing-fields">
      <Title order={3} size="h5">
        {t('quotationTool.order.fieldsTitle')}
      </Title>
      <Text size="sm">{t('quotationTool.order.fieldsText')}</Text>
      {lines.map((line) => {
        const fields = props.fields.filter((f) => f.Line === line);
        const first = fields[0];
        return (
          <Stack
            key={line}
            gap={6}
            role="group"
            aria-label={t('quotationTool.order.fieldsLine', {
              line: line + 1,
              service: first?.ProductDisplayName || first?.ProductName,
            })}
          >
            <Text size="sm" fw={600}>
              {t('quotationTool.order.fieldsLine', { line: line + 1, service: first?.ProductDisplayName || first?.ProductName })}
            </Text>
            {fields.map((f) => {
              const key = fieldKey(f);
              const value = props.values[key] ?? null;
              return (
                <FieldInput
                  key={key}
                  def={f.Definition}
                  value={value}
                  error={left.has(key) ? (validateFieldValue(f.Definition, value) ?? undefined) : undefined}
                  onChange={(v) => props.onChange(key, v)}
                  onBlur={() => setLeft((s) => new Set(s).add(key))}
                  showLimit
                />
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** What ordering did: every line's order, ordered or under review, with links to the orders. */
function OrderOutcome(props: {
  result: Ordered;
  hrefForOrder: (n: string) => string;
  hrefForOrders: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const underReview = props.result.Orders.some((o) => o.OrderStatus === 'UnderReview');
  return (
    <Stack data-testid="order-outcome">
      <ReadableAlert
        color={underReview ? 'orange' : 'green'}
        role="status"
        title={t(underReview ? 'quotationTool.order.underReviewTitle' : 'quotationTool.order.orderedTitle')}
      >
        {t(underReview ? 'quotationTool.order.underReviewText' : 'quotationTool.order.orderedText', {
          count: props.result.Orders.length,
        })}
      </ReadableAlert>
      <List spacing={4} size="sm">
        {props.result.Orders.map((o) => (
          <List.Item key={o.OrderNumber}>
            <Anchor href={props.hrefForOrder(o.OrderNumber)} size="sm">
              {t('quotationTool.order.orderLink', { number: o.OrderNumber, service: o.ProductName })}
            </Anchor>
            {' · '}
            {t(`quotationTool.order.lineStatus.${o.OrderStatus}`)}
          </List.Item>
        ))}
      </List>
      <Group justify="space-between">
        <Anchor href={props.hrefForOrders} size="sm">
          {t('quotationTool.order.allOrders')}
        </Anchor>
        <Button onClick={props.onClose} data-autofocus>
          {t('quotationTool.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * From quote to order: what the server says ordering would do (price differences, terms, or why not), the user's
 * confirmation, then OrderQuote through the ordering pipeline, and its outcome.
 */
export function OrderQuoteModal(props: {
  quote: QuoteDetail;
  hrefForOrder: (orderNumber: string) => string;
  hrefForOrders: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useQuoteOrderPreview(props.quote.Id);
  const order = useOrderQuote();
  // One request id per attempt the user confirms: a retry after a lost answer is the same order.
  const [requestId, setRequestId] = useState(newIdempotencyKey);
  const [changed, setChanged] = useState<{ differences: QuotePriceDifference[]; currency: string } | null>(null);
  const [pricesConfirmed, setPricesConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [ordered, setOrdered] = useState<Ordered | null>(null);
  const [fieldValues, setFieldValues] = useState<Record<string, FieldValue>>({});
  const p = preview.data;
  const missing = p?.MissingFields ?? [];
  const fieldsValid = missing.every((f) => validateFieldValue(f.Definition, fieldValues[fieldKey(f)] ?? null) === null);
  const differences = changed?.differences ?? p?.Differences ?? [];
  const currency = changed?.currency ?? p?.Currency ?? props.quote.Currency;
  const hasTerms = (p?.Terms.length ?? 0) > 0;
  const termsBlocked = hasTerms && p?.CanAcceptTerms === false;
  const canPlace =
    !!p &&
    p.Refusal === null &&
    fieldsValid &&
    !termsBlocked &&
    (!hasTerms || termsAccepted) &&
    (differences.length === 0 || pricesConfirmed);
  const money = (amount: string | null) => (amount === null ? t('quotationTool.noPrice') : formatMoney(amount, currency));

  const handlePlace = () => {
    if (!p) return;
    order.mutate(
      {
        requestId,
        id: props.quote.Id,
        revision: p.RevisionNumber,
        confirmPriceChanges: differences.length > 0 && pricesConfirmed,
        Fields: missing.flatMap((f) => {
          const value = fieldValues[fieldKey(f)];
          return value === null || value === undefined || value === ''
            ? []
            : [{ Line: f.Line, FieldName: f.Definition.Name, FieldValue: String(value) }];
        }),
      },
      {
        onSuccess: (result) => {
          if (result.Outcome === 'PriceChanged') {
            // Prices moved again since the preview: show what changed and ask once more, with a new request.
            setChanged({ differences: result.Differences, currency: result.Currency });
            setPricesConfirmed(false);
            setRequestId(newIdempotencyKey());
            return;
          }
          setOrdered(result);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('quotationTool.order.title', { name: props.quote.Name })}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('quotationTool.close') }}
    >
      {ordered ? (
        <OrderOutcome
          result={ordered}
          hrefForOrder={props.hrefForOrder}
          hrefForOrders={props.hrefForOrders}
          onClose={props.onClose}
        />
      ) : (
        <Stack>
          {preview.isPending && <Loader aria-label={t('app.loading')} />}
          {preview.isError && (
            <ReadableAlert color="red" role="alert">
              {t('app.loadFailed', { message: errorText(preview.error) })}
            </ReadableAlert>
          )}
          {p && (
            <>
              <Text size="sm">
                {t('quotationTool.order.intro', {
                  customer: p.CustomerName ?? props.quote.Customer.Name,
                  revision: p.RevisionNumber,
                  count: p.Pricing.Lines.length,
                })}
              </Text>
              <Text size="sm" fw={600} data-testid="order-totals">
                {t('quotationTool.order.totals', { monthly: money(p.Pricing.TotalRC), setup: money(p.Pricing.TotalNRC) })}
              </Text>
              {p.Refusal !== null && (
                <ReadableAlert color="yellow" role="alert" title={t('quotationTool.order.cannotTitle')}>
                  {p.LineRefusal
                    ? t('quotationTool.order.lineRefusal', { service: p.LineRefusal.ProductName, reason: p.LineRefusal.Message })
                    : p.Refusal}
                </ReadableAlert>
              )}
              {p.Refusal === null && missing.length > 0 && (
                <MissingFieldsForm
                  fields={missing}
                  values={fieldValues}
                  onChange={(key, value) => setFieldValues((v) => ({ ...v, [key]: value }))}
                />
              )}
              {p.Refusal === null && differences.length > 0 && (
                <Stack gap="xs">
                  <Title order={3} size="h5">
                    {t('quotationTool.order.differencesTitle')}
                  </Title>
                  <Text size="sm">{t('quotationTool.order.differencesText')}</Text>
                  <DifferencesTable differences={differences} currency={currency} />
                  <Checkbox
                    label={t('quotationTool.order.confirmPrices')}
                    checked={pricesConfirmed}
                    onChange={(e) => setPricesConfirmed(e.currentTarget.checked)}
                  />
                </Stack>
              )}
              {p.Refusal === null && hasTerms && (
                <Stack gap="xs">
                  <Title order={3} size="h5">
                    {t('quotationTool.order.termsTitle')}
                  </Title>
                  {p.Terms.map((terms) => (
                    <Stack key={terms.ServiceName} gap={4}>
                      <Text size="sm" fw={600}>
                        {t('quotationTool.order.termsOf', { service: terms.ServiceDisplayName, title: terms.Title })}
                      </Text>
                      <ScrollArea.Autosize mah={140} type="auto" tabIndex={0} aria-label={terms.Title}>
                        <MarkdownText text={terms.Content} />
                      </ScrollArea.Autosize>
                    </Stack>
                  ))}
                  {termsBlocked ? (
                    <ReadableAlert color="yellow" role="alert">
                      {t('quotationTool.order.termsBlocked')}
                    </ReadableAlert>
                  ) : (
                    <Checkbox
                      label={t('quotationTool.order.acceptTerms', { customer: p.CustomerName ?? props.quote.Customer.Name })}
                      checked={termsAccepted}
                      onChange={(e) => setTermsAccepted(e.currentTarget.checked)}
                    />
                  )}
                </Stack>
              )}
              {order.isError && (
                <ReadableAlert color="red" role="alert" title={t('quotationTool.order.refusedTitle')}>
                  {errorText(order.error)}
                </ReadableAlert>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('quotationTool.cancel')}
            </Button>
            <Button onClick={handlePlace} disabled={!canPlace} loading={order.isPending}>
              {t('quotationTool.order.place')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
