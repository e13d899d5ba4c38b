import { Box, Group, Loader, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useOutbox } from '../api/use-outbox';
import { OutboxMessageModal } from './outbox-message-modal';
import { OutboxTable } from './outbox-table';

/** The list's page and search, kept in the address. */
export interface OutboxQuery {
  page: number;
  search: string;
}

export interface OutboxScreenProps {
  /** The page and search of the address this render shows. */
  page: number;
  search: string;
  /**
   * The query of the address at this moment (decision 0072): the router renders a navigation in a transition, so the
   * pager builds the next query from this one, never from `search` (a search applied, then a page chosen at once, would
   * lose the search).
   */
  readQuery: () => OutboxQuery;
  /** The message open in the viewer, from the address. */
  messageId: string | null;
  onQueryChange: (query: OutboxQuery) => void;
  hrefForMessage: (id: string) => string;
  hrefForAccount: (id: number) => string;
  onCloseMessage: () => void;
}

/** The e-mails the portal sent to accounts the viewer can see, paged, with a message viewer. */
export function OutboxScreen(props: OutboxScreenProps) {
  const { t } = useTranslation();
  const query = useOutbox(props.page, props.search);
  const [text, setText] = useState(props.search);
  const applySearch = useDebouncedCallback((search: string) => props.onQueryChange({ page: 1, search: search.trim() }), 300);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const isDenied = query.error instanceof ApiError && query.error.status === 403;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('jobs.outbox.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('jobs.outbox.intro')}
      </Text>
      {isDenied ? (
        <NoAccess needs={['OUTBOX_READ']} />
      ) : (
        <>
          <TextInput
            label={t('jobs.outbox.search')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              applySearch(e.currentTarget.value);
            }}
            maw={420}
            rightSection={query.isFetching ? <Loader size="xs" /> : null}
          />
          {query.isPending && <Loader aria-label={t('app.loading')} />}
          {query.isError && (
            <ReadableAlert color="red" role="alert">
              {t('app.loadFailed', { message: query.error.message })}
            </ReadableAlert>
          )}
          {data && data.Items.length === 0 && (
            <Text c="dimmed">{props.search ? t('jobs.outbox.emptySearch') : t('jobs.outbox.empty')}</Text>
          )}
          {data && data.Items.length > 0 && (
            <OutboxTable
              items={data.Items}
              isBusy={query.isFetching}
              hrefForMessage={props.hrefForMessage}
              hrefForAccount={props.hrefForAccount}
            />
          )}
          {data && data.Total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('jobs.outbox.total', { count: data.Total })}
              </Text>
              {pages > 1 && (
                <Box component="nav" aria-label={t('jobs.outbox.pages')}>
                  <Pagination
                    total={pages}
                    value={props.page}
                    onChange={(page) => props.onQueryChange({ ...props.readQuery(), page })}
                    getControlProps={(control) => ({ 'aria-label': t(`jobs.outbox.pager.${control}`) })}
                    getItemProps={(page) => ({ 'aria-label': t('jobs.outbox.pager.page', { page }) })}
                  />
                </Box>
              )}
            </Group>
          )}
        </>
      )}
      {props.messageId && (
        <OutboxMessageModal id={props.messageId} onClose={props.onCloseMessage} hrefForAccount={props.hrefForAccount} />
      )}
    </Stack>
  );
}
