/** The droppable id of the quote builder's drop zone [M2.2]. */
export const QUOTE_DROP_ZONE = 'sales-quote:lines';
/** The prefix of a draggable catalogue service. */
export const CATALOGUE_DRAG_PREFIX = 'catalogue-service:';

/** The draggable id of a catalogue service. */
export const catalogueDragId = (serviceName: string) => `${CATALOGUE_DRAG_PREFIX}${serviceName}`;

/** [M2.2] The service a drag adds to the quote, or null when the drop does not add one. */
export function droppedService(activeId: string, overId: string | null): string | null {
  if (overId !== QUOTE_DROP_ZONE || !activeId.startsWith(CATALOGUE_DRAG_PREFIX)) return null;
  const name = activeId.slice(CATALOGUE_DRAG_PREFIX.length);
  return name === '' ? null : name;
}
