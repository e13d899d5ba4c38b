import { DASHBOARD_LAYOUT_PRESETS, type DashboardContent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  dropWidget,
  emptySlotIds,
  nextSlotForKey,
  PALETTE_WIDGETS,
  paletteDragId,
  presetIdOf,
  presetLayout,
  relayout,
  removeWidget,
  slotDropId,
  slotNumber,
} from '../dashboard-grid';

const twoColumns = presetLayout('two-columns')!;
const grid = presetLayout('grid')!;
const one = presetLayout('one')!;
const text = { type: 'text', html: '<p>Hi</p>' } as const;
const video = { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' } as const;

describe('the widget palette', () => {
  it('[M4.9] offers text and video, not the image widget', () => {
    expect(PALETTE_WIDGETS).toEqual(['text', 'video']);
  });
});

describe('dropping a palette widget', () => {
  it('[M4.9] fills an empty slot with an empty widget of its type', () => {
    const dropped = dropWidget(twoColumns, {}, paletteDragId('video'), slotDropId('a2'));

    expect(dropped).toEqual({ slotId: 'a2', content: { a2: { type: 'video', url: '' } } });
  });

  it.each([
    ['a filled slot', { a1: text } as DashboardContent, paletteDragId('text'), slotDropId('a1')],
    ['outside any slot', {}, paletteDragId('text'), null],
    ['a slot the layout does not have', {}, paletteDragId('text'), slotDropId('c3')],
    ['something that is not a slot', {}, paletteDragId('text'), 'sales-quote:lines'],
    ['a widget the palette does not offer', {}, 'dashboard-palette:image', slotDropId('a1')],
    ['a drag that is not from the palette', {}, 'catalogue-service:x', slotDropId('a1')],
  ])('changes nothing when dropped on %s', (_case, content, active, over) => {
    expect(dropWidget(twoColumns, content, active, over)).toBeNull();
  });
});

describe('removing a widget', () => {
  it('[M4.9] gives the slot its empty placeholder back', () => {
    const content = removeWidget({ a1: text, a2: video }, 'a1');

    expect(content).toEqual({ a2: video });
    expect(emptySlotIds(twoColumns, content)).toEqual(['a1']);
  });
});

describe('choosing another layout', () => {
  it('keeps the widgets in reading order in the new slots', () => {
    const moved = relayout(twoColumns, { a2: video, a1: text }, grid);

    expect(moved).toEqual({ content: { a1: text, a2: video }, dropped: [] });
  });

  it('lists the widgets the new layout has no room for', () => {
    const moved = relayout(twoColumns, { a1: text, a2: video }, one);

    expect(moved).toEqual({ content: { a1: text }, dropped: ['a2'] });
  });
});

describe('the layout presets as the screen finds them', () => {
  it('[M9.5] names the preset a layout was made from, and none for another', () => {
    for (const preset of DASHBOARD_LAYOUT_PRESETS) expect(presetIdOf(preset.layout)).toBe(preset.id);
    expect(
      presetIdOf({
        rows: [
          {
            height: '100%',
            items: [
              { id: 'x', width: '66%', height: '100%' },
              { id: 'y', width: '33%', height: '100%' },
            ],
          },
        ],
      }),
    ).toBe('wide-narrow');
    expect(presetIdOf({ rows: [{ height: '100%', items: [{ id: 'x', width: '50%', height: '100%' }] }] })).toBeNull();
  });

  it('hands out a copy of a preset, so editing a dashboard never changes the presets', () => {
    const copy = presetLayout('one')!;
    copy.rows[0]!.items[0]!.id = 'changed';

    expect(DASHBOARD_LAYOUT_PRESETS[0]!.layout.rows[0]!.items[0]!.id).toBe('a1');
    expect(presetLayout('no-such-layout')).toBeNull();
  });

  it('numbers slots from the top left', () => {
    expect(slotNumber(grid, 'a1')).toBe(1);
    expect(slotNumber(grid, 'b2')).toBe(5);
  });
});

describe('moving a widget between empty slots with the keyboard', () => {
  const empty = ['a1', 'b2', 'c3'];

  it.each([
    [null, 'ArrowRight', 'a1'],
    [null, 'ArrowDown', 'a1'],
    [null, 'ArrowLeft', 'c3'],
    ['a1', 'ArrowRight', 'b2'],
    ['b2', 'ArrowDown', 'c3'],
    ['c3', 'ArrowRight', 'a1'],
    ['a1', 'ArrowUp', 'c3'],
    ['b2', 'ArrowLeft', 'a1'],
    ['filled', 'ArrowRight', 'a1'],
  ])('from %s, %s goes to %s', (from, key, to) => {
    expect(nextSlotForKey(empty, from, key)).toBe(to);
  });

  it('ignores other keys and has nowhere to go when every slot is filled', () => {
    expect(nextSlotForKey(empty, 'a1', 'Enter')).toBeNull();
    expect(nextSlotForKey([], null, 'ArrowRight')).toBeNull();
  });
});
