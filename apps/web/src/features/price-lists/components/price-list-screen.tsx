import { Anchor, Box, Button, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Marketplace, MarketplaceServiceTile } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { usePriceList, usePriceListServices } from '../api/use-price-lists';
import { marketplaceControls, type PriceListPermissions } from '../utils/permissions';
import { AddServicesModal } from './add-services-modal';
import { AssigneesPanel } from './assignees-panel';
import { CopyPriceListModal } from './copy-price-list-modal';
import { DeletePriceListModal } from './delete-price-list-modal';
import { NameEditor } from './name-editor';
import { PriceListConfiguration, SrpSyncSwitch } from './price-list-settings';
import { RemoveServiceModal } from './remove-service-modal';
import { ServiceTile } from './service-tile';

export interface PriceListServicesQuery {
  page: number;
  search: string;
}

/** What the price editing components (wired by the page) get to render in their places. */
export interface PriceListSlotContext {
  list: Marketplace;
  isEditMode: boolean;
}

export interface PriceListScreenProps {
  id: number;
  isEditMode: boolean;
  /** The service tiles' page and search of the address this render shows. */
  query: PriceListServicesQuery;
  /**
   * The query of the address at this moment (decision 0072): the router renders a navigation in a transition, so the
   * pager builds the next query from this one, never from `query` (a search applied, then a page chosen at once, would
   * lose the search).
   */
  readQuery: () => PriceListServicesQuery;
  onQueryChange: (query: PriceListServicesQuery) => void;
  permissions: PriceListPermissions;
  hrefForView: string;
  hrefForEdit: string;
  hrefForList: string;
  hrefForAccount: (id: number) => string;
  /** [M2.21] After a copy. */
  onOpenCopy: (id: number) => void;
  /** [M2.23] After deleting. */
  onDeleted: () => void;
  /** The place of "Edit all prices", "Export prices", "Manage pricing rules", "Markup", "Review terms" (prices feature). */
  renderToolbarActions?: (context: PriceListSlotContext) => ReactNode;
  /** The place of a service tile's "Edit prices" (prices feature). */
  renderServiceActions?: (context: PriceListSlotContext & { service: MarketplaceServiceTile }) => ReactNode;
}

/**
 * [M2.20] [M2.27] The marketplace root: name, add-services mode, pricelist configuration, auto SRP sync switch,
 * service tiles with paging, assignees. Edit controls only in edit mode [M6.19].
 */
export function PriceListScreen(props: PriceListScreenProps) {
  const { t } = useTranslation();
  const list = usePriceList(props.id);

  if (!props.permissions.canRead) {
    return (
      <ReadableAlert color="yellow" role="alert">
        {t('priceLists.denied')}
      </ReadableAlert>
    );
  }
  if (!(props.id > 0)) {
    return (
      <Stack gap="sm" align="flex-start">
        <ReadableAlert color="yellow" role="alert">
          {t('priceLists.missing')}
        </ReadableAlert>
        <Anchor href={props.hrefForList}>{t('priceLists.backToList')}</Anchor>
      </Stack>
    );
  }
  if (list.isPending) return <Loader aria-label={t('app.loading')} />;
  if (list.isError) {
    const status = list.error instanceof ApiError ? list.error.status : 0;
    return (
      <Stack gap="sm" align="flex-start">
        <ReadableAlert color={status === 404 || status === 403 ? 'yellow' : 'red'} role="alert">
          {status === 404
            ? t('priceLists.missing')
            : status === 403
              ? t('priceLists.denied')
              : t('app.loadFailed', { message: list.error.message })}
        </ReadableAlert>
        <Anchor href={props.hrefForList}>{t('priceLists.backToList')}</Anchor>
      </Stack>
    );
  }
  return <LoadedPriceList {...props} list={list.data} />;
}

function LoadedPriceList(props: PriceListScreenProps & { list: Marketplace }) {
  const { t } = useTranslation();
  const { list, permissions, isEditMode, query: q } = props;
  const controls = marketplaceControls({ permissions, list, isEditMode });
  const services = usePriceListServices(list.Id, q.page, q.search);
  const [text, setText] = useState(q.search);
  const [dialog, setDialog] = useState<'add' | 'copy' | 'delete' | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const applySearch = useDebouncedCallback((search: string) => props.onQueryChange({ page: 1, search: search.trim() }), 300);
  const data = services.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const slot = { list, isEditMode };

  return (
    <Stack gap="md">
      <Anchor href={props.hrefForList} size="sm">
        {t('priceLists.backToList')}
      </Anchor>
      <NameEditor key={list.Name} list={list} canRename={controls.canRename} />
      <Text size="sm" c="dimmed">
        {t('priceLists.summary', {
          owner: list.OwnerName,
          services: t('priceLists.serviceTotal', { count: list.ServiceCount }),
          assignees: t('priceLists.assigneeTotal', { count: list.AssigneeCount }),
          priority: list.Priority,
          mode: t(`priceLists.pricingMode.${list.PricingMode}`),
        })}
      </Text>
      {!list.IsOwn && (
        <ReadableAlert color="blue" role="status">
          {t('priceLists.assignedToYou', { owner: list.OwnerName })}
        </ReadableAlert>
      )}
      <Group gap="sm" role="toolbar" aria-label={t('priceLists.toolbar')}>
        {controls.canOpenEditMode && (
          <Button component="a" href={props.hrefForEdit}>
            {t('priceLists.edit')}
          </Button>
        )}
        {isEditMode && (
          <Button component="a" href={props.hrefForView} variant="default">
            {t('priceLists.doneEditing')}
          </Button>
        )}
        {controls.canAddServices && <Button onClick={() => setDialog('add')}>{t('priceLists.addServices')}</Button>}
        {controls.canCopy && (
          <Button variant="default" onClick={() => setDialog('copy')}>
            {t('priceLists.copy')}
          </Button>
        )}
        {props.renderToolbarActions?.(slot)}
        {controls.canDelete && (
          <Button color="red" variant="default" onClick={() => setDialog('delete')}>
            {t('priceLists.delete')}
          </Button>
        )}
      </Group>
      {controls.showSrpSync && <SrpSyncSwitch list={list} canToggle={controls.canToggleSrpSync} />}
      {controls.showConfiguration && (
        <PriceListConfiguration
          key={list.Version}
          list={list}
          controls={controls}
          canReadPropagation={permissions.canReadPropagation}
          canReadAutoAdd={permissions.canReadAutoAdd}
        />
      )}
      <Stack gap="sm" component="section" aria-labelledby="price-list-services">
        <Title order={2} size="h4" id="price-list-services">
          {t('priceLists.servicesTitle')}
        </Title>
        <TextInput
          label={t('priceLists.searchServices')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            applySearch(e.currentTarget.value);
          }}
          w="100%"
          maw={360}
          rightSection={services.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
        />
        {services.isPending && <Loader aria-label={t('app.loading')} />}
        {services.isError && (
          <ReadableAlert color="red" role="alert">
            {t('app.loadFailed', { message: services.error.message })}
          </ReadableAlert>
        )}
        {data && data.Items.length === 0 && (
          <Stack gap="xs" align="flex-start" data-testid="price-list-services-empty">
            <Text c="dimmed">{q.search ? t('priceLists.noServicesFound') : t('priceLists.noServices')}</Text>
            {!q.search && controls.canAddServices && (
              <Button variant="default" onClick={() => setDialog('add')}>
                {t('priceLists.addServices')}
              </Button>
            )}
          </Stack>
        )}
        {data && data.Items.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={services.isFetching}>
            {data.Items.map((s) => {
              const extra = props.renderServiceActions?.({ ...slot, service: s });
              return (
                <ServiceTile
                  key={s.ServiceId}
                  name={s.DisplayName}
                  vendor={s.OwnerName}
                  category={s.Category}
                  description={s.ShortDescription}
                  status={s.Status}
                >
                  {extra || controls.canRemoveServices ? (
                    <>
                      {extra}
                      {controls.canRemoveServices && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setRemoving({ id: s.ServiceId, name: s.DisplayName })}
                          aria-label={t('priceLists.removeService', { name: s.DisplayName })}
                        >
                          {t('priceLists.remove.action')}
                        </Button>
                      )}
                    </>
                  ) : null}
                </ServiceTile>
              );
            })}
          </SimpleGrid>
        )}
        {data && data.Total > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('priceLists.serviceTotal', { count: data.Total })}
            </Text>
            {pages > 1 && (
              <Box component="nav" aria-label={t('priceLists.servicePages')}>
                <Pagination
                  total={pages}
                  value={q.page}
                  onChange={(page) => props.onQueryChange({ ...props.readQuery(), page })}
                  getControlProps={(control) => ({ 'aria-label': t(`priceLists.pager.${control}`) })}
                  getItemProps={(page) => ({ 'aria-label': t('priceLists.pager.page', { page }) })}
                />
              </Box>
            )}
          </Group>
        )}
      </Stack>
      {/* The assignees are the owner's customers: an assignee does not see the others. */}
      {list.IsOwn && <AssigneesPanel list={list} canAssign={controls.canAssign} hrefForAccount={props.hrefForAccount} />}
      {dialog === 'add' && <AddServicesModal list={list} onClose={() => setDialog(null)} />}
      {dialog === 'copy' && <CopyPriceListModal list={list} onClose={() => setDialog(null)} onOpen={props.onOpenCopy} />}
      {dialog === 'delete' && <DeletePriceListModal list={list} onClose={() => setDialog(null)} onDeleted={props.onDeleted} />}
      {removing && <RemoveServiceModal list={list} service={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
