import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { passwordFirstWarning, removeField, SERVICE_FIELD_TYPES, type ServiceField } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingLimited, fieldMessages, newField, reorderFields, saveFieldIntoDocument } from '../utils/field-form';
import { useDndAnnouncements } from './dnd-announcements';
import { FieldConfigurator } from './field-configurator';
import type { ServiceTabProps } from './tab-props';

// Mantine's coloured alert titles on their light backgrounds are below the WCAG AA contrast ratio.
const NOTE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * [S2.7] The Fields tab: the table of added fields, reordered by dragging (or by keyboard: Space on
 * the handle, arrows, Space), the list of field types to add, the configurator, and delete in create
 * mode only [S4.6] (with the field's fees [S4.5]). Edit mode warns of the reseller impact [S4.5].
 */
export function FieldsTab({ doc, mode, onChange, errors, showErrors, context }: ServiceTabProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ field: ServiceField; isNew: boolean } | null>(null);
  const [deleting, setDeleting] = useState<ServiceField | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useDndAnnouncements((id) => doc.Fields.find((f) => f.Id === id)?.DisplayName ?? id);
  const messages = showErrors ? fieldMessages(errors) : new Map<number, string[]>();
  const passwordWarning = passwordFirstWarning(doc.Fields);
  const storedIds = new Set(context?.stored?.Fields.map((f) => f.Id) ?? []);

  function handleDragEnd({ active, over }: DragEndEvent) {
    onChange(reorderFields(doc, String(active.id), over ? String(over.id) : null));
  }

  return (
    <Grid gutter="lg">
      <Grid.Col span={8}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('serviceToolFields.fields.added')}
          </Title>
          {mode === 'edit' && (
            <Alert color="yellow" styles={NOTE_TITLE} title={t('serviceToolFields.fields.resellerImpactTitle')}>
              {t('serviceToolFields.fields.resellerImpact')}
            </Alert>
          )}
          {passwordWarning && <Alert color="yellow">{passwordWarning}</Alert>}
          {doc.Fields.length === 0 ? (
            <Paper withBorder p="lg">
              <Text c="dimmed">{t('serviceToolFields.fields.empty')}</Text>
            </Paper>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={handleDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: t('serviceToolFields.dnd.instructions') } }}
            >
              <Table striped withTableBorder aria-label={t('serviceToolFields.fields.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>{t('serviceToolFields.fields.order')}</Table.Th>
                    <Table.Th>{t('serviceToolFields.fields.name')}</Table.Th>
                    <Table.Th>{t('serviceToolFields.fields.type')}</Table.Th>
                    <Table.Th>{t('serviceToolFields.fields.displayType')}</Table.Th>
                    <Table.Th>{t('serviceToolFields.fields.displayTypeOnModify')}</Table.Th>
                    <Table.Th>{t('serviceToolFields.fields.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <SortableContext items={doc.Fields.map((f) => f.Id)} strategy={verticalListSortingStrategy}>
                    {doc.Fields.map((field, index) => (
                      <FieldRow
                        key={field.Id}
                        field={field}
                        messages={messages.get(index) ?? []}
                        inBilling={billingLimited(doc, field.Id)}
                        canDelete={mode === 'create'}
                        onConfigure={() => setEditing({ field, isNew: !storedIds.has(field.Id) })}
                        onDelete={() => setDeleting(field)}
                      />
                    ))}
                  </SortableContext>
                </Table.Tbody>
              </Table>
            </DndContext>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={4}>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('serviceToolFields.fields.types')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('serviceToolFields.fields.typesHelp')}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            {SERVICE_FIELD_TYPES.map((type) => (
              <UnstyledButton
                key={type}
                onClick={() => setEditing({ field: newField(type), isNew: true })}
                aria-label={t('serviceToolFields.fields.add', { type: t(`serviceToolFields.type.${type}`) })}
                p="xs"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text size="sm" fw={600}>
                  {t(`serviceToolFields.type.${type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`serviceToolFields.typeHelp.${type}`)}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      </Grid.Col>
      {editing && (
        <FieldConfigurator
          field={editing.field}
          isNew={editing.isNew}
          otherNames={doc.Fields.filter((f) => f.Id !== editing.field.Id).map((f) => f.DisplayName)}
          inBilling={billingLimited(doc, editing.field.Id)}
          canEditRemoteDataSource={context?.canEditRemoteDataSource ?? true}
          onCancel={() => setEditing(null)}
          onSave={(field) => {
            onChange(saveFieldIntoDocument(doc, field));
            setEditing(null);
          }}
        />
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('serviceToolFields.fields.deleteTitle')}
        centered
      >
        <Stack>
          <Text>{t('serviceToolFields.fields.deleteText', { name: deleting?.DisplayName ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('serviceToolFields.config.cancel')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                const next = deleting ? removeField(doc, deleting.Id, mode) : null;
                if (next) onChange(next);
                setDeleting(null);
              }}
            >
              {t('serviceToolFields.fields.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Grid>
  );
}

function FieldRow(props: {
  field: ServiceField;
  messages: string[];
  inBilling: boolean;
  canDelete: boolean;
  onConfigure: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { field } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.Id,
  });
  const name = field.DisplayName || t('serviceToolFields.fields.unnamed');
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Table.Td>
        <UnstyledButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('serviceToolFields.fields.move', { name })}
          // Escape cancels the drag; it must not also close the service tool window.
          data-mantine-stop-propagation={isDragging ? 'true' : undefined}
          style={{ cursor: 'grab', padding: 4, fontSize: 18, lineHeight: 1 }}
        >
          <span aria-hidden>⠿</span>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {props.inBilling && (
          <Badge size="xs" variant="filled" color="grape.8">
            {t('serviceToolFields.fields.inBilling')}
          </Badge>
        )}
        {props.messages.map((m) => (
          <Text key={m} size="xs" c="red.8">
            {m}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{t(`serviceToolFields.type.${field.FieldType}`)}</Table.Td>
      <Table.Td>{t(`serviceToolFields.displayType.${field.DisplayType}`)}</Table.Td>
      <Table.Td>{t(`serviceToolFields.displayType.${field.DisplayTypeOnModify}`)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={props.onConfigure}
            aria-label={t('serviceToolFields.fields.configureNamed', { name })}
          >
            {t('serviceToolFields.fields.configure')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!props.canDelete}
            onClick={props.onDelete}
            aria-label={t('serviceToolFields.fields.deleteNamed', { name })}
            title={props.canDelete ? undefined : t('serviceToolFields.fields.deleteLocked')}
          >
            {t('serviceToolFields.fields.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
