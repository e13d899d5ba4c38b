import { Badge, Button, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EMPTY_MARKET_SERVICES_MESSAGE,
  formatMoney,
  type MarketService,
  parseTotalUsers,
  type QuoteLinePrices,
  type QuoteRevisionSummary,
  type QuoteStatus,
  quoteStatusShownAs,
  RESET_QUOTE_DEFAULTS,
  type SalesQuote,
  type SearchService,
} from '@portal/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/format-time';
import {
  loadLatestSalesQuote,
  loadMarketServices,
  usePriceTemplates,
  useQuotePricing,
  useSalesQuote,
  useSaveSalesQuote,
} from '../api/use-sales-quotes';
import {
  addService,
  type BuilderLine,
  changeAmount,
  changeField,
  changeTotalUsers,
  linesForServer,
  linesOfSaved,
  numericFieldProblem,
  removeLine,
  unmetByLine,
} from '../utils/builder-lines';
import { CataloguePane } from './catalogue-pane';
import { ExportQuoteModal } from './export-quote-modal';
import { LoadQuotesModal } from './load-quotes-modal';
import { NewQuoteModal, type NewQuoteValues } from './new-quote-modal';
import { QuoteDnd } from './quote-dnd';
import { QuoteDropZone } from './quote-drop-zone';
import { type HeaderErrors, QuoteHeader } from './quote-header';
import { QuoteLineCard } from './quote-line-card';

/** The routes of the quote builder [M2.2]-[M2.7], as the page reads them from the address. */
export type SalesQuotesRoute =
  | { kind: 'builder' }
  | { kind: 'new' }
  | { kind: 'templates' }
  | { kind: 'load' }
  | { kind: 'delete' }
  | { kind: 'edit'; id: number; revision: number }
  | { kind: 'export'; type: 'xlsx' | 'pdf' };

export interface SalesQuotesScreenProps {
  route: SalesQuotesRoute;
  /** The signed-in user's capability keys. */
  capabilities: readonly string[];
  onNavigate: (route: SalesQuotesRoute) => void;
}

/** The quote on screen: its header, its lines and what is known of its saved revisions. */
interface Draft {
  Id: number | null;
  /** The revision shown; null for a quote never saved [M4.2]. */
  RevisionNumber: number | null;
  LatestRevisionNumber: number | null;
  Revisions: QuoteRevisionSummary[];
  /** [M4.1] Kept as the server sent it. */
  Status: QuoteStatus | undefined;
  Name: string;
  CompanyName: string;
  NumberOfUsers: number;
  PriceTemplateId: number | null;
  CustomerId: number | null;
  ValidUntil: string | null;
  Lines: BuilderLine[];
  CanEdit: boolean;
  isDirty: boolean;
  /** The prices the revision was saved with (shown for a read-only revision). */
  saved: { Currency: string; Lines: QuoteLinePrices[]; TotalRC: string | null; TotalNRC: string | null } | null;
}

const emptyDraft = (values: {
  Name: string;
  CompanyName: string;
  NumberOfUsers: number;
  PriceTemplateId: number | null;
}): Draft => ({
  Id: null,
  RevisionNumber: null,
  LatestRevisionNumber: null,
  Revisions: [],
  Status: undefined,
  CustomerId: null,
  ValidUntil: null,
  Lines: [],
  CanEdit: true,
  isDirty: false,
  saved: null,
  ...values,
});

let lineCounter = 0;
const nextKey = () => {
  lineCounter += 1;
  return `line-${lineCounter}`;
};

const draftOfSaved = (quote: SalesQuote, services: readonly MarketService[]): Draft => ({
  Id: quote.Id,
  RevisionNumber: quote.RevisionNumber,
  LatestRevisionNumber: quote.LatestRevisionNumber,
  Revisions: quote.Revisions,
  Status: quote.Status,
  Name: quote.Name,
  CompanyName: quote.CompanyName,
  NumberOfUsers: quote.NumberOfUsers,
  PriceTemplateId: quote.PriceTemplateId,
  CustomerId: quote.CustomerId,
  ValidUntil: quote.ValidUntil,
  Lines: linesOfSaved(quote.Products, services, nextKey),
  CanEdit: quote.CanEdit,
  isDirty: false,
  saved: { Currency: quote.Currency, Lines: quote.Products, TotalRC: quote.TotalRC, TotalNRC: quote.TotalNRC },
});

/** A failure in words: the server's field messages when it names fields, else its message. */
const messageOf = (error: Error) =>
  error instanceof ApiError && error.fieldErrors.length > 0 ? error.fieldErrors.map((f) => f.message).join(' ') : error.message;

/**
 * [M1.1] [M2.2]-[M2.7] The quote builder: the catalogue pane, the drop zone of lines, the header, and new / load /
 * save / delete / export. Each save makes a new revision and goes to its edit route [M4.2]; an older revision is
 * read-only; a save over a revision someone else has replaced says so and offers the latest. Prices and totals are
 * the server's (the one pricing rule), in the quote's currency [M9.3].
 */
export function SalesQuotesScreen({ route, capabilities, onNavigate }: SalesQuotesScreenProps) {
  const { t } = useTranslation();
  const can = (key: string) => capabilities.includes(key);
  const canSave = can('SALESQUOTE_UPDATE');
  const canExportXlsx = can('SALESQUOTE_EXECUTE');
  const canDelete = can('SALESQUOTE_DELETE') || can('QUOTATION_TOOL_DELETE');
  const templates = usePriceTemplates();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft({ ...RESET_QUOTE_DEFAULTS, PriceTemplateId: null }));
  const [usersText, setUsersText] = useState(String(draft.NumberOfUsers));
  const [search, setSearch] = useState('');
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [addingName, setAddingName] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const save = useSaveSalesQuote();
  const catalogueNames = useRef(new Map<string, string>());

  // [M2.6] The edit route loads the quote at its revision, with the services its price list offers for its lines.
  const target = route.kind === 'edit' ? route : null;
  const targetKey = target ? `${target.id}/${target.revision}` : null;
  const needsLoad = targetKey !== null && targetKey !== loadedKey;
  const saved = useSalesQuote(needsLoad ? (target?.id ?? null) : null, needsLoad ? (target?.revision ?? null) : null);
  const hydrating = useRef<string | null>(null);
  useEffect(() => {
    const quote = saved.data;
    // Not from a cached copy being refetched: after a save, revision 1 no longer is the latest.
    if (saved.isFetching) return;
    if (!needsLoad || !quote || targetKey === null || hydrating.current === targetKey) return;
    hydrating.current = targetKey;
    const names = [...new Set(quote.Products.map((p) => p.ProductName))];
    const services =
      quote.PriceTemplateId !== null && names.length > 0
        ? loadMarketServices({ priceList: quote.PriceTemplateId, serviceNames: names, customerId: quote.CustomerId })
            .then((r) => r.Services)
            .catch(() => [] as MarketService[])
        : Promise.resolve([] as MarketService[]);
    void services.then((list) => {
      if (hydrating.current !== targetKey) return;
      setDraft(draftOfSaved(quote, list));
      setUsersText(String(quote.NumberOfUsers));
      setLoadedKey(targetKey);
      setConflict(false);
      setLoadError(null);
      save.reset();
      hydrating.current = null;
    });
  }, [needsLoad, saved.data, saved.isFetching, targetKey, save]);

  // [M9.1] A new quote takes the first price list the caller may quote from.
  const firstTemplate = templates.data?.Items[0]?.Id ?? null;
  useEffect(() => {
    if (firstTemplate !== null && draft.Id === null && draft.PriceTemplateId === null)
      setDraft((d) => (d.Id === null && d.PriceTemplateId === null ? { ...d, PriceTemplateId: firstTemplate } : d));
  }, [firstTemplate, draft.Id, draft.PriceTemplateId]);

  const isOlderRevision = draft.Id !== null && draft.RevisionNumber !== draft.LatestRevisionNumber;
  const isReadOnly = isOlderRevision || !draft.CanEdit;

  // The server prices the lines (the one pricing rule); the browser never adds prices up itself.
  const pricingInput = useMemo(
    () =>
      draft.PriceTemplateId !== null && draft.Lines.length > 0
        ? {
            PriceTemplateId: draft.PriceTemplateId,
            CustomerId: draft.CustomerId,
            NumberOfUsers: draft.NumberOfUsers,
            Products: linesForServer(draft.Lines),
          }
        : null,
    [draft.PriceTemplateId, draft.CustomerId, draft.NumberOfUsers, draft.Lines],
  );
  const [debouncedPricing] = useDebouncedValue(pricingInput, 250);
  const pricing = useQuotePricing(isReadOnly ? null : debouncedPricing);
  const live = pricing.data;
  const liveMatches =
    live !== undefined &&
    live.Lines.length === draft.Lines.length &&
    live.Lines.every((l, i) => l.ProductName === draft.Lines[i]?.ProductName);
  const shown = isReadOnly ? draft.saved : liveMatches && pricingInput !== null ? live : null;
  const currency = shown?.Currency ?? live?.Currency ?? null;
  const unmet = useMemo(() => unmetByLine(draft.Lines), [draft.Lines]);
  const fieldProblems = draft.Lines.some((l) =>
    (l.Service?.Fields ?? []).some((f) => numericFieldProblem(f, l.Fields.find((v) => v.FieldName === f.Id)?.FieldValue ?? '')),
  );

  const update = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change, isDirty: true }));
  const updateLines = (fn: (lines: BuilderLine[]) => BuilderLine[]) =>
    setDraft((d) => ({ ...d, Lines: fn(d.Lines), isDirty: true }));

  /** [M7.7] Looks a service up in the price list and adds its line at the top [M4.3]. */
  async function handleAdd(serviceName: string) {
    if (isReadOnly || draft.PriceTemplateId === null) return;
    setAddingName(serviceName);
    setAddError(null);
    try {
      const found = await loadMarketServices({
        priceList: draft.PriceTemplateId,
        serviceNames: [serviceName],
        customerId: draft.CustomerId,
      });
      const service = found.Services[0];
      if (!service) {
        // [M8.2]
        console.warn(EMPTY_MARKET_SERVICES_MESSAGE);
        setAddError(t('salesQuotes.addFailedNotInList', { name: catalogueNames.current.get(serviceName) ?? serviceName }));
        return;
      }
      updateLines((lines) => addService(lines, service, draft.NumberOfUsers, nextKey()));
    } catch (error) {
      setAddError(messageOf(error as Error));
    } finally {
      setAddingName(null);
    }
  }

  const rememberNames = useCallback((list: SearchService[]) => {
    for (const s of list) catalogueNames.current.set(s.ServiceName, s.DisplayName);
  }, []);

  function handleCatalogueAdd(service: SearchService) {
    catalogueNames.current.set(service.ServiceName, service.DisplayName);
    void handleAdd(service.ServiceName);
  }

  function commitUsers() {
    const total = parseTotalUsers(usersText);
    setUsersText(String(total));
    if (total === draft.NumberOfUsers) return;
    setDraft((d) => ({ ...d, NumberOfUsers: total, Lines: changeTotalUsers(d.Lines, total), isDirty: true }));
  }

  /** [M4.6] Another price list: the catalogue reloads, the search clears, the lines take that list's services. */
  async function handlePriceList(id: number) {
    setSearch('');
    setDraft((d) => ({ ...d, PriceTemplateId: id, isDirty: true }));
    const names = [...new Set(draft.Lines.map((l) => l.ProductName))];
    if (names.length === 0) return;
    const services = await loadMarketServices({ priceList: id, serviceNames: names, customerId: draft.CustomerId })
      .then((r) => r.Services)
      .catch(() => [] as MarketService[]);
    setDraft((d) =>
      d.PriceTemplateId === id
        ? { ...d, Lines: d.Lines.map((l) => ({ ...l, Service: services.find((s) => s.ProductName === l.ProductName) ?? null })) }
        : d,
    );
  }

  function handleNew(values: NewQuoteValues) {
    setDraft(emptyDraft(values));
    setUsersText(String(values.NumberOfUsers));
    setLoadedKey(null);
    setSearch('');
    setConflict(false);
    save.reset();
    onNavigate({ kind: 'builder' });
  }

  function handleSave() {
    if (draft.PriceTemplateId === null || isReadOnly || !canSave) return; // [M5.7]
    setConflict(false);
    save.mutate(
      {
        Id: draft.Id,
        RevisionNumber: draft.RevisionNumber,
        Name: draft.Name,
        CompanyName: draft.CompanyName,
        NumberOfUsers: draft.NumberOfUsers,
        PriceTemplateId: draft.PriceTemplateId,
        CustomerId: draft.CustomerId,
        ValidUntil: draft.ValidUntil,
        Products: linesForServer(draft.Lines),
        ...(draft.Status ? { Status: draft.Status } : {}),
      },
      {
        onSuccess: (result) => {
          // [M4.2] The edit route of the saved revision; it is loaded from the server as saved.
          onNavigate({ kind: 'edit', id: result.Id, revision: result.RevisionNumber });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(true);
        },
      },
    );
  }

  async function openLatest() {
    if (draft.Id === null) return;
    try {
      const latest = await loadLatestSalesQuote(draft.Id);
      onNavigate({ kind: 'edit', id: latest.Id, revision: latest.RevisionNumber });
    } catch (error) {
      setLoadError(messageOf(error as Error));
    }
  }

  const headerErrors: HeaderErrors = {};
  if (save.error instanceof ApiError)
    for (const f of save.error.fieldErrors) {
      const key = f.field.replace(/^quote\./, '') as keyof HeaderErrors;
      if (['CompanyName', 'Name', 'NumberOfUsers', 'PriceTemplateId', 'CustomerId'].includes(key)) headerErrors[key] = f.message;
    }

  const saveBlockedBy = !canSave
    ? t('salesQuotes.save.noPermission')
    : draft.PriceTemplateId === null
      ? t('salesQuotes.save.noPriceList')
      : isOlderRevision
        ? t('salesQuotes.save.olderRevision')
        : !draft.CanEdit
          ? t('salesQuotes.save.readOnly')
          : fieldProblems
            ? t('salesQuotes.save.fieldProblems')
            : draft.Name.trim() === '' || draft.CompanyName.trim() === ''
              ? t('salesQuotes.save.headerMissing')
              : null;
  const exportBlockedBy = draft.Id === null ? t('salesQuotes.export.saveFirstShort') : null;
  const isLoading = needsLoad && !saved.error;
  const savedQuote = draft.Id !== null && draft.RevisionNumber !== null ? { id: draft.Id, revision: draft.RevisionNumber } : null;
  const backToQuote = () => onNavigate(savedQuote ? { kind: 'edit', ...savedQuote } : { kind: 'builder' });
  const templateItems = templates.data?.Items ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('salesQuotes.title')}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="quote-revision">
              {draft.RevisionNumber === null
                ? t('salesQuotes.revision.new')
                : t('salesQuotes.revision.of', { revision: draft.RevisionNumber, latest: draft.LatestRevisionNumber })}
            </Text>
            <Badge variant="light" color="gray" c="dark.6">
              {t(`salesQuotes.status.${draft.Status ? quoteStatusShownAs(draft.Status) : 'draft'}`)}
            </Badge>
            {draft.isDirty && (
              <Badge variant="light" color="orange" c="dark.7">
                {t('salesQuotes.unsaved')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap" component="nav" aria-label={t('salesQuotes.actions')}>
          <Button variant="default" onClick={() => onNavigate({ kind: 'new' })}>
            {t('salesQuotes.action.new')}
          </Button>
          <Button variant="default" onClick={() => onNavigate({ kind: 'load' })}>
            {t('salesQuotes.action.load')}
          </Button>
          <Button
            onClick={handleSave}
            loading={save.isPending}
            disabled={saveBlockedBy !== null}
            aria-describedby={saveBlockedBy ? 'sales-quote-save-reason' : undefined}
          >
            {t('salesQuotes.action.save')}
          </Button>
          {canDelete && (
            <Button variant="default" color="red" onClick={() => onNavigate({ kind: 'delete' })}>
              {t('salesQuotes.action.delete')}
            </Button>
          )}
          {canExportXlsx && (
            <Button
              variant="default"
              onClick={() => onNavigate({ kind: 'export', type: 'xlsx' })}
              disabled={exportBlockedBy !== null}
              aria-describedby={exportBlockedBy ? 'sales-quote-export-reason' : undefined}
            >
              {t('salesQuotes.action.exportXlsx')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => onNavigate({ kind: 'export', type: 'pdf' })}
            disabled={exportBlockedBy !== null}
            aria-describedby={exportBlockedBy ? 'sales-quote-export-reason' : undefined}
          >
            {t('salesQuotes.action.exportPdf')}
          </Button>
        </Group>
      </Group>
      {(saveBlockedBy || exportBlockedBy) && (
        <Stack gap={0} align="flex-end">
          {saveBlockedBy && (
            <Text size="xs" c="dimmed" id="sales-quote-save-reason">
              {saveBlockedBy}
            </Text>
          )}
          {exportBlockedBy && (
            <Text size="xs" c="dimmed" id="sales-quote-export-reason">
              {exportBlockedBy}
            </Text>
          )}
        </Stack>
      )}

      {isLoading && <Loader aria-label={t('salesQuotes.loadingQuote')} />}
      {needsLoad && saved.error && (
        <ReadableAlert color="red" role="alert" title={t('salesQuotes.loadFailed')}>
          {messageOf(saved.error)}
        </ReadableAlert>
      )}
      {templates.error && (
        <ReadableAlert color="red" role="alert" title={t('salesQuotes.header.priceListsFailed')}>
          {messageOf(templates.error)}
        </ReadableAlert>
      )}
      {templates.data && templateItems.length === 0 && (
        <ReadableAlert color="yellow" role="note" title={t('salesQuotes.header.noPriceListsTitle')}>
          {t('salesQuotes.header.noPriceListsText')}
        </ReadableAlert>
      )}
      {conflict && (
        <ReadableAlert color="yellow" role="alert" title={t('salesQuotes.conflict.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('salesQuotes.conflict.text', { revision: draft.RevisionNumber })}</Text>
            <Button size="xs" onClick={() => void openLatest()}>
              {t('salesQuotes.conflict.load')}
            </Button>
          </Stack>
        </ReadableAlert>
      )}
      {save.error && !conflict && (
        <ReadableAlert color="red" role="alert" title={t('salesQuotes.save.failed')}>
          {messageOf(save.error)}
        </ReadableAlert>
      )}
      {loadError && (
        <ReadableAlert color="red" role="alert" title={t('salesQuotes.loadFailed')}>
          {loadError}
        </ReadableAlert>
      )}
      {isOlderRevision && (
        <ReadableAlert color="blue" role="note" title={t('salesQuotes.older.title', { revision: draft.RevisionNumber })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('salesQuotes.older.text', { latest: draft.LatestRevisionNumber })}</Text>
            <Button size="xs" variant="default" onClick={() => void openLatest()}>
              {t('salesQuotes.older.open', { latest: draft.LatestRevisionNumber })}
            </Button>
          </Stack>
        </ReadableAlert>
      )}
      {!isOlderRevision && !draft.CanEdit && (
        <ReadableAlert color="blue" role="note">
          {t('salesQuotes.readOnly')}
        </ReadableAlert>
      )}

      <QuoteHeader
        values={draft}
        usersText={usersText}
        templates={templateItems}
        isLoadingTemplates={templates.isPending}
        isReadOnly={isReadOnly}
        errors={headerErrors}
        onChange={update}
        onUsersText={setUsersText}
        onUsersCommit={commitUsers}
        onPriceList={(id) => void handlePriceList(id)}
        customerName={draft.CompanyName}
      />
      {draft.Revisions.length > 1 && draft.Id !== null && (
        <Select
          label={t('salesQuotes.revision.choose')}
          data={draft.Revisions.map((r) => ({
            value: String(r.RevisionNumber),
            label: t('salesQuotes.revision.option', {
              revision: r.RevisionNumber,
              date: formatUtcDay(r.CreatedAt),
              author: r.AuthorName,
            }),
          }))}
          value={String(draft.RevisionNumber)}
          onChange={(v) => v !== null && draft.Id !== null && onNavigate({ kind: 'edit', id: draft.Id, revision: Number(v) })}
          allowDeselect={false}
          maw={360}
        />
      )}

      <QuoteDnd nameOf={(name) => catalogueNames.current.get(name) ?? name} onDrop={(name) => void handleAdd(name)}>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CataloguePane
              priceList={draft.PriceTemplateId}
              search={search}
              onSearchChange={setSearch}
              onAdd={handleCatalogueAdd}
              addingName={addingName}
              isReadOnly={isReadOnly}
              onNames={rememberNames}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              {addError && (
                <ReadableAlert
                  color="red"
                  role="alert"
                  title={t('salesQuotes.addFailed')}
                  withCloseButton
                  onClose={() => setAddError(null)}
                  closeButtonLabel={t('salesQuotes.close')}
                >
                  {addError}
                </ReadableAlert>
              )}
              <QuoteDropZone isEmpty={draft.Lines.length === 0} isReadOnly={isReadOnly}>
                {draft.Lines.map((line, i) => (
                  <QuoteLineCard
                    key={line.Key}
                    line={line}
                    totalUsers={draft.NumberOfUsers}
                    prices={shown?.Lines[i]}
                    currency={currency}
                    unmet={unmet.get(line.Key) ?? []}
                    isReadOnly={isReadOnly}
                    addingName={addingName}
                    onAmount={(amount) => updateLines((lines) => changeAmount(lines, line.Key, amount, draft.NumberOfUsers))}
                    onField={(field, value) => updateLines((lines) => changeField(lines, line.Key, field, value))}
                    onRemove={() => updateLines((lines) => removeLine(lines, line.Key))}
                    onAddDependency={(name) => void handleAdd(name)}
                  />
                ))}
              </QuoteDropZone>
              <QuoteTotals
                hasLines={draft.Lines.length > 0}
                currency={currency}
                totals={shown}
                isPricing={pricing.isFetching || (pricingInput !== null && !liveMatches && !isReadOnly)}
                error={isReadOnly ? null : pricing.error}
                charges={!isReadOnly && liveMatches ? (live?.Charges ?? null) : null}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </QuoteDnd>

      {route.kind === 'new' && (
        <NewQuoteModal
          templates={templateItems}
          isLoadingTemplates={templates.isPending}
          onCreate={handleNew}
          onClose={backToQuote}
        />
      )}
      {(route.kind === 'load' || route.kind === 'delete') && (
        <LoadQuotesModal
          mode={route.kind}
          canDelete={canDelete}
          onOpen={(q) => onNavigate({ kind: 'edit', id: q.Id, revision: q.RevisionNumber })}
          onDeleted={(id) => {
            if (id === draft.Id) {
              setDraft(emptyDraft({ ...RESET_QUOTE_DEFAULTS, PriceTemplateId: firstTemplate }));
              setUsersText(String(RESET_QUOTE_DEFAULTS.NumberOfUsers));
              setLoadedKey(null);
            }
          }}
          onClose={backToQuote}
        />
      )}
      {route.kind === 'export' && (
        <ExportQuoteModal
          type={route.type}
          quote={savedQuote ? { ...savedQuote, hasUnsavedChanges: draft.isDirty } : null}
          isAllowed={route.type === 'pdf' || canExportXlsx}
          onClose={backToQuote}
        />
      )}
    </Stack>
  );
}

/** [M1.1] [M9.3] The monthly and setup totals as the server priced them, in the quote's currency. */
function QuoteTotals(props: {
  hasLines: boolean;
  currency: string | null;
  totals: { TotalRC: string | null; TotalNRC: string | null } | null;
  isPricing: boolean;
  error: Error | null;
  charges: Parameters<typeof ChargeSummaryTable>[0]['charges'] | null;
}) {
  const { t } = useTranslation();
  if (!props.hasLines) return null;
  const money = (amount: string | null | undefined) =>
    amount === undefined ? '…' : amount === null ? t('salesQuotes.line.noPrice') : formatMoney(amount, props.currency);
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('salesQuotes.totals.label')} aria-busy={props.isPricing}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('salesQuotes.totals.label')}</Text>
          {props.isPricing && <Loader size="xs" aria-label={t('salesQuotes.totals.pricing')} />}
        </Group>
        {props.error && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.totals.failed')}>
            {messageOf(props.error)}
          </ReadableAlert>
        )}
        <Group gap="xl" wrap="wrap">
          <Text data-testid="total-monthly">
            {t('salesQuotes.totals.monthly')}: <strong>{money(props.totals?.TotalRC)}</strong>
          </Text>
          <Text data-testid="total-setup">
            {t('salesQuotes.totals.setup')}: <strong>{money(props.totals?.TotalNRC)}</strong>
          </Text>
        </Group>
        {props.charges && <ChargeSummaryTable charges={props.charges} label={t('salesQuotes.totals.firstInvoice')} />}
      </Stack>
    </Paper>
  );
}
