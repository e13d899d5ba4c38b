import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountNotes } from '../api/use-account-notes';
import { clampPage } from '../utils/note-form';
import { AddNoteForm } from './add-note-form';
import { NoteItem } from './note-item';

export interface NotesTabProps {
  accountId: number;
  accountName: string;
  hrefForAccount: (id: number) => string;
}

/**
 * [A2.23] [A2.50] The Notes tab of a company or reseller: who can see notes, the note input with its
 * counter, and the recent notes of the viewer's organisation, newest first, ten to a page.
 */
export function NotesTab({ accountId, accountName, hrefForAccount }: NotesTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useAccountNotes(accountId, page);
  const data = query.data;
  const listHeading = useRef<HTMLHeadingElement>(null);

  // A page emptied by a delete (or by someone else) moves back to the last page that exists.
  useEffect(() => {
    if (data && data.Items.length === 0 && data.Total > 0) setPage(clampPage(data.Page, data.Total, data.PageSize));
  }, [data]);

  if (query.isError && !data) return <Alert color="red">{query.error.message}</Alert>;
  if (!data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const totalPages = Math.max(1, Math.ceil(data.Total / data.PageSize));

  return (
    <Stack gap="lg">
      <Alert
        color="blue"
        variant="light"
        title={t('notes.whoCanSee')}
        styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}
      >
        <Text size="sm">{t('notes.explanation', { organisation: data.VisibleTo.DisplayName, account: accountName })}</Text>
        <Text size="sm">{t('notes.authorOnly')}</Text>
      </Alert>
      {data.CanAdd && <AddNoteForm accountId={accountId} onAdded={() => setPage(1)} />}
      <Stack gap="sm">
        <Title order={2} size="h4" ref={listHeading} tabIndex={-1}>
          {t('notes.recent')}
        </Title>
        {query.isError && <Alert color="red">{query.error.message}</Alert>}
        {data.Total === 0 ? (
          <Text c="dimmed">{t('notes.empty')}</Text>
        ) : (
          <Stack gap="sm" aria-busy={query.isFetching}>
            {data.Items.map((note) => (
              <NoteItem
                key={`${note.Id}-${note.UpdateDate}`}
                note={note}
                hrefForAccount={hrefForAccount}
                onDeleted={() => listHeading.current?.focus()}
              />
            ))}
          </Stack>
        )}
        {data.Total > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('notes.total', { count: data.Total })}
            </Text>
            {totalPages > 1 && (
              <Group component="nav" aria-label={t('notes.pager.label')} gap="xs">
                <Button variant="default" size="xs" onClick={() => setPage(data.Page - 1)} disabled={data.Page <= 1}>
                  {t('notes.pager.previous')}
                </Button>
                <Text size="sm" aria-current="page">
                  {t('notes.pager.position', { page: data.Page, pages: totalPages })}
                </Text>
                <Button variant="default" size="xs" onClick={() => setPage(data.Page + 1)} disabled={data.Page >= totalPages}>
                  {t('notes.pager.next')}
                </Button>
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
