import {
  DASHBOARD_LAYOUT_PRESETS,
  type DashboardContent,
  type DashboardLayout,
  type DashboardLayoutRow,
  type DashboardWidget,
  layoutSlotIds,
  SHARE_SIXTHS,
} from '@portal/contracts';

type Layout = { readonly rows: readonly DashboardLayoutRow[] };

/** [M4.9] The widgets the palette offers; the image widget exists in the product but is not offered. */
export const PALETTE_WIDGETS = ['text', 'video'] as const;
export type PaletteWidget = (typeof PALETTE_WIDGETS)[number];

/** The draggable id of a palette widget and the droppable id of a slot. */
export const PALETTE_DRAG_PREFIX = 'dashboard-palette:';
export const SLOT_DROP_PREFIX = 'dashboard-slot:';
export const paletteDragId = (type: PaletteWidget) => `${PALETTE_DRAG_PREFIX}${type}`;
export const slotDropId = (slotId: string) => `${SLOT_DROP_PREFIX}${slotId}`;

/** A new, empty widget of a palette type: the user fills it in its editor. */
export function newWidget(type: PaletteWidget): DashboardWidget {
  return type === 'text' ? { type: 'text', html: '' } : { type: 'video', url: '' };
}

/**
 * [M4.9] What a drag does: a palette widget dropped on an empty slot of the layout fills it; a drop anywhere else
 * (outside, on a filled slot, on a slot the layout does not have) changes nothing and answers null.
 */
export function dropWidget(
  layout: Layout,
  content: DashboardContent,
  activeId: string,
  overId: string | null,
): { content: DashboardContent; slotId: string } | null {
  if (!overId?.startsWith(SLOT_DROP_PREFIX) || !activeId.startsWith(PALETTE_DRAG_PREFIX)) return null;
  const type = activeId.slice(PALETTE_DRAG_PREFIX.length);
  const slotId = overId.slice(SLOT_DROP_PREFIX.length);
  if (!(PALETTE_WIDGETS as readonly string[]).includes(type)) return null;
  if (!layoutSlotIds(layout).includes(slotId) || content[slotId]) return null;
  return { content: { ...content, [slotId]: newWidget(type as PaletteWidget) }, slotId };
}

/** [M4.9] Removing a widget gives the slot back its empty placeholder. */
export function removeWidget(content: DashboardContent, slotId: string): DashboardContent {
  const { [slotId]: _removed, ...rest } = content;
  return rest;
}

/** The slots still empty, top to bottom, left to right. */
export function emptySlotIds(layout: Layout, content: DashboardContent): string[] {
  return layoutSlotIds(layout).filter((id) => !content[id]);
}

/**
 * Choosing another layout keeps the widgets in their order (top to bottom, left to right) in the new layout's
 * slots; those the new layout has no room for are listed in `dropped`, so the screen can ask first.
 */
export function relayout(from: Layout, content: DashboardContent, to: Layout): { content: DashboardContent; dropped: string[] } {
  const widgets = layoutSlotIds(from).filter((id) => content[id]);
  const slots = layoutSlotIds(to);
  const next: DashboardContent = {};
  widgets.forEach((id, i) => {
    const slot = slots[i];
    const widget = content[id];
    if (slot && widget) next[slot] = widget;
  });
  return { content: next, dropped: widgets.slice(slots.length) };
}

/** The preset a layout was made from (same rows, heights and widths), or null for another layout. */
export function presetIdOf(layout: Layout): string | null {
  const shape = (l: Layout) => JSON.stringify(l.rows.map((r) => [r.height, r.items.map((i) => i.width)]));
  const wanted = shape(layout);
  return DASHBOARD_LAYOUT_PRESETS.find((preset) => shape(preset.layout) === wanted)?.id ?? null;
}

/** A preset's layout as a fresh value to store in a dashboard. */
export function presetLayout(presetId: string): DashboardLayout | null {
  const preset = DASHBOARD_LAYOUT_PRESETS.find((p) => p.id === presetId);
  return preset ? (JSON.parse(JSON.stringify(preset.layout)) as DashboardLayout) : null;
}

/** [M9.5] A share ('33%', '50%', '66%', '100%') as a flex weight in sixths, so 33% + 66% fill a row exactly. */
export const shareWeight = (share: keyof typeof SHARE_SIXTHS) => SHARE_SIXTHS[share];

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/**
 * Keyboard drag: from where the widget is now (`current`, a slot id or null while still on the palette) an arrow key
 * moves to the next (right, down) or previous (left, up) empty slot, wrapping around; null for other keys or when
 * no slot is empty.
 */
export function nextSlotForKey(emptySlots: readonly string[], current: string | null, key: string): string | null {
  if (emptySlots.length === 0) return null;
  const step = NEXT_KEYS.includes(key) ? 1 : PREVIOUS_KEYS.includes(key) ? -1 : 0;
  if (step === 0) return null;
  const at = current === null ? -1 : emptySlots.indexOf(current);
  if (at === -1) return step === 1 ? (emptySlots[0] as string) : (emptySlots[emptySlots.length - 1] as string);
  return emptySlots[(at + step + emptySlots.length) % emptySlots.length] as string;
}

/** The number a slot is called by on screen (1 = top left), for labels such as "Area 2". */
export function slotNumber(layout: Layout, slotId: string): number {
  return layoutSlotIds(layout).indexOf(slotId) + 1;
}
