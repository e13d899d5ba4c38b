import { Anchor, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { QUOTE_GROUP_NAME_MAX, type QuoteGroup, QuoteGroupNameSchema } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateQuoteGroup, useDeleteQuoteGroup, useQuoteGroups, useRenameQuoteGroup } from '../api/use-quotes';
import { EmptyState } from './empty-state';

const errorText = (error: Error | null) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);

/** Names a new project or renames one; the name is checked as the server checks it. */
function ProjectNameModal(props: { group: QuoteGroup | null; onClose: () => void; onSaved: (group: QuoteGroup) => void }) {
  const { t } = useTranslation();
  const create = useCreateQuoteGroup();
  const rename = useRenameQuoteGroup();
  const [name, setName] = useState(props.group?.Name ?? '');
  const [touched, setTouched] = useState(false);
  const parsed = QuoteGroupNameSchema.safeParse(name);
  const fieldError = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;
  const mutation = props.group ? rename : create;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    const onSuccess = (group: QuoteGroup) => {
      notify({
        color: 'green',
        message: t(props.group ? 'quotationTool.projects.renamed' : 'quotationTool.projects.created', { name: group.Name }),
      });
      props.onSaved(group);
    };
    if (props.group) rename.mutate({ id: props.group.Id, name: parsed.data, version: props.group.Version }, { onSuccess });
    else create.mutate(parsed.data, { onSuccess });
  };
  const title = props.group
    ? t('quotationTool.projects.renameTitle', { name: props.group.Name })
    : t('quotationTool.projects.createTitle');
  return (
    <Modal opened onClose={props.onClose} title={title} centered closeButtonProps={{ 'aria-label': t('quotationTool.close') }}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('quotationTool.projects.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            maxLength={QUOTE_GROUP_NAME_MAX}
            error={fieldError ?? errorText(mutation.error)}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('quotationTool.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {props.group ? t('quotationTool.projects.rename') : t('quotationTool.projects.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** [M2.55] The Projects tab: the organisation's quote groups; each opens its quotes; create, rename and delete. */
export function ProjectsPanel(props: { canUpdate: boolean; hrefForProject: (id: number) => string }) {
  const { t } = useTranslation();
  const groups = useQuoteGroups();
  const remove = useDeleteQuoteGroup();
  const [editing, setEditing] = useState<{ group: QuoteGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<QuoteGroup | null>(null);
  const createButton = props.canUpdate && (
    <Button onClick={() => setEditing({ group: null })}>{t('quotationTool.projects.createAction')}</Button>
  );
  return (
    <Stack gap="sm">
      {groups.isPending && <Loader aria-label={t('app.loading')} />}
      {groups.isError && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: groups.error.message })}
        </ReadableAlert>
      )}
      {groups.data && groups.data.Items.length === 0 && (
        <EmptyState
          testId="projects-empty"
          title={t('quotationTool.empty.projectsTitle')}
          text={t('quotationTool.empty.projectsText')}
          action={createButton}
        />
      )}
      {groups.data && groups.data.Items.length > 0 && (
        <>
          {createButton && <Group>{createButton}</Group>}
          <Table.ScrollContainer minWidth={340}>
            <Table striped aria-label={t('quotationTool.projects.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('quotationTool.projects.name')}</Table.Th>
                  <Table.Th ta="right">{t('quotationTool.projects.count')}</Table.Th>
                  {props.canUpdate && <Table.Th>{t('quotationTool.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.data.Items.map((g) => (
                  <Table.Tr key={g.Id} data-testid="project-row">
                    <Table.Td>
                      <Anchor href={props.hrefForProject(g.Id)} size="sm" fw={500}>
                        {g.Name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{g.QuoteCount}</Table.Td>
                    {props.canUpdate && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing({ group: g })}
                            aria-label={t('quotationTool.projects.renameLabel', { name: g.Name })}
                          >
                            {t('quotationTool.projects.rename')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            onClick={() => setDeleting(g)}
                            aria-label={t('quotationTool.projects.deleteLabel', { name: g.Name })}
                          >
                            {t('quotationTool.projects.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {t('quotationTool.projects.total', { count: groups.data.Items.length })}
          </Text>
        </>
      )}
      {editing && <ProjectNameModal group={editing.group} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      {deleting && (
        <ConfirmModal
          title={t('quotationTool.projects.deleteTitle')}
          text={t('quotationTool.projects.deleteText', { name: deleting.Name, count: deleting.QuoteCount })}
          cancelLabel={t('quotationTool.cancel')}
          confirmLabel={t('quotationTool.projects.confirmDelete')}
          closeLabel={t('quotationTool.close')}
          isBusy={remove.isPending}
          onClose={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.Id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('quotationTool.projects.deleted', { name: deleting.Name }) });
                setDeleting(null);
              },
              onError: (error) => notify({ color: 'red', message: errorText(error) ?? '' }),
            })
          }
        />
      )}
    </Stack>
  );
}
