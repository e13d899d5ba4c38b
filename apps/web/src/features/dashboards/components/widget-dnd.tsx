import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dragAnnouncements, pointerThenOverlap } from '../../../lib/dnd';
import {
  nextSlotForKey,
  PALETTE_DRAG_PREFIX,
  PALETTE_WIDGETS,
  type PaletteWidget,
  paletteDragId,
  SLOT_DROP_PREFIX,
  slotDropId,
} from '../utils/dashboard-grid';

/**
 * [M4.9] Drag and drop from the palette onto an empty slot, by pointer and by keyboard: Space on a palette widget
 * picks it up, the arrow keys move it from one empty slot to the next (right and down) or back (left and up), Space
 * drops it, Escape cancels. Screen readers hear what is picked up and where it lands.
 */
export function WidgetDnd(props: {
  emptySlots: readonly string[];
  slotName: (slotId: string) => string;
  onDrop: (activeId: string, overId: string | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const widgetName = (id: string) => t(`dashboards.widget.type.${id.slice(PALETTE_DRAG_PREFIX.length)}`);
  const targetName = (id: string) => (id.startsWith(SLOT_DROP_PREFIX) ? props.slotName(id.slice(SLOT_DROP_PREFIX.length)) : id);

  const toNextSlot: KeyboardCoordinateGetter = (event, { context }) => {
    const over = context.over ? String(context.over.id) : null;
    const current = over?.startsWith(SLOT_DROP_PREFIX) ? over.slice(SLOT_DROP_PREFIX.length) : null;
    const next = nextSlotForKey(props.emptySlots, current, event.code);
    if (next === null) return undefined;
    event.preventDefault();
    const target = context.droppableRects.get(slotDropId(next));
    const dragged = context.collisionRect;
    if (!target || !dragged) return undefined;
    return {
      x: target.left + target.width / 2 - dragged.width / 2,
      y: target.top + target.height / 2 - dragged.height / 2,
    };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toNextSlot }),
  );
  const announcements = dragAnnouncements(t, 'dashboards.dnd', widgetName, targetName);

  function handleDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    props.onDrop(String(active.id), over ? String(over.id) : null);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerThenOverlap}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dashboards.dnd.instructions') } }}
    >
      {props.children}
      <DragOverlay dropAnimation={null}>
        {activeId !== null && (
          <Paper withBorder shadow="md" p="xs" w={160} style={{ cursor: 'grabbing' }}>
            <Text size="sm" fw={600}>
              {widgetName(activeId)}
            </Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function PaletteItem(props: { type: PaletteWidget; disabled: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: paletteDragId(props.type),
    disabled: props.disabled,
  });
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('dashboards.palette.drag', { name: t(`dashboards.widget.type.${props.type}`) })}
      data-testid={`palette-${props.type}`}
      p="xs"
      style={{
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 6,
        cursor: props.disabled ? 'not-allowed' : 'grab',
        opacity: isDragging ? 0.5 : 1,
        touchAction: 'none',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group gap="xs" wrap="nowrap">
        <Text aria-hidden size="lg" lh={1} c="dimmed">
          ⠿
        </Text>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t(`dashboards.widget.type.${props.type}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`dashboards.palette.describe.${props.type}`)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** [M2.10] [M4.9] The widget palette: text and video (the image widget is not offered). */
export function WidgetPalette(props: { isFull: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="dashboard-palette-heading">
      <Text id="dashboard-palette-heading" fw={700} size="sm">
        {t('dashboards.palette.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {props.isFull ? t('dashboards.palette.full') : t('dashboards.palette.hint')}
      </Text>
      {PALETTE_WIDGETS.map((type) => (
        <PaletteItem key={type} type={type} disabled={props.isFull} />
      ))}
    </Stack>
  );
}

/** An empty slot: where a palette widget is dropped; it shows the placeholder [M4.9]. */
export function EmptySlot(props: { slotId: string; name: string }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver, active } = useDroppable({ id: slotDropId(props.slotId) });
  const isDragging = active !== null && String(active.id).startsWith(PALETTE_DRAG_PREFIX);
  return (
    <section
      ref={setNodeRef}
      aria-label={props.name}
      data-testid={`slot-${props.slotId}`}
      data-over={isOver ? 'true' : undefined}
      style={{
        flex: 1,
        minHeight: 120,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: `2px dashed var(--mantine-color-${isOver ? 'blue-7' : isDragging ? 'blue-5' : 'gray-5'})`,
        borderRadius: 8,
        background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
        padding: 12,
      }}
    >
      <Stack gap={2} align="center">
        <Text size="sm" fw={600}>
          {props.name}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {isOver ? t('dashboards.slot.dropHere') : t('dashboards.slot.empty')}
        </Text>
      </Stack>
    </section>
  );
}
