import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Paper, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dragAnnouncements, pointerThenOverlap } from '../../../lib/dnd';
import { CATALOGUE_DRAG_PREFIX, droppedService, QUOTE_DROP_ZONE } from '../utils/quote-drag';

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** With the keyboard there is one place to go: an arrow key moves the picked-up service onto the quote (Space drops it). */
const toDropZone: KeyboardCoordinateGetter = (event, { context }) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault();
  const target = context.droppableRects.get(QUOTE_DROP_ZONE);
  const dragged = context.collisionRect;
  if (!target || !dragged) return undefined;
  return {
    x: target.left + target.width / 2 - dragged.width / 2,
    y: target.top + Math.min(40, target.height / 2) - dragged.height / 2,
  };
};

/**
 * [M2.2] Drag and drop from the catalogue onto the quote, by pointer and by keyboard (Space on a service's handle,
 * an arrow key, Space; Escape cancels). Screen readers hear what is picked up and where it lands.
 */
export function QuoteDnd(props: {
  nameOf: (serviceName: string) => string;
  onDrop: (serviceName: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The dragged service is drawn in an overlay above the page, so the catalogue's scrolling list does not clip it.
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toDropZone }),
  );
  const name = (id: string) =>
    id === QUOTE_DROP_ZONE
      ? t('salesQuotes.dropZone.label')
      : props.nameOf(id.startsWith(CATALOGUE_DRAG_PREFIX) ? id.slice(CATALOGUE_DRAG_PREFIX.length) : id);
  const announcements = dragAnnouncements(t, 'salesQuotes.dnd', name);

  function handleDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const service = droppedService(String(active.id), over ? String(over.id) : null);
    if (service) props.onDrop(service);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerThenOverlap}
      onDragStart={({ active }) => setActiveId(String(active.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('salesQuotes.dnd.instructions') } }}
    >
      {props.children}
      <DragOverlay dropAnimation={null}>
        {activeId !== null && (
          <Paper withBorder shadow="md" p="xs" maw={280} style={{ cursor: 'grabbing' }}>
            <Text size="sm" fw={600} lineClamp={2}>
              {name(activeId)}
            </Text>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}
