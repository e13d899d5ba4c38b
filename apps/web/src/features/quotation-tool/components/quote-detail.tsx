import { Anchor, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type QuoteDetail as QuoteDetailData, type SettableQuoteStatus } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import {
  useArchiveQuote,
  useDeleteQuote,
  useQuote,
  useQuoteGroups,
  useSetQuoteGroup,
  useSetQuoteStatus,
} from '../api/use-quotes';
import { needsConfirmation, type QuoteAction, quoteAction } from '../utils/transitions';
import { OrderQuoteModal } from './order-quote-modal';
import { QuoteStatusBadge } from './quote-status-badge';

const errorText = (error: Error | null) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);

const NO_PROJECT = 'none';

export interface QuoteDetailProps {
  id: number;
  canUpdate: boolean;
  canDelete: boolean;
  hrefForList: string;
  hrefForBuilder: (id: number, revision: number) => string;
  hrefForOrder: (orderNumber: string) => string;
  hrefForOrders: string;
  onDeleted: () => void;
}

/** A column of labelled facts of the quote. */
function Facts({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={label}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w="40%" fw={600}>
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** [M3.24] One quote: its facts, status and allowed transitions, lines and totals, revisions, project, archive, delete, order. */
export function QuoteDetail(props: QuoteDetailProps) {
  const { t } = useTranslation();
  const quote = useQuote(props.id);
  const isMissing = quote.error instanceof ApiError && quote.error.status === 404;
  return (
    <Stack gap="md">
      <Anchor href={props.hrefForList} size="sm">
        {t('quotationTool.detail.back')}
      </Anchor>
      {quote.isPending && <Loader aria-label={t('app.loading')} />}
      {quote.isError && (
        <ReadableAlert color={isMissing ? 'yellow' : 'red'} role="alert">
          {isMissing ? t('quotationTool.detail.missing') : t('app.loadFailed', { message: quote.error.message })}
        </ReadableAlert>
      )}
      {quote.data && <QuoteDetailBody {...props} quote={quote.data} />}
    </Stack>
  );
}

function QuoteDetailBody(props: QuoteDetailProps & { quote: QuoteDetailData }) {
  const { t } = useTranslation();
  const q = props.quote;
  const setStatus = useSetQuoteStatus();
  const archive = useArchiveQuote();
  const remove = useDeleteQuote();
  const setGroup = useSetQuoteGroup();
  const canChange = q.IsOwn && props.canUpdate;
  const groups = useQuoteGroups(canChange && !q.Archived);
  const [confirming, setConfirming] = useState<{ action: QuoteAction; to: SettableQuoteStatus } | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [isOrdering, setOrdering] = useState(false);
  const money = (amount: string | null) => (amount === null ? t('quotationTool.noPrice') : formatMoney(amount, q.Currency));

  const changeStatus = (to: SettableQuoteStatus, action: QuoteAction) =>
    setStatus.mutate(
      { id: q.Id, status: to, version: q.Version },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t(`quotationTool.actionsDone.${action}`, { name: q.Name }) });
          setConfirming(null);
        },
        onError: (error) => {
          setConfirming(null);
          notify({ color: 'red', message: errorText(error) ?? '' });
        },
      },
    );
  const handleArchive = () =>
    archive.mutate(
      { id: q.Id, archived: !q.Archived },
      {
        onSuccess: () =>
          notify({
            color: 'green',
            message: t(q.Archived ? 'quotationTool.detail.unarchived' : 'quotationTool.detail.archived', { name: q.Name }),
          }),
        onError: (error) => notify({ color: 'red', message: errorText(error) ?? '' }),
      },
    );

  const facts: [string, ReactNode][] = [
    [t('quotationTool.detail.customer'), q.Customer.Name],
    [t('quotationTool.detail.company'), q.CompanyName],
    [t('quotationTool.detail.owner'), q.ResellerName],
    [t('quotationTool.detail.author'), q.AuthorName],
    [t('quotationTool.detail.priceList'), q.PricetemplateName ?? t('quotationTool.detail.noPriceList')],
    [t('quotationTool.detail.users'), String(q.NumberOfUsers)],
    [t('quotationTool.detail.created'), formatUtcDay(q.CreateDate)],
    [t('quotationTool.detail.modified'), formatUtcDay(q.ModifyDate)],
    [t('quotationTool.detail.validUntil'), q.ValidUntil],
    [t('quotationTool.detail.approval'), q.EstimatedApprovalDate ?? '—'],
    [t('quotationTool.detail.project'), q.GroupName ?? t('quotationTool.detail.noProject')],
    [t('quotationTool.detail.yearly'), money(q.YearlyChargeAmount)],
  ];
  if (q.OrderNumbers.length > 0)
    facts.push([
      t('quotationTool.detail.orders'),
      <Group key="orders" gap="xs">
        {q.OrderNumbers.map((n) => (
          <Anchor key={n} href={props.hrefForOrder(n)} size="sm">
            {n}
          </Anchor>
        ))}
      </Group>,
    ]);

  return (
    <Stack gap="md" data-testid="quote-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {q.Name}
          </Title>
          <Group gap="xs">
            <QuoteStatusBadge status={q.Status} />
            {q.Archived && <Text size="sm">{t('quotationTool.detail.isArchived')}</Text>}
            <Text size="sm" c="dimmed">
              {t('quotationTool.detail.revision', { revision: q.LatestRevisionNumber })}
            </Text>
          </Group>
        </Stack>
        <Button component="a" variant="default" href={props.hrefForBuilder(q.Id, q.LatestRevisionNumber)}>
          {t('quotationTool.detail.openInBuilder')}
        </Button>
      </Group>

      {canChange && (
        <Group gap="sm" aria-label={t('quotationTool.detail.actions')} role="group">
          {!q.Archived &&
            q.AllowedTransitions.map((to) => {
              const action = quoteAction(q.Status, to);
              return (
                <Button
                  key={to}
                  variant={action === 'approve' || action === 'send' ? 'filled' : 'default'}
                  loading={setStatus.isPending && setStatus.variables?.status === to && !confirming}
                  onClick={() => (needsConfirmation(action) ? setConfirming({ action, to }) : changeStatus(to, action))}
                >
                  {t(`quotationTool.actionLabels.${action}`)}
                </Button>
              );
            })}
          {q.CanOrder && <Button onClick={() => setOrdering(true)}>{t('quotationTool.order.open')}</Button>}
          <Button variant="default" onClick={handleArchive} loading={archive.isPending}>
            {q.Archived ? t('quotationTool.detail.unarchive') : t('quotationTool.detail.archive')}
          </Button>
        </Group>
      )}
      {!q.IsOwn && (
        <Text size="sm" c="dimmed">
          {t('quotationTool.detail.customerQuote')}
        </Text>
      )}

      <Paper withBorder p="md">
        <Facts rows={facts} label={t('quotationTool.detail.facts')} />
      </Paper>

      {canChange && !q.Archived && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('quotationTool.detail.moveToProject')}
            value={q.GroupId === null ? NO_PROJECT : String(q.GroupId)}
            data={[
              { value: NO_PROJECT, label: t('quotationTool.detail.noProject') },
              ...(groups.data?.Items ?? []).map((g) => ({ value: String(g.Id), label: g.Name })),
            ]}
            onChange={(v) => {
              if (!v) return;
              const groupId = v === NO_PROJECT ? null : Number(v);
              setGroup.mutate(
                { id: q.Id, groupId },
                {
                  onSuccess: () => notify({ color: 'green', message: t('quotationTool.detail.moved', { name: q.Name }) }),
                  onError: (error) => notify({ color: 'red', message: errorText(error) ?? '' }),
                },
              );
            }}
            allowDeselect={false}
            disabled={groups.isPending || setGroup.isPending}
            w={280}
          />
        </Group>
      )}

      <Title order={3} size="h4">
        {t('quotationTool.detail.lines')}
      </Title>
      {q.Products.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="quote-lines-empty">
          {t('quotationTool.detail.noLines')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped aria-label={t('quotationTool.detail.lines')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quotationTool.detail.service')}</Table.Th>
                <Table.Th ta="right">{t('quotationTool.detail.amount')}</Table.Th>
                <Table.Th ta="right">{t('quotationTool.detail.monthlyPrice')}</Table.Th>
                <Table.Th ta="right">{t('quotationTool.detail.monthlyTotal')}</Table.Th>
                <Table.Th ta="right">{t('quotationTool.detail.setupTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.Products.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a revision's lines are fixed; one service may be on two lines.
                <Table.Tr key={`${line.ProductName}-${index}`} data-testid="quote-line">
                  <Table.Td>
                    {line.ProductDisplayName || line.ProductName}
                    {line.Fields.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {line.Fields.map((f) => `${f.FieldName}: ${f.FieldValue}`).join(' · ')}
                      </Text>
                    )}
                    {line.Error && (
                      <Text size="xs" c="red.9">
                        {line.Error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line.Amount}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.MonthlyPrice)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.MonthlyTotal)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.SetupTotal)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={3}>
                  {t('quotationTool.detail.totals')}
                </Table.Th>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="quote-total-monthly">
                  {money(q.TotalRC)}
                </Table.Td>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {money(q.TotalNRC)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {q.Charges && <ChargeSummaryTable charges={q.Charges} label={t('quotationTool.detail.charges')} />}

      <Title order={3} size="h4">
        {t('quotationTool.detail.revisions')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label={t('quotationTool.detail.revisions')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('quotationTool.detail.revisionColumn')}</Table.Th>
              <Table.Th>{t('quotationTool.detail.savedBy')}</Table.Th>
              <Table.Th>{t('quotationTool.detail.savedAt')}</Table.Th>
              <Table.Th ta="right">{t('quotationTool.detail.monthlyTotal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.Quotes.map((r) => (
              <Table.Tr key={r.RevisionNumber} data-testid="quote-revision">
                <Table.Td>
                  <Anchor
                    href={props.hrefForBuilder(q.Id, r.RevisionNumber)}
                    size="sm"
                    aria-label={t('quotationTool.detail.openRevision', { revision: r.RevisionNumber })}
                  >
                    {t('quotationTool.detail.revision', { revision: r.RevisionNumber })}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.AuthorName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.CreatedAt.slice(0, 16).replace('T', ' ')}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(r.TotalRC)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {q.IsOwn && props.canDelete && (
        <Group>
          <Button variant="outline" color="red.9" onClick={() => setDeleting(true)}>
            {t('quotationTool.detail.delete')}
          </Button>
        </Group>
      )}

      {confirming && (
        <ConfirmModal
          title={t(`quotationTool.confirm.${confirming.action}Title`, { name: q.Name })}
          text={t(`quotationTool.confirm.${confirming.action}Text`, { name: q.Name })}
          cancelLabel={t('quotationTool.cancel')}
          confirmLabel={t(`quotationTool.actionLabels.${confirming.action}`)}
          closeLabel={t('quotationTool.close')}
          isBusy={setStatus.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => changeStatus(confirming.to, confirming.action)}
        />
      )}
      {isDeleting && (
        <ConfirmModal
          title={t('quotationTool.confirm.deleteTitle')}
          text={t('quotationTool.confirm.deleteText', { name: q.Name, count: q.Quotes.length })}
          cancelLabel={t('quotationTool.cancel')}
          confirmLabel={t('quotationTool.confirm.delete')}
          closeLabel={t('quotationTool.close')}
          isBusy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(q.Id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('quotationTool.detail.deleted', { name: q.Name }) });
                setDeleting(false);
                props.onDeleted();
              },
              onError: (error) => {
                setDeleting(false);
                notify({ color: 'red', message: errorText(error) ?? '' });
              },
            })
          }
        />
      )}
      {isOrdering && (
        <OrderQuoteModal
          quote={q}
          hrefForOrder={props.hrefForOrder}
          hrefForOrders={props.hrefForOrders}
          onClose={() => setOrdering(false)}
        />
      )}
    </Stack>
  );
}
