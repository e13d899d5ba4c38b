import { Box, Button, Group, Loader, Modal, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useViewportSize } from '@mantine/hooks';
import type { Marketplace } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePriceListServices } from '../api/use-price-list-mutations';
import { useCatalogueForPriceList } from '../api/use-price-lists';
import { addViewStatus } from '../utils/permissions';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';
import { RemoveServiceModal } from './remove-service-modal';
import { ServiceTile } from './service-tile';

/** [M9.9] The add-services window is at least 1200 wide and the window's height minus 60. */
const ADD_WINDOW_MIN_WIDTH = 1200;
const ADD_WINDOW_HEIGHT_MARGIN = 60;
const PAGE_LIMIT = 12;

/**
 * [M2.25] [M4.13] Add services to a price list: the catalogue (SearchServices, Source Global, this list as
 * MarketplaceId) with each service Active or Added; Add sets Added, Remove brings it back to Active.
 */
export function AddServicesModal(props: { list: Marketplace; onClose: () => void }) {
  const { t } = useTranslation();
  const { height } = useViewportSize();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const result = useCatalogueForPriceList(props.list.Id, { text: search, page, limit: PAGE_LIMIT });
  const add = useUpdatePriceListServices(props.list.Id);
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.Limit)) : 1;
  const failure = (priceListConflictOf(add.error) ? null : add.error) ?? result.error;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('priceLists.add.title', { name: props.list.Name })}
      size={`max(${ADD_WINDOW_MIN_WIDTH}px, 80vw)`}
      styles={{ content: { height: height > 0 ? height - ADD_WINDOW_HEIGHT_MARGIN : undefined } }}
      closeButtonProps={{ 'aria-label': t('priceLists.close') }}
      yOffset={ADD_WINDOW_HEIGHT_MARGIN / 2}
      xOffset={16}
    >
      <Stack>
        <TextInput
          label={t('priceLists.add.search')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          w={400}
          rightSection={result.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
          data-autofocus
        />
        <PriceListConflictAlert mutation={add} />
        {failure && (
          <ReadableAlert color="red" role="alert">
            {failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.message) : failure.message}
          </ReadableAlert>
        )}
        {result.isPending && <Loader aria-label={t('app.loading')} />}
        {data && data.Services.length === 0 && <Text c="dimmed">{t('priceLists.add.empty')}</Text>}
        {data && data.Services.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} aria-busy={result.isFetching}>
            {data.Services.map((s) => {
              const status = addViewStatus(s.Status);
              return (
                <ServiceTile
                  key={s.Id}
                  name={s.DisplayName}
                  vendor={s.OwnerAccountName}
                  category={s.ServiceCategoryDisplayName}
                  description={s.ShortDescription}
                  status={status}
                >
                  {status === 'Added' ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setRemoving({ id: s.Id, name: s.DisplayName })}
                      aria-label={t('priceLists.removeService', { name: s.DisplayName })}
                    >
                      {t('priceLists.remove.action')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      onClick={() => add.mutate({ services: [s.Id], flag: true, version: props.list.Version })}
                      loading={add.isPending && add.variables?.services[0] === s.Id}
                      aria-label={t('priceLists.add.addService', { name: s.DisplayName })}
                    >
                      {t('priceLists.add.action')}
                    </Button>
                  )}
                </ServiceTile>
              );
            })}
          </SimpleGrid>
        )}
        {data && pages > 1 && (
          <Box component="nav" aria-label={t('priceLists.add.pages')}>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`priceLists.pager.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('priceLists.pager.page', { page: p }) })}
            />
          </Box>
        )}
        <Group justify="flex-end">
          <Button onClick={props.onClose}>{t('priceLists.add.done')}</Button>
        </Group>
      </Stack>
      {removing && <RemoveServiceModal list={props.list} service={removing} onClose={() => setRemoving(null)} />}
    </Modal>
  );
}
