import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { CREDIT_HISTORY_PAGER_BUTTONS, type CreditLimitRecord } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatUtcSecond } from '../../../lib/format-time';
import { downloadHref } from '../../../lib/keeper';
import { formatAmount, pagerWindow } from '../utils/credit-form';

export interface CreditHistoryTableProps {
  items: CreditLimitRecord[];
  total: number;
  page: number;
  pageSize: number;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  hrefForAccount: (id: number) => string;
}

/** [A2.47] [A9.1] The change history, newest first, five to a page with a three-button pager. */
export function CreditHistoryTable(props: CreditHistoryTableProps) {
  const { t } = useTranslation();
  const totalPages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const money = (amount: string | null, currency: string | null) =>
    amount === null ? t('credit.none') : `${currency ? `${currency} ` : ''}${formatAmount(amount)}`;

  if (props.total === 0) return <Text c="dimmed">{t('credit.noHistory')}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label={t('credit.historyTable')} aria-busy={props.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('credit.date')}</Table.Th>
              <Table.Th>{t('credit.who')}</Table.Th>
              <Table.Th>{t('credit.action')}</Table.Th>
              <Table.Th>{t('credit.limit')}</Table.Th>
              <Table.Th>{t('credit.reason')}</Table.Th>
              <Table.Th>{t('credit.files')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.items.map((record) => (
              <Table.Tr key={record.Id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcSecond(record.Date)}</Table.Td>
                <Table.Td>
                  {record.CreatedBy.AccountId !== null ? (
                    <Anchor href={props.hrefForAccount(record.CreatedBy.AccountId)}>{record.CreatedBy.DisplayName}</Anchor>
                  ) : (
                    record.CreatedBy.DisplayName
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge variant="outline" color="blue">
                      {t(`credit.label.${record.Label}`)}
                    </Badge>
                    {record.LockChange && record.LockChange !== record.Label && (
                      <Badge variant="outline" color="dark">
                        {t(`credit.label.${record.LockChange}`)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {money(record.PreviousLimit, record.Currency)} → {money(record.Limit, record.Currency)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.Comment}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {record.Attachments.map((a) => (
                      <Anchor key={a.Url} href={downloadHref(a.Url)} download={a.Title} size="sm">
                        {a.Title}
                      </Anchor>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('credit.total', { count: props.total })}
        </Text>
        {totalPages > 1 && (
          <Group component="nav" aria-label={t('credit.pager.label')} gap={4}>
            <Button
              variant="default"
              size="xs"
              onClick={() => props.onPageChange(props.page - 1)}
              disabled={props.page <= 1}
              aria-label={t('credit.pager.previous')}
            >
              ‹
            </Button>
            {pagerWindow(props.page, totalPages, CREDIT_HISTORY_PAGER_BUTTONS).map((p) => (
              <Button
                key={p}
                size="xs"
                variant={p === props.page ? 'filled' : 'default'}
                aria-label={t('credit.pager.page', { page: p })}
                aria-current={p === props.page ? 'page' : undefined}
                onClick={() => props.onPageChange(p)}
              >
                {p}
              </Button>
            ))}
            <Button
              variant="default"
              size="xs"
              onClick={() => props.onPageChange(props.page + 1)}
              disabled={props.page >= totalPages}
              aria-label={t('credit.pager.next')}
            >
              ›
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
