import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { PlatformTerms } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import { usePlatformTerms, usePublishTermsRevision } from '../api/use-security';

/** The provider's management of the platform terms and privacy policy: revisions and publishing [M2.16]. */
export function PlatformTermsPanel() {
  const { t } = useTranslation();
  const query = usePlatformTerms();
  const [editing, setEditing] = useState<PlatformTerms | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('access.platformTerms.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('access.platformTerms.help')}
      </Text>
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {!query.data ? (
        !query.isError && <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <Table aria-label={t('access.platformTerms.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('access.platformTerms.document')}</Table.Th>
              <Table.Th>{t('access.platformTerms.version')}</Table.Th>
              <Table.Th>{t('access.platformTerms.published')}</Table.Th>
              <Table.Th>{t('access.platformTerms.accepted')}</Table.Th>
              <Table.Th>{t('access.sessions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.Items.map((doc) => {
              const current = doc.Revisions[0];
              return (
                <Table.Tr key={doc.TermsId}>
                  <Table.Td>{doc.Name}</Table.Td>
                  <Table.Td>
                    {current
                      ? t(current.IsMajor ? 'access.platformTerms.major' : 'access.platformTerms.minor', {
                          version: current.Version,
                        })
                      : ''}
                  </Table.Td>
                  <Table.Td>{current ? formatUtcMinute(current.PublishedAt) : ''}</Table.Td>
                  <Table.Td>{current?.AcceptedCount ?? 0}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setEditing(doc)}>
                      {t('access.platformTerms.publish')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {editing && <PublishModal doc={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function PublishModal({ doc, onClose }: { doc: PlatformTerms; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishTermsRevision();
  const [name, setName] = useState(doc.Name);
  const [text, setText] = useState(doc.TermsText);
  const [isMajor, setIsMajor] = useState(false);
  const field = (suffix: string) =>
    publish.error instanceof ApiError ? publish.error.fieldErrors.find((e) => e.field.endsWith(suffix))?.message : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate(
      { TermsId: doc.TermsId, IsMajor: isMajor, Texts: [{ Language: 'en', Name: name, TermsText: text }] },
      {
        onSuccess: (result) => {
          notify({ color: 'green', message: t('access.platformTerms.publishedNotice', { name: result.Name }) });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('access.platformTerms.publishTitle', { name: doc.Name })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('access.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('access.platformTerms.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={field('Name')}
          />
          <Textarea
            label={t('access.platformTerms.text')}
            autosize
            minRows={8}
            maxRows={18}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={field('TermsText')}
          />
          <Checkbox
            label={t('access.platformTerms.isMajor')}
            description={t('access.platformTerms.isMajorHelp')}
            checked={isMajor}
            onChange={(e) => setIsMajor(e.currentTarget.checked)}
          />
          {publish.isError && !field('Name') && !field('TermsText') && <Alert color="red">{publish.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('access.cancel')}
            </Button>
            <Button type="submit" loading={publish.isPending}>
              {t('access.platformTerms.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
