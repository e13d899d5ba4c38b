import { Box, Button, Group, Loader, Modal, Pagination, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, fromMsDate, type SalesQuoteHeader } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useDeleteSalesQuote, useSalesQuotesList } from '../api/use-sales-quotes';

/** [M9.2] The load-quotes grid's height. */
const GRID_HEIGHT = 260;

const dateOf = (ms: string) => fromMsDate(ms)?.toISOString().slice(0, 10) ?? '';

/**
 * [M2.5] [M9.2] The load-quotes modal grid (#/SalesQuotes/load and #/SalesQuotes/delete): the organisation's quotes,
 * 30 a page, newest first; Open loads a quote's latest revision, Delete asks first and removes it with every revision.
 */
export function LoadQuotesModal(props: {
  mode: 'load' | 'delete';
  canDelete: boolean;
  onOpen: (quote: SalesQuoteHeader) => void;
  onDeleted: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const list = useSalesQuotesList(page, search, true);
  const remove = useDeleteSalesQuote();
  const [deleting, setDeleting] = useState<SalesQuoteHeader | null>(null);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;
  const title = props.mode === 'delete' ? t('salesQuotes.load.deleteTitle') : t('salesQuotes.load.title');
  return (
    <Modal opened onClose={props.onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('salesQuotes.close') }}>
      <Stack>
        <TextInput
          label={t('salesQuotes.load.search')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          rightSection={list.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
          data-autofocus
        />
        {list.error && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.load.failed')}>
            {list.error.message}
          </ReadableAlert>
        )}
        {remove.error && (
          <ReadableAlert color="red" role="alert" title={t('salesQuotes.load.deleteFailed')}>
            {remove.error.message}
          </ReadableAlert>
        )}
        {list.isPending && <Loader aria-label={t('salesQuotes.load.loading')} />}
        {data && data.Items.length === 0 && (
          <Text c="dimmed">{search ? t('salesQuotes.load.noMatch', { search }) : t('salesQuotes.load.empty')}</Text>
        )}
        {data && data.Items.length > 0 && (
          <ScrollArea h={GRID_HEIGHT} type="auto" offsetScrollbars>
            <Table striped highlightOnHover stickyHeader miw={720} aria-label={title} aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('salesQuotes.load.col.title')}</Table.Th>
                  <Table.Th>{t('salesQuotes.load.col.company')}</Table.Th>
                  <Table.Th>{t('salesQuotes.load.col.revision')}</Table.Th>
                  <Table.Th>{t('salesQuotes.load.col.modified')}</Table.Th>
                  <Table.Th ta="right">{t('salesQuotes.load.col.monthly')}</Table.Th>
                  <Table.Th ta="right">{t('salesQuotes.load.col.setup')}</Table.Th>
                  <Table.Th>{t('salesQuotes.load.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Items.map((q) => (
                  <Table.Tr key={q.Id}>
                    <Table.Td>{q.Name}</Table.Td>
                    <Table.Td>{q.CompanyName}</Table.Td>
                    <Table.Td>{q.RevisionNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOf(q.ModifyDate)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {q.TotalRC === null ? t('salesQuotes.line.noPrice') : formatMoney(q.TotalRC, q.Currency)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {q.TotalNRC === null ? t('salesQuotes.line.noPrice') : formatMoney(q.TotalNRC, q.Currency)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant={props.mode === 'load' ? 'filled' : 'default'}
                          onClick={() => props.onOpen(q)}
                          aria-label={t('salesQuotes.load.openQuote', { name: q.Name })}
                        >
                          {t('salesQuotes.load.open')}
                        </Button>
                        {props.canDelete && (
                          <Button
                            size="compact-sm"
                            color="red.9"
                            variant={props.mode === 'delete' ? 'filled' : 'outline'}
                            onClick={() => setDeleting(q)}
                            aria-label={t('salesQuotes.load.deleteQuote', { name: q.Name })}
                          >
                            {t('salesQuotes.load.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {data && pages > 1 && (
          <Box component="nav" aria-label={t('salesQuotes.load.pages')}>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`salesQuotes.pager.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('salesQuotes.pager.page', { page: p }) })}
            />
          </Box>
        )}
        {props.mode === 'delete' && !props.canDelete && (
          <ReadableAlert color="yellow" role="note">
            {t('salesQuotes.load.noDelete')}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('salesQuotes.close')}
          </Button>
        </Group>
      </Stack>
      {deleting && (
        <ConfirmModal
          title={t('salesQuotes.load.confirmTitle')}
          text={t('salesQuotes.load.confirmText', { name: deleting.Name, count: deleting.RevisionNumber })}
          cancelLabel={t('salesQuotes.load.confirmNo')}
          confirmLabel={t('salesQuotes.load.confirmYes')}
          isBusy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.Id, {
              onSuccess: () => {
                props.onDeleted(deleting.Id);
                setDeleting(null);
              },
            })
          }
        />
      )}
    </Modal>
  );
}
