import { type Announcements, type CollisionDetection, pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

/** A drop counts under the pointer, else where the dragged item overlaps a target (the keyboard moves it there). */
export const pointerThenOverlap: CollisionDetection = (args) => {
  const underPointer = args.pointerCoordinates ? pointerWithin(args) : [];
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * What a screen reader hears while dragging: `{prefix}.picked`, `.over`, `.dropped` and `.cancelled` texts with the
 * dragged item's `name` and the drop `target`.
 */
export function dragAnnouncements(
  t: TFunction,
  prefix: string,
  nameOf: (id: string) => string,
  targetOf: (id: string) => string = nameOf,
): Announcements {
  const name = (id: string | number) => nameOf(String(id));
  const target = (id: string | number) => targetOf(String(id));
  return {
    onDragStart: ({ active }) => t(`${prefix}.picked`, { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t(`${prefix}.over`, { name: name(active.id), target: target(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t(`${prefix}.dropped`, { name: name(active.id), target: target(over.id) })
        : t(`${prefix}.cancelled`, { name: name(active.id) }),
    onDragCancel: ({ active }) => t(`${prefix}.cancelled`, { name: name(active.id) }),
  };
}
