import { Anchor, Table, Text } from '@mantine/core';
import type { OutboxMessageSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatUtcMinute } from '../../../lib/format-time';
import { OutboxStatusBadge } from './outbox-status-badge';

/** The outbox messages of one page; the subject opens the message. Receives rows, does not fetch. */
export function OutboxTable(props: {
  items: OutboxMessageSummary[];
  isBusy: boolean;
  hrefForMessage: (id: string) => string;
  hrefForAccount: (id: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={t('jobs.outbox.table')} aria-busy={props.isBusy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.outbox.when')}</Table.Th>
            <Table.Th>{t('jobs.outbox.to')}</Table.Th>
            <Table.Th>{t('jobs.outbox.subject')}</Table.Th>
            <Table.Th>{t('jobs.outbox.account')}</Table.Th>
            <Table.Th>{t('jobs.outbox.statusColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((m) => (
            <Table.Tr key={m.Id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcMinute(m.CreatedAt)}</Table.Td>
              <Table.Td>{m.To}</Table.Td>
              <Table.Td>
                <Anchor href={props.hrefForMessage(m.Id)}>{m.Subject}</Anchor>
              </Table.Td>
              <Table.Td>
                {m.AccountId !== null ? (
                  <Anchor href={props.hrefForAccount(m.AccountId)}>{m.AccountDisplayName}</Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('jobs.outbox.noAccount')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <OutboxStatusBadge status={m.Status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
