import { Anchor, Code, Loader, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcSecond } from '../../../lib/format-time';
import { useOutboxMessage } from '../api/use-outbox';
import { OutboxStatusBadge } from './outbox-status-badge';

/** One e-mail of the outbox: its headers, delivery status and body (text, and HTML in a sandbox). */
export function OutboxMessageModal(props: { id: string; onClose: () => void; hrefForAccount: (id: number) => string }) {
  const { t } = useTranslation();
  const query = useOutboxMessage(props.id);
  const m = query.data;
  const isMissing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={m?.Subject ?? t('jobs.outbox.message.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('jobs.closeDialog') }}
    >
      {query.isPending && <Loader aria-label={t('app.loading')} />}
      {query.isError && (
        <ReadableAlert color={isMissing ? 'yellow' : 'red'} role="alert">
          {isMissing ? t('jobs.outbox.message.notFound') : query.error.message}
        </ReadableAlert>
      )}
      {m && (
        <Stack>
          <Table variant="vertical" withTableBorder aria-label={t('jobs.outbox.message.headers')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('jobs.outbox.message.from')}</Table.Th>
                <Table.Td>{m.From ?? t('jobs.outbox.message.notYet')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('jobs.outbox.to')}</Table.Th>
                <Table.Td>{m.To}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('jobs.outbox.account')}</Table.Th>
                <Table.Td>
                  {m.AccountId !== null ? (
                    <Anchor href={props.hrefForAccount(m.AccountId)}>{m.AccountDisplayName}</Anchor>
                  ) : (
                    t('jobs.outbox.noAccount')
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('jobs.outbox.message.created')}</Table.Th>
                <Table.Td>{formatUtcSecond(m.CreatedAt)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('jobs.outbox.statusColumn')}</Table.Th>
                <Table.Td>
                  <OutboxStatusBadge status={m.Status} />{' '}
                  <Text span size="sm">
                    {m.DeliveredAt ? t('jobs.outbox.message.deliveredAt', { date: formatUtcSecond(m.DeliveredAt) }) : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {m.Error && (
            <ReadableAlert color={m.Status === 'failed' ? 'red' : 'orange'} title={t('jobs.outbox.message.error')}>
              {m.Error}
            </ReadableAlert>
          )}
          <Tabs defaultValue="text">
            <Tabs.List aria-label={t('jobs.outbox.message.body')}>
              <Tabs.Tab value="text">{t('jobs.outbox.message.text')}</Tabs.Tab>
              {m.Html !== null && <Tabs.Tab value="html">{t('jobs.outbox.message.html')}</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="text" pt="sm">
              <Code block data-testid="outbox-message-text" style={{ whiteSpace: 'pre-wrap' }}>
                {m.Text}
              </Code>
            </Tabs.Panel>
            {m.Html !== null && (
              <Tabs.Panel value="html" pt="sm">
                {/* An empty sandbox: the message's HTML can neither run scripts nor reach the portal. */}
                <iframe
                  title={t('jobs.outbox.message.htmlFrame')}
                  sandbox=""
                  srcDoc={m.Html}
                  style={{ width: '100%', height: 360, border: '1px solid var(--mantine-color-gray-4)' }}
                />
              </Tabs.Panel>
            )}
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
