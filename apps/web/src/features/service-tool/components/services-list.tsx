import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SERVICE_LIST_PAGE_SIZE } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportService } from '../api/use-export-service';
import { useServices } from '../api/use-services';
import { fileHref } from '../utils/upload-form';
import { type ImportedService, ImportServiceButton } from './import-service-button';

export interface ServicesListProps {
  /** [M6.3] The caller may create (and import) services. */
  canCreate: boolean;
  hrefForEdit: (serviceName: string) => string;
  hrefForCreate: string;
  /** [S4.1] A checked import, to open in the service tool. */
  onImported?: (imported: ImportedService) => void;
}

/** [S7.1] The caller's services (Your Services): search, paging, state, and the way into the service tool. */
export function ServicesList({ canCreate, hrefForEdit, hrefForCreate, onImported }: ServicesListProps) {
  const { t } = useTranslation();
  const exporter = useExportService();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useServices(debounced, page);
  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.Total / SERVICE_LIST_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2">
          {t('serviceTool.list.title')}
        </Title>
        {canCreate && (
          <Group gap="xs">
            {onImported && <ImportServiceButton onImported={onImported} />}
            <Button component="a" href={hrefForCreate}>
              {t('serviceTool.list.create')}
            </Button>
          </Group>
        )}
      </Group>
      <TextInput
        label={t('serviceTool.list.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {exporter.isError && (
        <Alert color="red" title={t('serviceDrafts.export.failed')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          {exporter.error.message}
        </Alert>
      )}
      {query.isError && <Alert color="red">{t('app.loadFailed', { message: query.error.message })}</Alert>}
      {!data ? (
        !query.isError && <Loader size="sm" aria-label={t('app.loading')} />
      ) : data.Total === 0 ? (
        <Text c="dimmed">{debounced ? t('serviceTool.list.noMatch') : t('serviceTool.list.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('serviceTool.list.count', { count: data.Total })}
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label={t('serviceTool.list.table')} aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('serviceTool.list.name')}</Table.Th>
                  <Table.Th>{t('serviceTool.list.category')}</Table.Th>
                  <Table.Th>{t('serviceTool.list.owner')}</Table.Th>
                  <Table.Th>{t('serviceTool.list.state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('serviceDrafts.listActions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.Services.map((s) => (
                  <Table.Tr key={s.Id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        {s.Icon && <Image src={fileHref(s.Icon)} alt="" w={32} h={32} />}
                        <Stack gap={0}>
                          {s.State === 'Active' ? (
                            <Anchor href={hrefForEdit(s.ServiceName)}>{s.DisplayName}</Anchor>
                          ) : (
                            <Text>{s.DisplayName}</Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {s.ShortDescription}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.CategoryDisplayName ?? '—'}</Table.Td>
                    <Table.Td>{s.Owner.OwnerName}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge variant="dot" color={s.State === 'Active' ? 'green' : s.State === 'Failed' ? 'red' : 'gray'}>
                          {t(`serviceTool.state.${s.State}`)}
                        </Badge>
                        {s.ServiceStatus === 'Promoted' && (
                          <Badge variant="dot" color="grape">
                            {t('serviceTool.list.promoted')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {s.State === 'Active' && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => exporter.mutate(s.ServiceName)}
                          loading={exporter.isPending && exporter.variables === s.ServiceName}
                          aria-label={t('serviceDrafts.export.rowButton', { name: s.DisplayName })}
                        >
                          {t('serviceDrafts.export.button')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`serviceTool.list.pager.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('serviceTool.list.pager.page', { page: p }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
