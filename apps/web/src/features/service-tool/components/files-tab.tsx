import { ActionIcon, Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ServiceFile } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteUpload } from '../../../lib/keeper';
import { errorAt } from '../utils/billing-form';
import { addFile, type FileList, moveFile, removeFile } from '../utils/files-form';
import { fileHref, isUpload } from '../utils/upload-form';
import type { ServiceTabProps } from './tab-props';
import { ConfirmRemoveModal, UploadButton } from './upload-button';

/**
 * [S2.6] The Files tab: screenshots (png, jpg, jpeg or gif [S5.6]), downloadables and videos
 * (YouTube links only, 'Only YouTube videos are allowed'; the caption is optional).
 */
export function FilesTab({ doc, onChange, errors, showErrors, context }: ServiceTabProps) {
  const section = { doc, onChange, errors, showErrors, context };
  return (
    <Stack gap="xl">
      <FileSection list="Screenshots" {...section} />
      <FileSection list="Downloads" {...section} />
      <FileSection list="ServiceVideos" {...section} />
    </Stack>
  );
}

function FileSection({ list, doc, onChange, errors, showErrors, context }: Omit<ServiceTabProps, 'mode'> & { list: FileList }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items: ServiceFile[] = doc[list];
  // An upload finishes later: add it to the document as it is then.
  const latest = useRef(doc);
  latest.current = doc;
  const [removing, setRemoving] = useState<{ index: number; name: string } | null>(null);
  // Uploads the saved service already shows stay on the server; an unsaved one is deleted with its row.
  const savedUploads = new Set(
    context?.stored ? [...context.stored.Screenshots, ...context.stored.Downloads].map((f) => f.Url) : [],
  );
  const k = (key: string, opts?: Record<string, unknown>) => t(`serviceToolTabs.files.${list}.${key}`, opts ?? {});

  function confirmRemove() {
    if (!removing) return;
    const url = items[removing.index]?.Url ?? '';
    onChange(removeFile(doc, list, removing.index));
    setRemoving(null);
    // An upload no saved service shows is deleted; if that fails the file only stays in the keeper.
    if (isUpload(url) && !savedUploads.has(url) && url !== context?.stored?.Icon) deleteUpload(url, '').catch(() => undefined);
  }

  function handleAdd() {
    const result = addFile(doc, list, url, caption);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setUrl('');
    setCaption('');
    onChange(result.doc);
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {k('title')}
      </Title>
      <Paper withBorder p="sm">
        <Group align="flex-start" gap="xs">
          <TextInput
            label={k('url')}
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            placeholder={k('placeholder')}
            style={{ flex: 2 }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') handleAdd();
            }}
          />
          <TextInput
            label={k('caption')}
            value={caption}
            onChange={(e) => setCaption(e.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={500}
          />
          <Button variant="default" mt={25} onClick={handleAdd} disabled={url.trim() === ''}>
            {k('add')}
          </Button>
          {list !== 'ServiceVideos' && (
            <div style={{ marginTop: 25 }}>
              <UploadButton
                kind={list === 'Screenshots' ? 'image' : 'file'}
                label={t(`serviceDrafts.upload.${list}`)}
                onUploaded={(file) => {
                  const description = caption.trim() || (list === 'Downloads' ? file.originalName : '');
                  const result = addFile(latest.current, list, file.path, description);
                  if (result.ok) {
                    setCaption('');
                    onChange(result.doc);
                  } else setError(result.error);
                }}
              />
            </div>
          )}
        </Group>
      </Paper>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {k('empty')}
        </Text>
      ) : list === 'Screenshots' ? (
        <SimpleGrid cols={4}>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same address may be listed twice; the rows hold no state
            <Paper key={`${item.Url}-${i}`} withBorder p="xs">
              <Stack gap={4}>
                <Image src={fileHref(item.Url)} alt={item.Description || k('imageAlt', { n: i + 1 })} h={100} fit="contain" />
                <Text size="xs" lineClamp={1}>
                  {item.Description || item.Url}
                </Text>
                <Row
                  list={list}
                  i={i}
                  count={items.length}
                  doc={doc}
                  onChange={onChange}
                  name={item.Description || item.Url}
                  onRemove={() => setRemoving({ index: i, name: item.Description || item.Url })}
                />
                {errorAt(errors, showErrors, `${list}.${i}.Url`) && (
                  <Text size="xs" c="red.8">
                    {errorAt(errors, showErrors, `${list}.${i}.Url`)}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      ) : (
        <Table withTableBorder aria-label={k('title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{k('url')}</Table.Th>
              <Table.Th>{k('caption')}</Table.Th>
              <Table.Th>{t('serviceToolTabs.files.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same address may be listed twice; the rows hold no state
              <Table.Tr key={`${item.Url}-${i}`}>
                <Table.Td>
                  <Anchor href={fileHref(item.Url)} target="_blank" rel="noreferrer noopener" size="sm">
                    {isUpload(item.Url)
                      ? t('serviceDrafts.upload.uploadedFile', { name: item.Description || item.Url })
                      : item.Url}
                  </Anchor>
                  {errorAt(errors, showErrors, `${list}.${i}.Url`) && (
                    <Text size="xs" c="red.8">
                      {errorAt(errors, showErrors, `${list}.${i}.Url`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{item.Description}</Table.Td>
                <Table.Td>
                  <Row
                    list={list}
                    i={i}
                    count={items.length}
                    doc={doc}
                    onChange={onChange}
                    name={item.Description || item.Url}
                    onRemove={() => setRemoving({ index: i, name: item.Description || item.Url })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmRemoveModal name={removing?.name ?? null} onCancel={() => setRemoving(null)} onConfirm={confirmRemove} />
    </Stack>
  );
}

function Row(props: {
  list: FileList;
  i: number;
  count: number;
  name: string;
  doc: ServiceTabProps['doc'];
  onChange: ServiceTabProps['onChange'];
  /** Asks before removing [S2.6]. */
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { list, i, doc, onChange, name } = props;
  return (
    <Group gap={4}>
      <ActionIcon
        variant="default"
        size="sm"
        disabled={i === 0}
        onClick={() => onChange(moveFile(doc, list, i, -1))}
        aria-label={t('serviceToolTabs.files.moveUp', { name })}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="sm"
        disabled={i === props.count - 1}
        onClick={() => onChange(moveFile(doc, list, i, 1))}
        aria-label={t('serviceToolTabs.files.moveDown', { name })}
      >
        ↓
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="sm"
        onClick={props.onRemove}
        aria-label={t('serviceToolTabs.files.remove', { name })}
      >
        ×
      </ActionIcon>
    </Group>
  );
}
