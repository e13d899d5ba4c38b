import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ServiceField } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_DRAG_PREFIX, billingDragId, droppedBillingField, FIELD_FEES_DROP } from '../utils/billing-drag';
import { useDndAnnouncements } from './dnd-announcements';

/**
 * A pointer drop counts only over the fees area (there is one target, so "closest" would take any
 * drop); the keyboard moves the dragged item onto the area, so there its overlap counts.
 */
const feesCollisions: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/**
 * With the keyboard there is one place to go: an arrow key moves the picked-up field onto the fees
 * area (Space drops it there, Escape cancels).
 */
const toFeesArea: KeyboardCoordinateGetter = (event, { context }) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault();
  const target = context.droppableRects.get(FIELD_FEES_DROP);
  const dragged = context.collisionRect;
  if (!target || !dragged) return undefined;
  return {
    x: target.left + target.width / 2 - dragged.width / 2,
    y: target.top + target.height / 2 - dragged.height / 2,
  };
};

/**
 * [S2.9] Drag and drop of service fields into the Field based fees of the Billing tab: the available
 * fields are dragged (pointer, or keyboard: Space on the handle, arrows, Space) onto the fees area,
 * which adds a fee per value; each field keeps its Add button as the alternative. Screen readers hear
 * what is picked up, where it is and where it lands.
 */
export function BillingFieldDnd(props: {
  fields: ServiceField[];
  onAdd: (field: ServiceField) => void;
  /** The Field based fees area (its tables or empty state), made a drop target. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toFeesArea }),
  );
  const nameOf = (id: string) =>
    id === FIELD_FEES_DROP
      ? t('serviceToolExtra.billing.feesArea')
      : (props.fields.find((f) => billingDragId(f.Id) === id)?.DisplayName ?? id);
  const announcements = useDndAnnouncements(nameOf);

  function handleDragEnd({ active, over }: DragEndEvent) {
    const fieldId = droppedBillingField(String(active.id), over ? String(over.id) : null);
    const field = props.fields.find((f) => f.Id === fieldId);
    if (field) props.onAdd(field);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={feesCollisions}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('serviceToolFields.dnd.instructions') } }}
    >
      <Stack gap="xs">
        <FeesDropArea>{props.children}</FeesDropArea>
        <Paper withBorder p="sm">
          <Text fw={600} size="sm">
            {t('serviceToolTabs.billing.availableFields')}
          </Text>
          {props.fields.length > 0 && (
            <Text size="xs" c="dimmed" mb={6}>
              {t('serviceToolExtra.billing.dragHelp')}
            </Text>
          )}
          {props.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('serviceToolTabs.billing.noAvailableFields')}
            </Text>
          ) : (
            <Group gap="xs" role="list" aria-label={t('serviceToolTabs.billing.availableFields')}>
              {props.fields.map((field) => (
                <DraggableBillingField key={field.Id} field={field} onAdd={() => props.onAdd(field)} />
              ))}
            </Group>
          )}
        </Paper>
      </Stack>
    </DndContext>
  );
}

function FeesDropArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver, active } = useDroppable({ id: FIELD_FEES_DROP });
  const dragging = active !== null && String(active.id).startsWith(BILLING_DRAG_PREFIX);
  return (
    <Stack
      ref={setNodeRef}
      gap="xs"
      p={dragging ? 'xs' : 0}
      data-testid="field-fees-drop"
      style={{
        border: dragging ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        borderRadius: 4,
        background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      {children}
      {dragging && (
        <Text size="sm" fw={600}>
          {t('serviceToolExtra.billing.dropHere')}
        </Text>
      )}
    </Stack>
  );
}

function DraggableBillingField({ field, onAdd }: { field: ServiceField; onAdd: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: billingDragId(field.Id),
  });
  return (
    <Group
      ref={setNodeRef}
      role="listitem"
      gap={2}
      wrap="nowrap"
      style={{
        transform: CSS.Translate.toString(transform),
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        background: 'var(--mantine-color-body)',
      }}
    >
      <UnstyledButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('serviceToolExtra.billing.drag', { name: field.DisplayName })}
        // Escape cancels the drag; it must not also close the service tool window.
        data-mantine-stop-propagation={isDragging ? 'true' : undefined}
        style={{ cursor: 'grab', padding: '2px 6px', lineHeight: 1 }}
      >
        <span aria-hidden>⠿</span>
      </UnstyledButton>
      <Button
        size="xs"
        variant="subtle"
        color="dark"
        onClick={onAdd}
        aria-label={t('serviceToolTabs.billing.addField', { name: field.DisplayName })}
      >
        + {field.DisplayName} ({field.FieldType})
      </Button>
    </Group>
  );
}
