import { Alert, Button, Group, Image, Loader, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscountServiceSearch } from '../api/use-discounts';

export interface ServiceSearchPanelProps {
  accountId: number;
  /** Product names (lower case) that already have a discount. */
  taken: ReadonlySet<string>;
  adding: boolean;
  onPick: (productName: string) => void;
  onDone: () => void;
}

/** [A2.48] [A3.8] The add-service search: a filter bar, service tiles, a pager and Done. */
export function ServiceSearchPanel({ accountId, taken, adding, onPick, onDone }: ServiceSearchPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDiscountServiceSearch(accountId, text, page);
  const data = search.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.Limit)) : 1;

  return (
    <Paper withBorder p="md" component="section" aria-label={t('discounts.search.label')}>
      <Group align="end" mb="md" wrap="wrap">
        <TextInput
          label={t('discounts.search.filter')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button variant="default" onClick={onDone}>
          {t('discounts.search.done')}
        </Button>
      </Group>
      {search.isError && <Alert color="red">{search.error.message}</Alert>}
      {!data ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : data.Services.length === 0 ? (
        <Text c="dimmed">{t('discounts.search.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy={search.isFetching}>
          {data.Services.map((s) => {
            const has = taken.has(s.ServiceName.toLowerCase());
            return (
              <Paper key={s.Id} withBorder p="sm">
                <Group wrap="nowrap" align="start">
                  {s.Icon && <Image src={s.Icon} alt="" w={32} h={32} fit="contain" />}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} lineClamp={2}>
                      {s.DisplayName}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {s.OwnerAccountName}
                    </Text>
                  </div>
                </Group>
                <Button
                  mt="sm"
                  size="xs"
                  variant="default"
                  disabled={has || adding}
                  onClick={() => onPick(s.ServiceName)}
                  aria-label={t('discounts.search.addService', { name: s.DisplayName })}
                >
                  {has ? t('discounts.search.added') : t('discounts.search.add')}
                </Button>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {data && pages > 1 && (
        <Group component="nav" aria-label={t('discounts.search.pager')} gap="xs" mt="md" justify="center">
          <Button variant="default" size="xs" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {t('discounts.search.previous')}
          </Button>
          <Text size="sm" aria-current="page">
            {t('discounts.search.position', { page, pages })}
          </Text>
          <Button variant="default" size="xs" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            {t('discounts.search.next')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
