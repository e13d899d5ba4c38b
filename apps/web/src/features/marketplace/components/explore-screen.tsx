import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  defaultSortDirection,
  EXPLORE_PAGE_SIZES,
  type ExploreQueryOptions,
  exploreView,
  SEARCH_ORDER_KEYS,
  type SearchOrderKey,
  type SearchService,
  type SearchSourceType,
  searchInputFromExploreQuery,
  searchOptionsFromExploreQuery,
  updateExploreQuery,
} from '@portal/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { fileUrl } from '../../../lib/file-url';
import { useSearchMetadata, useSearchServices } from '../api/use-marketplace';
import { FilterChip } from './filter-chip';
import { NewlyAddedCarousel } from './newly-added-carousel';
import { SearchBox } from './search-box';
import { ServiceCard } from './service-card';
import { TagList } from './tag-list';
import { VendorProfilePanel } from './vendor-profile-panel';

export interface ExploreScreenProps {
  /** The query of the address this render shows. */
  query: ExploreQueryOptions;
  /**
   * The query of the address at this moment. The router renders a navigation in a transition, so a click can come
   * while the screen still shows the address before: every control builds the next address from this one, never from
   * `query` (a chip removed, then another one clicked at once, would otherwise bring the first filter back).
   */
  readQuery: () => ExploreQueryOptions;
  /** The v2 route fixes the source in its path [M2.19]; explore searches Global. */
  source: SearchSourceType;
  onQueryChange: (next: ExploreQueryOptions) => void;
  hrefForQuery: (next: ExploreQueryOptions) => string;
  hrefForService: (id: number) => string;
  onOpenService: (id: number) => void;
  /**
   * The vendor profile panel of the one vendor filtered on; the page may compose the vendor-profile
   * feature's panel (with the description) here. Without it the panel shows the logo and name.
   */
  /** An action of each result's card, such as ordering it for the account whose tab shows it [A2.14]. */
  renderServiceAction?: (service: SearchService) => ReactNode;
  renderVendorPanel?: (vendor: {
    ownerId: number;
    name: string;
    icon: string | null;
    serviceCount: number;
    onClose: () => void;
  }) => ReactNode;
  /** Controls shown under the title, above the search (the v2 route's account chooser). */
  toolbar?: ReactNode;
}

const ALL_CATEGORIES = '';

/** A change of the query: the fields to set, or a function of the query in the address when the change is made. */
type QueryPatch = Partial<ExploreQueryOptions> | ((now: ExploreQueryOptions) => Partial<ExploreQueryOptions>);

const patchOf = (now: ExploreQueryOptions, patch: QueryPatch) => (typeof patch === 'function' ? patch(now) : patch);

/** A click the app follows itself: the main button without a key held (others open a new tab or window). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const withOwner = (id: number) => (now: ExploreQueryOptions) => ({
  ownerIds: now.ownerIds.includes(id) ? now.ownerIds : [...now.ownerIds, id],
});
const withTag = (tag: string) => (now: ExploreQueryOptions) => ({
  tags: now.tags.includes(tag) ? now.tags : [...now.tags, tag],
});
const NO_FILTERS = { categories: [], ownerIds: [], tags: [], name: '', newOnly: false };

/**
 * [M2.18] [M2.26] [M4.17] Explore: the category dropdown, search with autocomplete, vendor and filter
 * tags, sorting and paged results, in one of three views: home (no filter: newly added services and
 * every service), category (only a category: its vendors as tiles, then its services) and results
 * (any vendor, tag, name or new-only filter; one vendor shows its profile panel).
 */
export function ExploreScreen({
  query: q,
  readQuery,
  source,
  onQueryChange,
  hrefForQuery,
  hrefForService,
  onOpenService,
  renderVendorPanel,
  renderServiceAction,
  toolbar,
}: ExploreScreenProps) {
  const { t } = useTranslation();
  const view = exploreView(q);
  const change = (patch: QueryPatch) => {
    const now = readQuery();
    onQueryChange(updateExploreQuery(now, patchOf(now, patch)));
  };
  // A link's address is made from the rendered query (opened in a new tab as it reads); a plain click is followed
  // from the address at that moment, as the other controls are.
  const linkTo = (patch: QueryPatch) => ({
    href: hrefForQuery(updateExploreQuery(q, patchOf(q, patch))),
    onClick: (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      change(patch);
    },
  });

  const searchInput = searchInputFromExploreQuery(q);
  const results = useSearchServices(searchInput);
  // The whole source, for the category dropdown: every category stays choosable whatever else is filtered.
  const sourceOptions = searchOptionsFromExploreQuery({ ...q, categories: [], ownerIds: [], tags: [], name: '', newOnly: false });
  const sourceMeta = useSearchMetadata(sourceOptions);
  const meta = useSearchMetadata(searchInput.options ?? {});
  const error = results.error ?? sourceMeta.error;
  const isDenied = error instanceof ApiError && error.status === 403;
  const isMissing = error instanceof ApiError && error.status === 404;

  const vendorName = (id: number) =>
    sourceMeta.data?.Vendors.find((v) => v.OwnerAccountId === id)?.OwnerAccountName ??
    t('marketplace.filters.vendorFallback', { id });
  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.Limit)) : 1;
  const onlyVendor =
    q.ownerIds.length === 1 ? sourceMeta.data?.Vendors.find((v) => v.OwnerAccountId === q.ownerIds[0]) : undefined;
  const hasFilters = q.ownerIds.length + q.tags.length > 0 || q.name !== '' || q.newOnly;
  const title = source === 'Global' ? t('marketplace.title') : t(`marketplace.source.${source}`);

  if (isDenied) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <ReadableAlert color="yellow" role="alert" title={t('marketplace.denied.title')}>
          {t('marketplace.denied.message')}
        </ReadableAlert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {toolbar}
      {isMissing && (
        <ReadableAlert color="yellow" role="alert">
          {t('marketplace.missingSource')}
        </ReadableAlert>
      )}
      <Group align="flex-end" gap="md" role="search" aria-label={t('marketplace.search.region')}>
        <Select
          label={t('marketplace.filters.category')}
          value={q.categories.length === 1 ? (q.categories[0] as string) : ALL_CATEGORIES}
          onChange={(v) => change({ categories: v ? [v] : [] })}
          data={[
            { value: ALL_CATEGORIES, label: t('marketplace.filters.allCategories') },
            ...(sourceMeta.data?.Categories ?? []).map((c) => ({
              value: c.ServiceCategoryName,
              label: t('marketplace.filters.categoryOption', { name: c.ServiceCategoryDisplayName, count: c.Count }),
            })),
          ]}
          allowDeselect={false}
          w={260}
        />
        <SearchBox
          value={q.name}
          options={{ ...searchInput.options, DisplayName: '' }}
          onSearch={(name) => change({ name })}
          onPickService={onOpenService}
          onPickVendor={(id) => change((now) => ({ ...withOwner(id)(now), name: '' }))}
          onPickTag={(tag) => change((now) => ({ ...withTag(tag)(now), name: '' }))}
        />
        <Select
          label={t('marketplace.sort.label')}
          value={q.order.key}
          onChange={(v) =>
            v && change({ order: { key: v as SearchOrderKey, direction: defaultSortDirection(v as SearchOrderKey) } })
          }
          data={SEARCH_ORDER_KEYS.map((key) => ({ value: key, label: t(`marketplace.sort.${key}`) }))}
          allowDeselect={false}
          w={180}
        />
        <ActionIcon
          variant="default"
          size="lg"
          mb={1}
          onClick={() =>
            change((now) => ({ order: { key: now.order.key, direction: now.order.direction === 'ASC' ? 'DESC' : 'ASC' } }))
          }
          aria-label={q.order.direction === 'ASC' ? t('marketplace.sort.ascending') : t('marketplace.sort.descending')}
          title={q.order.direction === 'ASC' ? t('marketplace.sort.ascending') : t('marketplace.sort.descending')}
        >
          {q.order.direction === 'ASC' ? '↑' : '↓'}
        </ActionIcon>
        <Switch
          label={t('marketplace.filters.newOnly')}
          checked={q.newOnly}
          onChange={(e) => change({ newOnly: e.currentTarget.checked })}
          mb={6}
        />
      </Group>

      {hasFilters && (
        <Group gap="xs" aria-label={t('marketplace.filters.active')} role="group">
          <Text size="sm" fw={500}>
            {t('marketplace.filters.active')}
          </Text>
          {q.name !== '' && (
            <FilterChip
              label={t('marketplace.filters.name', { name: q.name })}
              removeLabel={t('marketplace.filters.removeName', { name: q.name })}
              onRemove={() => change({ name: '' })}
            />
          )}
          {q.ownerIds.map((id) => (
            <FilterChip
              key={`o${id}`}
              label={vendorName(id)}
              removeLabel={t('marketplace.filters.removeVendor', { name: vendorName(id) })}
              onRemove={() => change((now) => ({ ownerIds: now.ownerIds.filter((o) => o !== id) }))}
            />
          ))}
          {q.tags.map((tag) => (
            <FilterChip
              key={`t${tag}`}
              label={`#${tag}`}
              removeLabel={t('marketplace.filters.removeTag', { tag })}
              onRemove={() => change((now) => ({ tags: now.tags.filter((x) => x !== tag) }))}
            />
          ))}
          {q.newOnly && (
            <FilterChip
              label={t('marketplace.filters.newOnly')}
              removeLabel={t('marketplace.filters.removeNewOnly')}
              onRemove={() => change({ newOnly: false })}
            />
          )}
          <Anchor {...linkTo({ name: '', ownerIds: [], tags: [], newOnly: false })} size="sm">
            {t('marketplace.filters.clear')}
          </Anchor>
        </Group>
      )}

      <Stack gap={4}>
        <TagList
          label={t('marketplace.tags.vendors')}
          count={meta.data?.Vendors.length ?? 0}
          empty={q.tags.length > 0 ? t('marketplace.empty.noVendorsWithTags') : t('marketplace.tags.none')}
        >
          {(meta.data?.Vendors ?? []).map((v) => (
            <Box role="listitem" key={v.OwnerAccountId}>
              <Anchor
                {...linkTo(withOwner(v.OwnerAccountId))}
                size="sm"
                aria-current={q.ownerIds.includes(v.OwnerAccountId) ? 'true' : undefined}
                fw={q.ownerIds.includes(v.OwnerAccountId) ? 700 : 400}
              >
                {t('marketplace.tags.withCount', { name: v.OwnerAccountName, count: v.Count })}
              </Anchor>
            </Box>
          ))}
        </TagList>
        <TagList label={t('marketplace.tags.tags')} count={meta.data?.Tags.length ?? 0} empty={t('marketplace.tags.none')}>
          {(meta.data?.Tags ?? []).map((tag) => (
            <Box role="listitem" key={tag.TagValue}>
              <Anchor
                {...linkTo(withTag(tag.TagValue))}
                size="sm"
                aria-current={q.tags.includes(tag.TagValue) ? 'true' : undefined}
                fw={q.tags.includes(tag.TagValue) ? 700 : 400}
              >
                {t('marketplace.tags.withCount', { name: `#${tag.TagValue}`, count: tag.Count })}
              </Anchor>
            </Box>
          ))}
        </TagList>
      </Stack>

      {view === 'home' && <NewlyAddedCarousel options={searchOptionsFromExploreQuery(q)} hrefForService={hrefForService} />}

      {view === 'category' && (
        <Box component="section" aria-labelledby="vendor-tiles-title">
          <Title order={2} size="h4" id="vendor-tiles-title" mb="xs">
            {t('marketplace.category.vendors')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            {(meta.data?.Vendors ?? []).map((v) => (
              <UnstyledButton
                key={v.OwnerAccountId}
                onClick={() => change({ ownerIds: [v.OwnerAccountId] })}
                aria-label={t('marketplace.category.vendorTile', { name: v.OwnerAccountName, count: v.Count })}
              >
                <Card withBorder radius="md" padding="sm">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={fileUrl(v.OwnerProfileIcon)} size={44} radius="sm" alt="" aria-hidden>
                      {v.OwnerAccountName.slice(0, 1)}
                    </Avatar>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {v.OwnerAccountName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('marketplace.category.serviceCount', { count: v.Count })}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Box>
      )}

      {view === 'results' &&
        onlyVendor &&
        (renderVendorPanel ?? ((v) => <VendorProfilePanel {...v} />))({
          ownerId: onlyVendor.OwnerAccountId,
          name: onlyVendor.OwnerAccountName,
          icon: onlyVendor.OwnerProfileIcon,
          serviceCount: onlyVendor.Count,
          onClose: () => change({ ownerIds: [] }),
        })}

      <Box component="section" aria-labelledby="results-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="results-title">
            {view === 'home' ? t('marketplace.results.all') : t('marketplace.results.title')}
          </Title>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('marketplace.results.total', { count: data.Total })}
            </Text>
          )}
        </Group>
        {results.isPending && <Loader aria-label={t('app.loading')} />}
        {results.isError && !isMissing && (
          <ReadableAlert color="red" role="alert">
            {t('app.loadFailed', { message: results.error.message })}
          </ReadableAlert>
        )}
        {data && data.Services.length === 0 && (
          <Stack gap={4} data-testid="explore-empty">
            <Text fw={600}>{t('marketplace.empty.noServices')}</Text>
            {view !== 'home' && (
              <Text size="sm">
                {t('marketplace.empty.noMatch')} <Anchor {...linkTo(NO_FILTERS)}>{t('marketplace.empty.searchAll')}</Anchor>
              </Text>
            )}
          </Stack>
        )}
        {data && data.Services.length > 0 && (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}
            spacing="md"
            style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={results.isPlaceholderData}
          >
            {data.Services.map((s) => (
              <ServiceCard
                key={s.Id}
                service={s}
                href={hrefForService(s.Id)}
                linkToVendor={(id) => linkTo({ ownerIds: [id] })}
                linkToTag={(tag) => linkTo({ tags: [tag] })}
                action={renderServiceAction?.(s)}
              />
            ))}
          </SimpleGrid>
        )}
        {data && data.Total > 0 && (
          <Group justify="space-between" mt="md">
            <Select
              label={t('marketplace.results.pageSize')}
              value={String(q.limit)}
              onChange={(v) => v && change({ limit: Number(v) })}
              data={EXPLORE_PAGE_SIZES.map((n) => String(n))}
              allowDeselect={false}
              w={100}
              size="xs"
            />
            {pages > 1 && (
              <Box component="nav" aria-label={t('marketplace.results.pages')}>
                <Pagination
                  total={pages}
                  value={Math.min(q.page, pages)}
                  onChange={(page) => change({ page })}
                  getControlProps={(control) => ({ 'aria-label': t(`marketplace.pager.${control}`) })}
                  getItemProps={(page) => ({ 'aria-label': t('marketplace.pager.page', { page }) })}
                />
              </Box>
            )}
          </Group>
        )}
      </Box>
    </Stack>
  );
}
