import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  canAddPage,
  canSwitchLayoutMode,
  clampNameWidth,
  type LayoutAction,
  SERVICE_MESSAGES,
  type ServiceLayout,
  type ServicePage,
  switchToBasic,
} from '@portal/contracts';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBasicLayout } from '../utils/field-form';
import {
  addBlock,
  addCustomRow,
  addPage,
  availableFields,
  type BlockRef,
  customRows,
  dropFieldOnField,
  editLayout,
  findField,
  moveBlock,
  moveFieldBy,
  movePage,
  nameWidth,
  placeField,
  removeAllFields,
  removeBlock,
  removePage,
  renameBlock,
  renamePage,
  resetLayout,
  setCustomRows,
  setPageLayout,
  unplaceField,
  withBothLayouts,
} from '../utils/layout-form';
import { useDndAnnouncements } from './dnd-announcements';
import type { ServiceTabProps } from './tab-props';

type Confirm = { title: string; text: string; action: string; onConfirm: () => void };

const kindOf = (id: string) => id.split(':')[0] ?? '';
const rest = (id: string) => id.slice(id.indexOf(':') + 1);

/** Fields land on fields or groups; groups on groups. */
const layoutCollisions: CollisionDetection = (args) => {
  const active = kindOf(String(args.active.id));
  const accepts = active === 'block' ? ['block'] : ['field', 'drop'];
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => accepts.includes(kindOf(String(c.id)))),
  });
};

/**
 * [S2.8] The Layout tab ('Create layout'): the Advanced setup switch [S4.3], the CREATE and VIEW
 * layouts, pages (at most 3 [S5.3]; Ctrl/Cmd-click on Add page makes a powerbi page), groups and their
 * fields, the available fields with Move to group, drag and drop with keyboard alternatives, and the
 * confirmed Reset to default and Remove all fields [S8.5].
 */
export function LayoutTab({ doc, onChange, errors, showErrors }: ServiceTabProps) {
  const { t } = useTranslation();
  const [advanced, setAdvanced] = useState(() => !isBasicLayout(doc));
  const [action, setAction] = useState<LayoutAction>('CREATE');
  const [selected, setSelected] = useState(0);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const shown: LayoutAction = advanced ? action : 'CREATE';
  const layout = withBothLayouts(doc.Layouts).find((l) => l.Action === shown) as ServiceLayout;
  const pageIndex = Math.max(0, Math.min(selected, layout.Pages.length - 1));
  const page = layout.Pages[pageIndex];
  const available = availableFields(doc.Fields, layout);
  const fieldName = (id: string) => doc.Fields.find((f) => f.Id === id)?.DisplayName || id;
  const edit = (fn: (l: ServiceLayout) => ServiceLayout) => onChange(editLayout(doc, { action: shown, basic: !advanced }, fn));
  const messages = showErrors ? [...new Set(errors.map((e) => e.message))] : [];
  const groups = layout.Pages.flatMap((p, pi) =>
    p.Type === 'powerbi' ? [] : p.Blocks.map((b, bi) => ({ value: `${pi}:${bi}`, label: `${p.Name} / ${b.Name}` })),
  );
  const itemName = (id: string) => {
    const kind = kindOf(id);
    if (kind === 'page') return layout.Pages[Number(rest(id))]?.Name ?? id;
    if (kind === 'block') return page?.Blocks[Number(rest(id))]?.Name ?? id;
    if (kind === 'drop') return page?.Blocks[Number(rest(id))]?.Name ?? id;
    return fieldName(rest(id));
  };
  const announcements = useDndAnnouncements(itemName);
  const accessibility = { announcements, screenReaderInstructions: { draggable: t('serviceToolFields.dnd.instructions') } };

  function toggleAdvanced(on: boolean) {
    if (on) {
      setAdvanced(true);
      return;
    }
    const result = switchToBasic(doc.Layouts);
    const apply = () => {
      onChange({ ...doc, Layouts: result.layouts });
      setAdvanced(false);
      setAction('CREATE');
    };
    if (result.needsConfirm) {
      setConfirm({
        title: SERVICE_MESSAGES.layoutsDiffer,
        text: t('serviceToolFields.layout.differText'),
        action: t('serviceToolFields.layout.switchBasic'),
        onConfirm: apply,
      });
    } else apply();
  }

  function handlePageDrag({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = Number(rest(String(active.id)));
    const to = Number(rest(String(over.id)));
    edit((l) => movePage(l, from, to));
    if (selected === from) setSelected(to);
  }

  function handleContentDrag({ active, over }: DragEndEvent) {
    if (!over) return;
    const a = String(active.id);
    const o = String(over.id);
    if (kindOf(a) === 'block' && kindOf(o) === 'block') {
      edit((l) => moveBlock(l, pageIndex, Number(rest(a)), Number(rest(o))));
      return;
    }
    const fieldId = rest(a);
    if (kindOf(o) === 'field') {
      const target = findField(layout, rest(o));
      if (!target) return;
      edit((l) => (kindOf(a) === 'avail' ? placeField(l, fieldId, target, target.index) : dropFieldOnField(l, fieldId, rest(o))));
    } else if (kindOf(o) === 'drop') {
      edit((l) => placeField(l, fieldId, { page: pageIndex, block: Number(rest(o)) }));
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Group gap="lg">
          <Title order={3} size="h4">
            {advanced ? t('serviceToolFields.layout.title') : t('serviceToolFields.layout.createTitle')}
          </Title>
          <Switch
            label={t('serviceToolFields.layout.advanced')}
            checked={advanced}
            disabled={!canSwitchLayoutMode(doc.Layouts)}
            onChange={(e) => toggleAdvanced(e.currentTarget.checked)}
          />
          {advanced && (
            <SegmentedControl
              aria-label={t('serviceToolFields.layout.which')}
              value={action}
              onChange={(v) => {
                setAction(v as LayoutAction);
                setSelected(0);
              }}
              data={[
                { value: 'CREATE', label: t('serviceToolFields.layout.createLayout') },
                { value: 'VIEW', label: t('serviceToolFields.layout.viewLayout') },
              ]}
            />
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() =>
              setConfirm({
                title: t('serviceToolFields.layout.reset'),
                text: SERVICE_MESSAGES.confirmResetLayout,
                action: t('serviceToolFields.layout.reset'),
                onConfirm: () => {
                  edit((l) => resetLayout(l, doc.Fields));
                  setSelected(0);
                },
              })
            }
          >
            {t('serviceToolFields.layout.reset')}
          </Button>
          <Button
            variant="default"
            onClick={() =>
              setConfirm({
                title: t('serviceToolFields.layout.removeAll'),
                text: SERVICE_MESSAGES.confirmRemoveAllFields,
                action: t('serviceToolFields.layout.removeAll'),
                onConfirm: () => edit(removeAllFields),
              })
            }
          >
            {t('serviceToolFields.layout.removeAll')}
          </Button>
        </Group>
      </Group>
      {messages.length > 0 && (
        <Alert
          color="red"
          title={t('serviceToolFields.layout.errors')}
          styles={{ title: { color: 'var(--mantine-color-error)' } }}
        >
          {messages.join(' ')}
        </Alert>
      )}
      <Group gap="xs" align="center">
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handlePageDrag} accessibility={accessibility}>
          <SortableContext items={layout.Pages.map((_, i) => `page:${i}`)} strategy={horizontalListSortingStrategy}>
            <Group gap="xs" role="list" aria-label={t('serviceToolFields.layout.pages')}>
              {layout.Pages.map((p, i) => (
                <PageChip
                  // biome-ignore lint/suspicious/noArrayIndexKey: pages have no id; the sortable id is the position too.
                  key={`page:${i}`}
                  id={`page:${i}`}
                  page={p}
                  selected={i === pageIndex}
                  onSelect={() => setSelected(i)}
                />
              ))}
            </Group>
          </SortableContext>
        </DndContext>
        <Tooltip label={t('serviceToolFields.layout.addPageHelp')}>
          <Button
            variant="default"
            disabled={!canAddPage(layout)}
            onClick={(e) => {
              edit((l) => addPage(l, e.ctrlKey || e.metaKey ? 'powerbi' : 'normal'));
              setSelected(layout.Pages.length);
            }}
          >
            {t('serviceToolFields.layout.addPage')}
          </Button>
        </Tooltip>
        {!canAddPage(layout) && (
          <Text size="xs" c="dimmed">
            {t('serviceToolFields.layout.maxPages')}
          </Text>
        )}
      </Group>
      {!page ? (
        <Paper withBorder p="lg">
          <Text c="dimmed">{t('serviceToolFields.layout.noPages')}</Text>
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={layoutCollisions}
          onDragEnd={handleContentDrag}
          accessibility={accessibility}
        >
          <Grid gutter="lg">
            <Grid.Col span={8}>
              <Paper withBorder p="sm">
                <Stack gap="sm">
                  <Group justify="space-between" align="flex-end">
                    <Group gap="sm" align="flex-end">
                      <TextInput
                        label={t('serviceToolFields.layout.pageName')}
                        value={page.Name}
                        onChange={(e) => {
                          const name = e.currentTarget.value;
                          edit((l) => renamePage(l, pageIndex, name));
                        }}
                        styles={{ input: { width: clampNameWidth('page', nameWidth(page.Name)) } }}
                      />
                      {page.Type === 'normal' && (
                        <SegmentedControl
                          aria-label={t('serviceToolFields.layout.columns')}
                          value={page.PageLayout}
                          onChange={(v) => edit((l) => setPageLayout(l, pageIndex, v as ServicePage['PageLayout']))}
                          data={[
                            { value: 'OneColumn', label: t('serviceToolFields.layout.oneColumn') },
                            { value: 'TwoColumn', label: t('serviceToolFields.layout.twoColumns') },
                          ]}
                        />
                      )}
                      <Group gap={4}>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={pageIndex === 0}
                          onClick={() => {
                            edit((l) => movePage(l, pageIndex, pageIndex - 1));
                            setSelected(pageIndex - 1);
                          }}
                        >
                          {t('serviceToolFields.layout.pageLeft')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={pageIndex === layout.Pages.length - 1}
                          onClick={() => {
                            edit((l) => movePage(l, pageIndex, pageIndex + 1));
                            setSelected(pageIndex + 1);
                          }}
                        >
                          {t('serviceToolFields.layout.pageRight')}
                        </Button>
                      </Group>
                    </Group>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        setConfirm({
                          title: SERVICE_MESSAGES.confirmRemoveTab,
                          text: t('serviceToolFields.layout.removePageText', { name: page.Name }),
                          action: t('serviceToolFields.layout.removePage'),
                          onConfirm: () => {
                            edit((l) => removePage(l, pageIndex));
                            setSelected(Math.max(0, pageIndex - 1));
                          },
                        })
                      }
                    >
                      {t('serviceToolFields.layout.removePage')}
                    </Button>
                  </Group>
                  {page.Type === 'powerbi' ? (
                    <CustomRows
                      page={page}
                      onChange={(rows) => edit((l) => setCustomRows(l, pageIndex, rows))}
                      onAdd={() => edit((l) => addCustomRow(l, pageIndex))}
                    />
                  ) : (
                    <>
                      <SortableContext items={page.Blocks.map((_, i) => `block:${i}`)} strategy={verticalListSortingStrategy}>
                        <SimpleGrid cols={page.PageLayout === 'TwoColumn' ? 2 : 1}>
                          {page.Blocks.map((block, bi) => (
                            <BlockCard
                              // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id, and the name is edited in place.
                              key={`block:${bi}`}
                              index={bi}
                              count={page.Blocks.length}
                              name={block.Name}
                              onRename={(name) => edit((l) => renameBlock(l, { page: pageIndex, block: bi }, name))}
                              onRemove={() => edit((l) => removeBlock(l, { page: pageIndex, block: bi }))}
                              onMove={(step) => edit((l) => moveBlock(l, pageIndex, bi, bi + step))}
                            >
                              <SortableContext
                                items={block.Fields.map((f) => `field:${f.FieldId}`)}
                                strategy={verticalListSortingStrategy}
                              >
                                {block.Fields.map((f, fi) => (
                                  <PlacedField
                                    key={f.FieldId}
                                    fieldId={f.FieldId}
                                    name={fieldName(f.FieldId)}
                                    first={fi === 0}
                                    last={fi === block.Fields.length - 1}
                                    onMove={(step) => edit((l) => moveFieldBy(l, f.FieldId, step))}
                                    onUnplace={() => edit((l) => unplaceField(l, f.FieldId))}
                                  />
                                ))}
                              </SortableContext>
                            </BlockCard>
                          ))}
                        </SimpleGrid>
                      </SortableContext>
                      <Group>
                        <Button size="xs" variant="default" onClick={() => edit((l) => addBlock(l, pageIndex))}>
                          {t('serviceToolFields.layout.addGroup')}
                        </Button>
                      </Group>
                    </>
                  )}
                </Stack>
              </Paper>
            </Grid.Col>
            <Grid.Col span={4}>
              <Stack gap="xs">
                <Title order={4} size="h5">
                  {t('serviceToolFields.layout.available')}
                </Title>
                {available.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {doc.Fields.length === 0 ? t('serviceToolFields.layout.noFields') : t('serviceToolFields.layout.allPlaced')}
                  </Text>
                ) : (
                  available.map((f) => (
                    <AvailableField
                      key={f.Id}
                      fieldId={f.Id}
                      name={f.DisplayName || f.Id}
                      groups={groups}
                      onMove={(at) => edit((l) => placeField(l, f.Id, at))}
                    />
                  ))
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        </DndContext>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.title} centered>
        <Stack>
          <Text>{confirm?.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('serviceToolFields.config.cancel')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                confirm?.onConfirm();
                setConfirm(null);
              }}
            >
              {confirm?.action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function sortableStyle(transform: Parameters<typeof CSS.Transform.toString>[0], transition: string | undefined): CSSProperties {
  return { transform: CSS.Transform.toString(transform), transition };
}

function DragHandle(props: { label: string; setRef: (el: HTMLElement | null) => void; rest: object; dragging: boolean }) {
  return (
    <UnstyledButton
      ref={props.setRef}
      {...props.rest}
      aria-label={props.label}
      // Escape cancels the drag; it must not also close the service tool window.
      data-mantine-stop-propagation={props.dragging ? 'true' : undefined}
      style={{ cursor: 'grab', padding: 2, lineHeight: 1 }}
    >
      <span aria-hidden>⠿</span>
    </UnstyledButton>
  );
}

function PageChip(props: { id: string; page: ServicePage; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  return (
    <Group ref={setNodeRef} gap={2} role="listitem" style={sortableStyle(transform, transition)}>
      <DragHandle
        label={t('serviceToolFields.layout.movePage', { name: props.page.Name })}
        setRef={setActivatorNodeRef}
        dragging={isDragging}
        rest={{ ...attributes, ...listeners }}
      />
      <Button size="xs" variant={props.selected ? 'filled' : 'default'} aria-pressed={props.selected} onClick={props.onSelect}>
        {props.page.Name || t('serviceToolFields.layout.unnamed')}
        {props.page.Type === 'powerbi' ? ` (${t('serviceToolFields.layout.powerbi')})` : ''}
      </Button>
    </Group>
  );
}

function BlockCard(props: {
  index: number;
  count: number;
  name: string;
  children: ReactNode;
  onRename: (name: string) => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: `block:${props.index}` });
  const drop = useDroppable({ id: `drop:${props.index}` });
  return (
    <Paper ref={sortable.setNodeRef} withBorder p="xs" style={sortableStyle(sortable.transform, sortable.transition)}>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <DragHandle
            label={t('serviceToolFields.layout.moveGroup', { name: props.name })}
            setRef={sortable.setActivatorNodeRef}
            dragging={sortable.isDragging}
            rest={{ ...sortable.attributes, ...sortable.listeners }}
          />
          <TextInput
            size="xs"
            aria-label={t('serviceToolFields.layout.groupName')}
            value={props.name}
            onChange={(e) => props.onRename(e.currentTarget.value)}
            styles={{ input: { width: clampNameWidth('block', nameWidth(props.name)) } }}
          />
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="dark"
                aria-label={t('serviceToolFields.layout.groupMenu', { name: props.name })}
              >
                <span aria-hidden>⋮</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item disabled={props.index === 0} onClick={() => props.onMove(-1)}>
                {t('serviceToolFields.layout.moveUp')}
              </Menu.Item>
              <Menu.Item disabled={props.index === props.count - 1} onClick={() => props.onMove(1)}>
                {t('serviceToolFields.layout.moveDown')}
              </Menu.Item>
              <Menu.Item color="red.8" onClick={props.onRemove}>
                {t('serviceToolFields.layout.removeGroup')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Stack
          ref={drop.setNodeRef}
          gap={4}
          mih={48}
          p={4}
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 4,
            background: drop.isOver ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          {props.children}
        </Stack>
      </Stack>
    </Paper>
  );
}

function PlacedField(props: {
  fieldId: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onUnplace: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: `field:${props.fieldId}`,
  });
  return (
    <Group
      ref={setNodeRef}
      gap={6}
      wrap="nowrap"
      p={4}
      style={{ ...sortableStyle(transform, transition), background: 'var(--mantine-color-gray-0)', borderRadius: 4 }}
    >
      <DragHandle
        label={t('serviceToolFields.fields.move', { name: props.name })}
        setRef={setActivatorNodeRef}
        dragging={isDragging}
        rest={{ ...attributes, ...listeners }}
      />
      <Text size="sm" style={{ flex: 1 }}>
        {props.name}
      </Text>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="dark" aria-label={t('serviceToolFields.layout.fieldMenu', { name: props.name })}>
            <span aria-hidden>⋮</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={props.first} onClick={() => props.onMove(-1)}>
            {t('serviceToolFields.layout.moveUp')}
          </Menu.Item>
          <Menu.Item disabled={props.last} onClick={() => props.onMove(1)}>
            {t('serviceToolFields.layout.moveDown')}
          </Menu.Item>
          <Menu.Item onClick={props.onUnplace}>{t('serviceToolFields.layout.toAvailable')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function AvailableField(props: {
  fieldId: string;
  name: string;
  groups: { value: string; label: string }[];
  onMove: (at: BlockRef) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: `avail:${props.fieldId}`,
  });
  return (
    <Paper ref={setNodeRef} withBorder p={6} style={{ transform: CSS.Translate.toString(transform) }}>
      <Group gap={6} wrap="nowrap">
        <DragHandle
          label={t('serviceToolFields.fields.move', { name: props.name })}
          setRef={setActivatorNodeRef}
          dragging={isDragging}
          rest={{ ...attributes, ...listeners }}
        />
        <Text size="sm" style={{ flex: 1 }}>
          {props.name}
        </Text>
        <Select
          size="xs"
          w={150}
          aria-label={t('serviceToolFields.layout.moveToGroupOf', { name: props.name })}
          placeholder={t('serviceToolFields.layout.moveToGroup')}
          data={props.groups}
          value={null}
          onChange={(v) => {
            if (!v) return;
            const [page, block] = v.split(':').map(Number);
            props.onMove({ page: page ?? 0, block: block ?? 0 });
          }}
        />
      </Group>
    </Paper>
  );
}

function CustomRows(props: { page: ServicePage; onChange: (rows: [string, string][]) => void; onAdd: () => void }) {
  const { t } = useTranslation();
  const rows = customRows(props.page);
  const set = (index: number, row: [string, string]) => props.onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('serviceToolFields.layout.powerbiHelp')}
      </Text>
      {rows.map(([key, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; keys are edited in place.
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput
            size="xs"
            aria-label={t('serviceToolFields.layout.customKey', { n: i + 1 })}
            value={key}
            onChange={(e) => set(i, [e.currentTarget.value, value])}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('serviceToolFields.layout.customValue', { n: i + 1 })}
            value={value}
            onChange={(e) => set(i, [key, e.currentTarget.value])}
          />
          <Button size="xs" variant="default" onClick={() => props.onChange(rows.filter((_, j) => j !== i))}>
            {t('serviceToolFields.layout.removeRow')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="default" onClick={props.onAdd}>
          {t('serviceToolFields.layout.addRow')}
        </Button>
      </Group>
    </Stack>
  );
}
