import {
  canAddPage,
  defaultLayouts,
  type LayoutAction,
  nextDefaultName,
  type ServiceBlock,
  type ServiceDocument,
  type ServiceField,
  type ServiceLayout,
  type ServicePage,
} from '@portal/contracts';
import { insertAt, moveItem } from './positions';

/**
 * The Layout tab's edits [S2.8], [S3.3], [S4.3], [S5.3] as pure functions on one layout; `editLayout`
 * applies one to the document (to CREATE and its VIEW copy in basic mode).
 */

export const DEFAULT_PAGE_NAME = 'Page';
export const DEFAULT_BLOCK_NAME = 'Group';
export const DEFAULT_CUSTOM_KEY = 'Key';

/** Where a field sits: page and block index. */
export interface BlockRef {
  page: number;
  block: number;
}

/** [S3.3] Both layouts present, CREATE then VIEW. */
export function withBothLayouts(layouts: readonly ServiceLayout[]): ServiceLayout[] {
  const find = (action: LayoutAction) => layouts.find((l) => l.Action === action) ?? { Action: action, Pages: [] };
  return [find('CREATE'), find('VIEW')];
}

/** Applies `edit` to the chosen layout; in basic mode to CREATE, and VIEW becomes a copy of it [S4.3]. */
export function editLayout(
  doc: ServiceDocument,
  p: { action: LayoutAction; basic: boolean },
  edit: (layout: ServiceLayout) => ServiceLayout,
): ServiceDocument {
  const target: LayoutAction = p.basic ? 'CREATE' : p.action;
  let layouts = withBothLayouts(doc.Layouts).map((l) => (l.Action === target ? edit(l) : l));
  if (p.basic) {
    const create = layouts[0] as ServiceLayout;
    layouts = [create, { Action: 'VIEW', Pages: structuredClone(create.Pages) }];
  }
  return { ...doc, Layouts: layouts };
}

const allBlockNames = (layout: ServiceLayout) => layout.Pages.flatMap((p) => p.Blocks.map((b) => b.Name));
const mapPage = (layout: ServiceLayout, index: number, fn: (page: ServicePage) => ServicePage): ServiceLayout => ({
  ...layout,
  Pages: layout.Pages.map((p, i) => (i === index ? fn(p) : p)),
});
const mapBlock = (page: ServicePage, index: number, fn: (block: ServiceBlock) => ServiceBlock): ServicePage => ({
  ...page,
  Blocks: page.Blocks.map((b, i) => (i === index ? fn(b) : b)),
});

/**
 * [S5.3], [S2.8] Adds a page named 'Page', 'Page 2' ... 'Page 41' (case-insensitively unique): a normal
 * page with one group, or a powerbi page with one key/value row. At 3 pages nothing is added.
 */
export function addPage(layout: ServiceLayout, type: 'normal' | 'powerbi'): ServiceLayout {
  if (!canAddPage(layout)) return layout;
  const name = nextDefaultName(
    DEFAULT_PAGE_NAME,
    layout.Pages.map((p) => p.Name),
  );
  if (name === null) return layout;
  const page: ServicePage =
    type === 'powerbi'
      ? { Name: name, PageLayout: 'TwoColumn', Type: 'powerbi', Custom: { [DEFAULT_CUSTOM_KEY]: '' }, Blocks: [] }
      : {
          Name: name,
          PageLayout: 'TwoColumn',
          Type: 'normal',
          Custom: {},
          Blocks: [{ Name: nextDefaultName(DEFAULT_BLOCK_NAME, allBlockNames(layout)) ?? DEFAULT_BLOCK_NAME, Fields: [] }],
        };
  return { ...layout, Pages: [...layout.Pages, page] };
}

export const renamePage = (layout: ServiceLayout, page: number, name: string) =>
  mapPage(layout, page, (p) => ({ ...p, Name: name }));
export const removePage = (layout: ServiceLayout, page: number): ServiceLayout => ({
  ...layout,
  Pages: layout.Pages.filter((_, i) => i !== page),
});
export const setPageLayout = (layout: ServiceLayout, page: number, PageLayout: ServicePage['PageLayout']) =>
  mapPage(layout, page, (p) => ({ ...p, PageLayout }));
export const movePage = (layout: ServiceLayout, from: number, to: number): ServiceLayout => ({
  ...layout,
  Pages: moveItem(layout.Pages, from, to),
});

/** [S5.3] Adds a group named 'Group', 'Group 2' ... unique in the layout. */
export function addBlock(layout: ServiceLayout, page: number): ServiceLayout {
  const name = nextDefaultName(DEFAULT_BLOCK_NAME, allBlockNames(layout));
  if (name === null) return layout;
  return mapPage(layout, page, (p) => ({ ...p, Blocks: [...p.Blocks, { Name: name, Fields: [] }] }));
}
export const renameBlock = (layout: ServiceLayout, at: BlockRef, name: string) =>
  mapPage(layout, at.page, (p) => mapBlock(p, at.block, (b) => ({ ...b, Name: name })));
/** Removes a group; its fields go back to the available fields. */
export const removeBlock = (layout: ServiceLayout, at: BlockRef) =>
  mapPage(layout, at.page, (p) => ({ ...p, Blocks: p.Blocks.filter((_, i) => i !== at.block) }));
export const moveBlock = (layout: ServiceLayout, page: number, from: number, to: number) =>
  mapPage(layout, page, (p) => ({ ...p, Blocks: moveItem(p.Blocks, from, to) }));

/** Where a field is placed in the layout, or null when it is available. */
export function findField(layout: ServiceLayout, fieldId: string): (BlockRef & { index: number }) | null {
  for (const [page, p] of layout.Pages.entries()) {
    for (const [block, b] of p.Blocks.entries()) {
      const index = b.Fields.findIndex((f) => f.FieldId === fieldId);
      if (index >= 0) return { page, block, index };
    }
  }
  return null;
}

/** Takes a field out of every group: it becomes available again. */
export const unplaceField = (layout: ServiceLayout, fieldId: string): ServiceLayout => ({
  ...layout,
  Pages: layout.Pages.map((p) => ({
    ...p,
    Blocks: p.Blocks.map((b) => ({ ...b, Fields: b.Fields.filter((f) => f.FieldId !== fieldId) })),
  })),
});

/**
 * [S2.8] Puts a field into a group at `index` (the end when absent), taking it from where it was; a
 * field appears only once in a layout. Positions count after the field left its old place.
 */
export function placeField(layout: ServiceLayout, fieldId: string, at: BlockRef, index?: number): ServiceLayout {
  const without = unplaceField(layout, fieldId);
  return mapPage(without, at.page, (p) =>
    mapBlock(p, at.block, (b) => ({ ...b, Fields: insertAt(b.Fields, index ?? b.Fields.length, { FieldId: fieldId }) })),
  );
}

/** [S2.8] A drag of a placed field that ended over another placed field: it takes that field's place. */
export function dropFieldOnField(layout: ServiceLayout, fieldId: string, overFieldId: string): ServiceLayout {
  const from = findField(layout, fieldId);
  const over = findField(layout, overFieldId);
  if (!over || fieldId === overFieldId) return layout;
  if (from && from.page === over.page && from.block === over.block) {
    return mapPage(layout, over.page, (p) =>
      mapBlock(p, over.block, (b) => ({ ...b, Fields: moveItem(b.Fields, from.index, over.index) })),
    );
  }
  return placeField(layout, fieldId, over, over.index);
}

/** Moves a placed field one place up or down within its group (keyboard alternative of dragging). */
export function moveFieldBy(layout: ServiceLayout, fieldId: string, step: -1 | 1): ServiceLayout {
  const at = findField(layout, fieldId);
  if (!at) return layout;
  return mapPage(layout, at.page, (p) =>
    mapBlock(p, at.block, (b) => ({ ...b, Fields: moveItem(b.Fields, at.index, at.index + step) })),
  );
}

/** [S2.8] The fields not placed in the layout, in the Fields tab's order. */
export function availableFields(fields: readonly ServiceField[], layout: ServiceLayout): ServiceField[] {
  const placed = new Set(layout.Pages.flatMap((p) => p.Blocks.flatMap((b) => b.Fields.map((f) => f.FieldId))));
  return fields.filter((f) => !placed.has(f.Id));
}

/** [S2.8] Reset to default: one two-column page with one group holding every field. */
export function resetLayout(layout: ServiceLayout, fields: readonly ServiceField[]): ServiceLayout {
  const pages = defaultLayouts(fields.map((f) => f.Id))[0]?.Pages ?? [];
  return { ...layout, Pages: pages };
}

/** [S2.8] Remove all fields: every group emptied; pages and groups stay. */
export const removeAllFields = (layout: ServiceLayout): ServiceLayout => ({
  ...layout,
  Pages: layout.Pages.map((p) => ({ ...p, Blocks: p.Blocks.map((b) => ({ ...b, Fields: [] })) })),
});

/** [S3.3] A powerbi page's key/value rows, in order. */
export const customRows = (page: ServicePage) => Object.entries(page.Custom);

/** Sets the key/value rows of a powerbi page; a later row with the same key replaces an earlier one. */
export const setCustomRows = (layout: ServiceLayout, page: number, rows: readonly (readonly [string, string])[]) =>
  mapPage(layout, page, (p) => ({ ...p, Custom: Object.fromEntries(rows) }));

/** Adds a key/value row with a free default key ('Key', 'Key 2', ...). */
export function addCustomRow(layout: ServiceLayout, page: number): ServiceLayout {
  const p = layout.Pages[page];
  if (!p) return layout;
  const key = nextDefaultName(DEFAULT_CUSTOM_KEY, Object.keys(p.Custom));
  return key === null ? layout : setCustomRows(layout, page, [...customRows(p), [key, '']]);
}

/** [S5.3] The width of a name input from its text (about 9 px a character plus the padding), clamped by the shared rule. */
export const nameWidth = (text: string) => Math.max(1, text.length) * 9 + 32;
