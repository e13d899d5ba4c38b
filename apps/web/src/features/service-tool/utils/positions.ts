/**
 * Position maths of drag and drop and of its keyboard alternatives [S2.7], [S2.8]: pure functions on
 * arrays, so the fields table and the layout editor reorder the same way.
 */

/** The list with the item at `from` moved to `to` (both clamped into the list). The input is not changed. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** A drag that ended over another item: the dragged item takes the other's place. Unknown ids: unchanged. */
export function moveById<T>(list: readonly T[], idOf: (item: T) => string, activeId: string, overId: string | null): T[] {
  if (overId === null || activeId === overId) return [...list];
  const from = list.findIndex((item) => idOf(item) === activeId);
  const to = list.findIndex((item) => idOf(item) === overId);
  if (from < 0 || to < 0) return [...list];
  return moveItem(list, from, to);
}

/** Moves an item one place up (-1) or down (+1); at either end it stays. */
export const moveBy = <T>(list: readonly T[], index: number, step: -1 | 1): T[] => moveItem(list, index, index + step);

/** Inserts `item` at `index` (clamped), e.g. a field dropped into a block at a position. */
export function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  const out = [...list];
  out.splice(Math.max(0, Math.min(out.length, index)), 0, item);
  return out;
}
