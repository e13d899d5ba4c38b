/** The droppable id of the Field based fees area of the Billing tab [S2.9]. */
export const FIELD_FEES_DROP = 'fees:field';
/** The prefix of a draggable available field of the Billing tab. */
export const BILLING_DRAG_PREFIX = 'billing-field:';

/** The draggable id of an available field. */
export const billingDragId = (fieldId: string) => `${BILLING_DRAG_PREFIX}${fieldId}`;

/** [S2.9] The field a drag on the Billing tab adds fees for, or null when the drop does not add any. */
export function droppedBillingField(activeId: string, overId: string | null): string | null {
  if (overId !== FIELD_FEES_DROP || !activeId.startsWith(BILLING_DRAG_PREFIX)) return null;
  const fieldId = activeId.slice(BILLING_DRAG_PREFIX.length);
  return fieldId === '' ? null : fieldId;
}
