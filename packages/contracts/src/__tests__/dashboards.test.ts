import { describe, expect, it } from 'vitest';
import {
  CreateDashboardInputSchema,
  DASHBOARD_ITEM_WIDTHS,
  DASHBOARD_LAYOUT_PRESETS,
  DASHBOARD_ROW_HEIGHTS,
  DashboardLayoutSchema,
  layoutSlotIds,
  nextDashboardTitle,
  SHARE_SIXTHS,
  UpdateDashboardInputSchema,
  youtubeEmbedUrl,
} from '../dashboards.js';

const ID = 'dQw4w9WgXcQ';

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));
}

describe('dashboard layout presets', () => {
  it('[M9.5] offers exactly 12 presets with distinct ids', () => {
    expect(DASHBOARD_LAYOUT_PRESETS).toHaveLength(12);
    expect(new Set(DASHBOARD_LAYOUT_PRESETS.map((p) => p.id)).size).toBe(12);
  });

  it('[M9.5] every preset has 1 to 3 rows of 1 to 3 slots with the allowed heights and widths, each row filling 100%', () => {
    for (const preset of DASHBOARD_LAYOUT_PRESETS) {
      const { rows } = preset.layout;
      expect(rows.length, preset.id).toBeGreaterThanOrEqual(1);
      expect(rows.length, preset.id).toBeLessThanOrEqual(3);
      expect(
        rows.reduce((sum, row) => sum + SHARE_SIXTHS[row.height], 0),
        `${preset.id} heights`,
      ).toBe(6);
      for (const row of rows) {
        expect(DASHBOARD_ROW_HEIGHTS).toContain(row.height);
        expect(row.items.length, preset.id).toBeGreaterThanOrEqual(1);
        expect(row.items.length, preset.id).toBeLessThanOrEqual(3);
        for (const item of row.items) {
          expect(DASHBOARD_ITEM_WIDTHS).toContain(item.width);
          expect(DASHBOARD_ROW_HEIGHTS).toContain(item.height);
        }
        expect(
          row.items.reduce((sum, item) => sum + SHARE_SIXTHS[item.width], 0),
          `${preset.id} widths`,
        ).toBe(6);
      }
      expect(new Set(layoutSlotIds(preset.layout)).size, preset.id).toBe(layoutSlotIds(preset.layout).length);
      expect(DashboardLayoutSchema.safeParse(preset.layout).success, preset.id).toBe(true);
    }
  });

  it('covers one, two and three rows and columns', () => {
    const rowCounts = new Set(DASHBOARD_LAYOUT_PRESETS.map((p) => p.layout.rows.length));
    const columnCounts = new Set(DASHBOARD_LAYOUT_PRESETS.flatMap((p) => p.layout.rows.map((r) => r.items.length)));
    expect([...rowCounts].sort()).toEqual([1, 2, 3]);
    expect([...columnCounts].sort()).toEqual([1, 2, 3]);
  });

  it('refuses a layout whose widths or heights do not make 100%, and a layout without rows', () => {
    const bad = {
      rows: [
        { height: '66%', items: [{ id: 'a', width: '50%', height: '66%' }] },
        { height: '66%', items: [{ id: 'a', width: '100%', height: '66%' }] },
      ],
    };
    expect(fieldsOf(DashboardLayoutSchema.safeParse(bad)).sort()).toEqual(['rows', 'rows.0.items', 'rows.1.items.0.id']);
    expect(fieldsOf(DashboardLayoutSchema.safeParse({ rows: [] }))).toEqual(['rows']);
    const wide = { rows: [{ height: '100%', items: [{ id: 'a', width: '25%', height: '100%' }] }] };
    expect(fieldsOf(DashboardLayoutSchema.safeParse(wide))).toEqual(['rows.0.items.0.width']);
  });
});

describe('youtubeEmbedUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    ` https://youtube-nocookie.com/embed/${ID} `,
  ])('[M3.6] turns %s into the privacy-enhanced embed address', (url) => {
    expect(youtubeEmbedUrl(url)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });

  it.each([
    'https://vimeo.com/123456789',
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert('${ID}')`,
    `https://www.youtube.com/watch?v=${ID}x`,
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `ftp://youtu.be/${ID}`,
    'not a link',
    '',
  ])('refuses %s', (url) => {
    expect(youtubeEmbedUrl(url)).toBeNull();
  });
});

describe('nextDashboardTitle', () => {
  it("[M4.8] names a new dashboard 'My Dashboard N' with N the count plus one", () => {
    expect(nextDashboardTitle([])).toBe('My Dashboard 1');
    expect(nextDashboardTitle(['Welcome', 'Sales'])).toBe('My Dashboard 3');
  });

  it('moves N on while that title is taken', () => {
    expect(nextDashboardTitle(['My Dashboard 2'])).toBe('My Dashboard 3');
    expect(nextDashboardTitle(['my dashboard 3', 'My Dashboard 4', 'x'])).toBe('My Dashboard 5');
  });
});

describe('dashboard input schemas', () => {
  const layout = DASHBOARD_LAYOUT_PRESETS[1]?.layout;
  const base = { id: 1, title: 'Welcome', layout, content: {}, visibleTo: ['Company'], published: false, Version: 1 };

  it('creates with an empty visibleTo by default and without a title', () => {
    const parsed = CreateDashboardInputSchema.parse({ layout });
    expect(parsed.visibleTo).toEqual([]);
    expect(parsed.title).toBeUndefined();
  });

  it('refuses a blank or a too long title, naming the field', () => {
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, title: '  ' }))).toEqual(['title']);
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, title: 'x'.repeat(101) }))).toEqual(['title']);
  });

  it('[M9.5] accepts only Reseller and Company audiences, each once', () => {
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, visibleTo: ['Vendor'] }))).toEqual(['visibleTo.0']);
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, visibleTo: ['Company', 'Company'] }))).toEqual(['visibleTo']);
  });

  it('names content.<slot>.url for a link that is not a YouTube video', () => {
    const content = { a1: { type: 'video', url: 'https://vimeo.com/1' } };
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, content }))).toEqual(['content.a1.url']);
  });

  it('[M8.4] refuses an unknown widget type, naming content.<slot>.type', () => {
    const content = { a1: { type: 'image', src: 'x.png' } };
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, content }))).toEqual(['content.a1.type']);
  });

  it('refuses content for a slot the layout does not have and html over the limit', () => {
    const content = { z9: { type: 'text', html: 'hi' }, a2: { type: 'text', html: 'x'.repeat(20_001) } };
    expect(fieldsOf(UpdateDashboardInputSchema.safeParse({ ...base, content })).sort()).toEqual([
      'content.a2.html',
      'content.z9',
    ]);
  });

  it('accepts a text and a video widget in the layout slots', () => {
    const content = { a1: { type: 'text', html: '<p>Hi</p>' }, a2: { type: 'video', url: `https://youtu.be/${ID}` } };
    expect(UpdateDashboardInputSchema.safeParse({ ...base, content }).success).toBe(true);
  });
});
