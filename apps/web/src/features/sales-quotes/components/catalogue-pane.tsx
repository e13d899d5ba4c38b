import { useDraggable } from '@dnd-kit/core';
import { Avatar, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SearchService } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { fileUrl } from '../../../lib/file-url';
import { useCatalogue } from '../api/use-sales-quotes';
import { catalogueDragId } from '../utils/quote-drag';

export interface CataloguePaneProps {
  priceList: number | null;
  search: string;
  onSearchChange: (text: string) => void;
  /** Adds the service by name (the Add button; a drop does the same). */
  onAdd: (service: SearchService) => void;
  /** The service being looked up for a new line. */
  addingName: string | null;
  isReadOnly: boolean;
  /** The services shown, so drops and announcements can name them. */
  onNames: (services: SearchService[]) => void;
}

/**
 * [M2.2] [M9.2] The catalogue pane: the price list's services matching the search (page 1, at most 20). Each
 * service is dragged onto the quote (mouse, or keyboard: Space on the handle, an arrow key, Space) or added with
 * its Add button (Enter or Space).
 */
export function CataloguePane(props: CataloguePaneProps) {
  const { t } = useTranslation();
  const [search] = useDebouncedValue(props.search.trim(), 300);
  const result = useCatalogue(props.priceList, search);
  const services = result.data?.Services ?? [];
  const { onNames } = props;
  useEffect(() => {
    if (result.data) onNames(result.data.Services);
  }, [result.data, onNames]);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="sales-quote-catalogue">
      <Stack gap="xs">
        <Text fw={600} id="sales-quote-catalogue">
          {t('salesQuotes.catalogue.title')}
        </Text>
        <TextInput
          label={t('salesQuotes.catalogue.search')}
          value={props.search}
          onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          disabled={props.priceList === null}
          rightSection={result.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
        />
        {props.priceList === null && (
          <Text size="sm" c="dimmed">
            {t('salesQuotes.catalogue.choosePriceList')}
          </Text>
        )}
        {result.isPending && props.priceList !== null && <Loader size="sm" aria-label={t('salesQuotes.catalogue.loading')} />}
        {result.error && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.catalogue.failed')}>
            {result.error.message}
          </ReadableAlert>
        )}
        {result.data && services.length === 0 && (
          <Text size="sm" c="dimmed">
            {search ? t('salesQuotes.catalogue.noMatch', { search }) : t('salesQuotes.catalogue.empty')}
          </Text>
        )}
        {services.length > 0 && (
          <>
            {!props.isReadOnly && (
              <Text size="xs" c="dimmed">
                {t('salesQuotes.catalogue.dragHelp')}
              </Text>
            )}
            {/* The list scrolls within the pane, so the quote stays in view beside it while a service is dragged. */}
            <Box
              mah="min(60vh, 640px)"
              tabIndex={props.isReadOnly ? 0 : undefined}
              style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
            >
              <Stack gap={6} role="list" aria-label={t('salesQuotes.catalogue.list')} aria-busy={result.isFetching}>
                {services.map((s) => (
                  <CatalogueItem
                    key={s.Id}
                    service={s}
                    onAdd={() => props.onAdd(s)}
                    isAdding={props.addingName === s.ServiceName}
                    isReadOnly={props.isReadOnly}
                  />
                ))}
              </Stack>
            </Box>
            {result.data && result.data.Total > services.length && (
              <Text size="xs" c="dimmed">
                {t('salesQuotes.catalogue.more', { shown: services.length, total: result.data.Total })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function CatalogueItem(props: { service: SearchService; onAdd: () => void; isAdding: boolean; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const s = props.service;
  // The card stays in place (faded) while its copy in the drag overlay follows the pointer (QuoteDnd).
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: catalogueDragId(s.ServiceName),
    disabled: props.isReadOnly,
  });
  return (
    <Group
      ref={setNodeRef}
      role="listitem"
      gap="xs"
      wrap="nowrap"
      p={6}
      data-testid="catalogue-service"
      style={{
        opacity: isDragging ? 0.5 : undefined,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 6,
        background: 'var(--mantine-color-body)',
      }}
    >
      {!props.isReadOnly && (
        <UnstyledButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('salesQuotes.catalogue.drag', { name: s.DisplayName })}
          style={{ cursor: 'grab', padding: '4px 6px', lineHeight: 1, touchAction: 'none' }}
        >
          <span aria-hidden>⠿</span>
        </UnstyledButton>
      )}
      <Avatar src={fileUrl(s.Icon)} size={32} radius="sm" alt="" aria-hidden>
        {s.DisplayName.slice(0, 1)}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {s.DisplayName}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {s.OwnerAccountName}
          {s.Billing ? ` · ${s.Billing === 'FREE' ? t('salesQuotes.free') : s.Billing}` : ''}
        </Text>
      </Stack>
      {!props.isReadOnly && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={props.onAdd}
          loading={props.isAdding}
          aria-label={t('salesQuotes.catalogue.add', { name: s.DisplayName })}
        >
          {t('salesQuotes.catalogue.addShort')}
        </Button>
      )}
    </Group>
  );
}
