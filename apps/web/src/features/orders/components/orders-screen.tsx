import { Anchor, Box, Group, Loader, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  ORDER_STATUS_VALUES,
  ORDERS_PAGE_SIZES,
  ORDERS_READ_CAPABILITY_KEYS,
  type OrderStatusValue,
  type OrderSummary,
} from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useChannel } from '../../../lib/event-bus';
import { type OrdersQuery, useOrders } from '../api/use-orders';
import { ApproveOrderModal, DeclineOrderModal } from './order-review-modals';
import { OrdersTable } from './orders-table';

export interface OrdersScreenProps {
  /** The query of the address this render shows. */
  query: OrdersQuery;
  /**
   * The query of the address at this moment (decision 0072). The router renders a navigation in a transition, so a
   * control can be used while the screen still shows the address before: every control builds the next query from
   * this one, never from `query` (a status chosen, then the page size changed at once, would lose the status).
   */
  readQuery: () => OrdersQuery;
  onQueryChange: (query: OrdersQuery) => void;
  /** Decision 0045: an order's page; a row opens it. */
  hrefForOrder: (orderNumber: string) => string;
  onOpenOrder: (orderNumber: string) => void;
  /** [M2.60] The page's action bar, under the title. */
  actions?: ReactNode;
}

/** [M2.60] The event bus channel of the orders list: `{ type: 'refresh' }` loads the list again. */
export const ORDERS_CHANNEL = 'orders';

const ALL = 'all';

/** [A2.33] [M6.11] #/Orders: the orders of the subscriptions the viewer can see, searched, filtered and paged [M9.13]. */
export function OrdersScreen({ query: q, readQuery, onQueryChange, hrefForOrder, onOpenOrder, actions }: OrdersScreenProps) {
  const { t } = useTranslation();
  const change = (patch: Partial<OrdersQuery>) => onQueryChange({ ...readQuery(), ...patch });
  const result = useOrders(q);
  useChannel(ORDERS_CHANNEL, (message) => {
    if ((message as { type?: unknown } | null)?.type === 'refresh') void result.refetch();
  });
  const [text, setText] = useState(q.search);
  // Decision 0032: the order being approved or declined, in a modal.
  const [review, setReview] = useState<{ kind: 'approve' | 'decline'; order: OrderSummary } | null>(null);
  // [M9.13] Search debounce 300 ms.
  const applySearch = useDebouncedCallback((search: string) => change({ page: 1, search: search.trim() }), 300);
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const isDenied = result.error instanceof ApiError && result.error.status === 403;
  const isMissing = result.error instanceof ApiError && result.error.status === 404;
  const filtered = q.search !== '' || q.status !== null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('orders.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('orders.intro')}
      </Text>
      {!isDenied && actions}
      {isDenied ? (
        <NoAccess needs={ORDERS_READ_CAPABILITY_KEYS} />
      ) : (
        <>
          {q.accountId !== null && (
            <Group gap="xs">
              <Text size="sm">{t('orders.oneSubscription')}</Text>
              <Anchor component="button" type="button" size="sm" onClick={() => change({ page: 1, accountId: null })}>
                {t('orders.showAll')}
              </Anchor>
            </Group>
          )}
          <Group align="flex-end" gap="md">
            <TextInput
              label={t('orders.search')}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                applySearch(e.currentTarget.value);
              }}
              w={{ base: '100%', xs: 360 }}
              rightSection={result.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
            />
            <Select
              label={t('orders.statusFilter')}
              value={q.status ?? ALL}
              onChange={(v) => change({ page: 1, status: !v || v === ALL ? null : (v as OrderStatusValue) })}
              data={[
                { value: ALL, label: t('orders.allStatuses') },
                ...ORDER_STATUS_VALUES.map((s) => ({ value: s, label: t(`orders.status.${s}`) })),
              ]}
              allowDeselect={false}
              w={200}
            />
          </Group>
          {result.isPending && <Loader aria-label={t('app.loading')} />}
          {result.isError && !isDenied && (
            <ReadableAlert color={isMissing ? 'yellow' : 'red'} role="alert">
              {isMissing ? t('orders.subscriptionMissing') : t('app.loadFailed', { message: result.error.message })}
            </ReadableAlert>
          )}
          {data && data.Items.length === 0 && (
            <Text c="dimmed" data-testid="orders-empty">
              {filtered ? t('orders.emptyFiltered') : t('orders.empty')}
            </Text>
          )}
          {data && data.Items.length > 0 && (
            <OrdersTable
              items={data.Items}
              isBusy={result.isFetching}
              hrefForOrder={hrefForOrder}
              onOpenOrder={onOpenOrder}
              onApprove={(order) => setReview({ kind: 'approve', order })}
              onDecline={(order) => setReview({ kind: 'decline', order })}
            />
          )}
          {data && data.Total > 0 && (
            <Group justify="space-between">
              <Group gap="md">
                <Text size="sm" c="dimmed">
                  {t('orders.total', { count: data.Total })}
                </Text>
                <Select
                  label={t('orders.pageSize')}
                  value={String(q.pageSize)}
                  onChange={(v) => v && change({ page: 1, pageSize: Number(v) })}
                  data={ORDERS_PAGE_SIZES.map((n) => String(n))}
                  allowDeselect={false}
                  w={90}
                  size="xs"
                />
              </Group>
              {pages > 1 && (
                <Box component="nav" aria-label={t('orders.pages')}>
                  <Pagination
                    total={pages}
                    value={q.page}
                    onChange={(page) => change({ page })}
                    getControlProps={(control) => ({ 'aria-label': t(`orders.pager.${control}`) })}
                    getItemProps={(page) => ({ 'aria-label': t('orders.pager.page', { page }) })}
                  />
                </Box>
              )}
            </Group>
          )}
        </>
      )}
      {review?.kind === 'approve' && <ApproveOrderModal order={review.order} onClose={() => setReview(null)} />}
      {review?.kind === 'decline' && <DeclineOrderModal order={review.order} onClose={() => setReview(null)} />}
    </Stack>
  );
}
