/**
 * Landing dashboards (issue 18, decision 0051-dashboards): the dashboard manager [M1.2] [M2.8]-[M2.10] [M3.6]
 * [M4.7]-[M4.9] [M9.5] and the company landing page [M1.3] [M2.11] [M4.10] [M6.2], served as the `/dash` routes
 * of [M7.1]-[M7.6] and as the operations below (one implementation: each route runs its operation).
 *
 * A dashboard is owned by an organisation (the provider or a reseller: the organisation of the user who created
 * it). Its layout is rows of slots; its content maps a slot id to a widget (rich text or a YouTube video). When
 * published, it is the landing page of the users below its owner whose audience its `visibleTo` names: users under
 * a company see 'Company' dashboards, a reseller's own staff see 'Reseller' dashboards; the nearest organisation
 * above the user that published one wins [M7.6].
 *
 * Fields the spec names are spelt as [M3.6] spells them (id, title, layout, content, visibleTo, published); the
 * record's bookkeeping is spelt as every edited record of the portal spells it (decision 0036: Version,
 * UpdatedBy, UpdatedAt), so a stale save answers 409 CONFLICT with `current` like every other edit.
 *
 * @example
 * const created = await client.call(CreateDashboard, { layout: DASHBOARD_LAYOUT_PRESETS[0].rows, visibleTo: [] });
 * await client.call(UpdateDashboard, {
 *   ...created,
 *   content: { [created.layout.rows[0].items[0].id]: { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' } },
 *   visibleTo: ['Company'],
 *   published: true,
 * });
 * const landing = await client.call(GetMyDashboard, {}); // or 404 NO_LANDING_DASHBOARD
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import { LastChangeSchema, RecordVersionSchema } from './versions.js';

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const DASHBOARD_TITLE_MAX = 100;
/** The longest html a text widget may hold, before the server sanitises it. */
export const DASHBOARD_HTML_MAX = 20_000;
export const DASHBOARD_URL_MAX = 500;
/** An organisation keeps at most this many dashboards (published and drafts together). */
export const DASHBOARDS_PER_OWNER_MAX = 200;
/** [M9.5] At most three rows and three slots in a row. */
export const DASHBOARD_ROWS_MAX = 3;
export const DASHBOARD_ROW_ITEMS_MAX = 3;
/** The error code of GET /dash/mydashboard/ (GetMyDashboard) when no dashboard is published for the caller: the web falls back to the account page [M4.10]. */
export const NO_LANDING_DASHBOARD = 'NO_LANDING_DASHBOARD';

// ---------------------------------------------------------------------------------------------
// Layout [M3.6] [M9.5]
// ---------------------------------------------------------------------------------------------

/** [M9.5] Row heights (share of the dashboard's height). */
export const DASHBOARD_ROW_HEIGHTS = ['100%', '33%', '66%'] as const;
/** [M9.5] Slot widths (share of the row's width). */
export const DASHBOARD_ITEM_WIDTHS = ['100%', '50%', '33%', '66%'] as const;
export const DashboardRowHeightSchema = z.enum(DASHBOARD_ROW_HEIGHTS);
export const DashboardItemWidthSchema = z.enum(DASHBOARD_ITEM_WIDTHS);
export type DashboardRowHeight = z.infer<typeof DashboardRowHeightSchema>;
export type DashboardItemWidth = z.infer<typeof DashboardItemWidthSchema>;

/** Shares in sixths, so that 33% + 66% and 33% + 33% + 33% make exactly a whole (6). */
export const SHARE_SIXTHS: Record<DashboardRowHeight | DashboardItemWidth, number> = {
  '100%': 6,
  '66%': 4,
  '50%': 3,
  '33%': 2,
};

/** A slot id: letters, digits, '-' and '_' (it is a key of `content` and part of field names). */
export const DashboardSlotIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use 1 to 40 letters, digits, - or _');

export const DashboardLayoutItemSchema = z.object({
  id: DashboardSlotIdSchema,
  width: DashboardItemWidthSchema,
  /** The slot's height; the presets give every slot its row's height. */
  height: DashboardRowHeightSchema,
});
export type DashboardLayoutItem = z.infer<typeof DashboardLayoutItemSchema>;

export const DashboardLayoutRowSchema = z.object({
  height: DashboardRowHeightSchema,
  items: z.array(DashboardLayoutItemSchema).min(1, 'A row needs at least one slot').max(DASHBOARD_ROW_ITEMS_MAX),
});
export type DashboardLayoutRow = z.infer<typeof DashboardLayoutRowSchema>;

/** Why a layout is not a valid grid, as field errors relative to the layout (e.g. `rows.1.items`), or []. */
export function layoutProblems(layout: {
  rows: readonly DashboardLayoutRow[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const heights = layout.rows.reduce((sum, row) => sum + SHARE_SIXTHS[row.height], 0);
  if (layout.rows.length > 0 && heights !== 6) problems.push({ path: ['rows'], message: 'The row heights must add up to 100%' });
  const seen = new Set<string>();
  layout.rows.forEach((row, r) => {
    const widths = row.items.reduce((sum, item) => sum + SHARE_SIXTHS[item.width], 0);
    if (widths !== 6) problems.push({ path: ['rows', r, 'items'], message: "The slots' widths must add up to 100%" });
    row.items.forEach((item, i) => {
      if (seen.has(item.id)) problems.push({ path: ['rows', r, 'items', i, 'id'], message: 'Another slot has this id' });
      seen.add(item.id);
    });
  });
  return problems;
}

export const DashboardLayoutSchema = z
  .object({
    rows: z.array(DashboardLayoutRowSchema).min(1, 'Choose a layout').max(DASHBOARD_ROWS_MAX),
  })
  .superRefine((layout, ctx) => {
    for (const problem of layoutProblems(layout)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type DashboardLayout = z.infer<typeof DashboardLayoutSchema>;

/** The slot ids of a layout, top to bottom, left to right. */
export function layoutSlotIds(layout: { rows: readonly DashboardLayoutRow[] }): string[] {
  return layout.rows.flatMap((row) => row.items.map((item) => item.id));
}

export interface DashboardLayoutPreset {
  /** Stable id, e.g. 'one', 'two-columns'. */
  readonly id: string;
  /** English name; the web shows `dashboards.layouts.<id>`. */
  readonly name: string;
  readonly layout: { readonly rows: readonly DashboardLayoutRow[] };
}

function row(height: DashboardRowHeight, prefix: string, widths: DashboardItemWidth[]): DashboardLayoutRow {
  return { height, items: widths.map((width, i) => ({ id: `${prefix}${i + 1}`, width, height })) };
}

/** [M9.5] The 12 layout presets: 1 to 3 rows of 1 to 3 slots. */
export const DASHBOARD_LAYOUT_PRESETS: readonly DashboardLayoutPreset[] = [
  { id: 'one', name: 'One area', layout: { rows: [row('100%', 'a', ['100%'])] } },
  { id: 'two-columns', name: 'Two columns', layout: { rows: [row('100%', 'a', ['50%', '50%'])] } },
  { id: 'narrow-wide', name: 'Narrow and wide columns', layout: { rows: [row('100%', 'a', ['33%', '66%'])] } },
  { id: 'wide-narrow', name: 'Wide and narrow columns', layout: { rows: [row('100%', 'a', ['66%', '33%'])] } },
  { id: 'three-columns', name: 'Three columns', layout: { rows: [row('100%', 'a', ['33%', '33%', '33%'])] } },
  {
    id: 'header-one',
    name: 'Header and one area',
    layout: { rows: [row('33%', 'a', ['100%']), row('66%', 'b', ['100%'])] },
  },
  {
    id: 'header-two',
    name: 'Header and two columns',
    layout: { rows: [row('33%', 'a', ['100%']), row('66%', 'b', ['50%', '50%'])] },
  },
  {
    id: 'header-three',
    name: 'Header and three columns',
    layout: { rows: [row('33%', 'a', ['100%']), row('66%', 'b', ['33%', '33%', '33%'])] },
  },
  {
    id: 'two-footer',
    name: 'Two columns and footer',
    layout: { rows: [row('66%', 'a', ['50%', '50%']), row('33%', 'b', ['100%'])] },
  },
  {
    id: 'one-three',
    name: 'One area over three columns',
    layout: { rows: [row('66%', 'a', ['100%']), row('33%', 'b', ['33%', '33%', '33%'])] },
  },
  {
    id: 'header-two-footer',
    name: 'Header, two columns and footer',
    layout: { rows: [row('33%', 'a', ['100%']), row('33%', 'b', ['50%', '50%']), row('33%', 'c', ['100%'])] },
  },
  {
    id: 'grid',
    name: 'Three by three grid',
    layout: {
      rows: [
        row('33%', 'a', ['33%', '33%', '33%']),
        row('33%', 'b', ['33%', '33%', '33%']),
        row('33%', 'c', ['33%', '33%', '33%']),
      ],
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Widgets [M3.6] [M4.9]
// ---------------------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character video id of a YouTube link, or null when `url` is not one of the accepted forms. */
export function youtubeVideoId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = segments.length === 1 ? segments[0] : null;
  } else if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com') {
    if (segments.length === 1 && segments[0] === 'watch') id = parsed.searchParams.get('v');
    else if (segments.length === 2 && segments[0] === 'embed') id = segments[1];
  } else if (host === 'youtube-nocookie.com' || host === 'www.youtube-nocookie.com') {
    if (segments.length === 2 && segments[0] === 'embed') id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/**
 * The privacy-enhanced embed address of a YouTube link (https://www.youtube-nocookie.com/embed/<id>), or null when
 * the link is not a YouTube video link.
 *
 * @example
 * youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ') // 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
 */
export function youtubeEmbedUrl(url: string): string | null {
  const id = youtubeVideoId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

export const YOUTUBE_URL_MESSAGE =
  'Enter a YouTube video link (youtube.com/watch?v=..., youtu.be/..., youtube.com/embed/... or youtube-nocookie.com/embed/...)';

export const TextWidgetSchema = z.object({
  type: z.literal('text'),
  /** Rich text; the server keeps only safe formatting (no scripts, styles, frames, event handlers, javascript: links). */
  html: z.string().max(DASHBOARD_HTML_MAX, `Keep the text under ${DASHBOARD_HTML_MAX} characters`),
});
export const VideoWidgetSchema = z.object({
  type: z.literal('video'),
  /** A YouTube link; shown through `youtubeEmbedUrl`. */
  url: z
    .string()
    .trim()
    .min(1, YOUTUBE_URL_MESSAGE)
    .max(DASHBOARD_URL_MAX)
    .refine((url) => youtubeVideoId(url) !== null, YOUTUBE_URL_MESSAGE),
});
/** The widget types the server accepts; anything else is refused (field `content.<slotId>.type`) [M8.4]. */
export const DASHBOARD_WIDGET_TYPES = ['text', 'video'] as const;
export const DashboardWidgetSchema = z.discriminatedUnion('type', [TextWidgetSchema, VideoWidgetSchema], {
  error: () => 'Use a text or a video widget',
});
export type DashboardWidget = z.infer<typeof DashboardWidgetSchema>;
export type TextWidget = z.infer<typeof TextWidgetSchema>;
export type VideoWidget = z.infer<typeof VideoWidgetSchema>;

export const DashboardContentSchema = z.record(DashboardSlotIdSchema, DashboardWidgetSchema);
export type DashboardContent = z.infer<typeof DashboardContentSchema>;

// ---------------------------------------------------------------------------------------------
// The dashboard [M3.6]
// ---------------------------------------------------------------------------------------------

/** [M6.17] [M9.5] The audiences a dashboard can be shown to. */
export const DASHBOARD_AUDIENCES = ['Reseller', 'Company'] as const;
export const DashboardAudienceSchema = z.enum(DASHBOARD_AUDIENCES);
export type DashboardAudience = z.infer<typeof DashboardAudienceSchema>;

export const DashboardIdSchema = z.coerce
  .number({ error: 'Use a dashboard id' })
  .int('Use a dashboard id')
  .positive('Use a dashboard id')
  .max(2_147_483_647, 'Use a dashboard id');

export const DashboardTitleSchema = z
  .string()
  .trim()
  .min(1, 'Enter a title')
  .max(DASHBOARD_TITLE_MAX, `Use at most ${DASHBOARD_TITLE_MAX} characters`);

const VisibleToSchema = z
  .array(DashboardAudienceSchema)
  .max(DASHBOARD_AUDIENCES.length)
  .refine((list) => new Set(list).size === list.length, 'Name each audience once');

export const DashboardSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  layout: DashboardLayoutSchema,
  content: DashboardContentSchema,
  visibleTo: z.array(DashboardAudienceSchema),
  published: z.boolean(),
  /** Decision 0036: send it back with UpdateDashboard; a stale one answers 409 CONFLICT with `current`. */
  Version: RecordVersionSchema,
  /** The organisation (provider or reseller) that owns the dashboard. */
  OwnerAccountId: z.number().int().positive(),
  OwnerDisplayName: z.string(),
  /** Display name of the user who created it (null once that user is gone). */
  CreatedBy: z.string().nullable(),
  CreatedAt: z.string(),
  /** Who saved it last and when (ISO 8601 UTC). */
  UpdatedBy: LastChangeSchema.shape.UpdatedBy,
  UpdatedAt: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** Field errors for content slots the layout does not have (`content.<slotId>`). */
function refineContentSlots(
  value: { layout: { rows: readonly DashboardLayoutRow[] }; content: Record<string, unknown> },
  ctx: z.RefinementCtx,
) {
  const slots = new Set(layoutSlotIds(value.layout));
  for (const key of Object.keys(value.content)) {
    if (!slots.has(key)) ctx.addIssue({ code: 'custom', path: ['content', key], message: 'The layout has no such slot' });
  }
}

/** [M7.1] [M4.8] Create: a title (omitted: 'My Dashboard N', see `nextDashboardTitle`), a layout and the audiences. */
export const CreateDashboardInputSchema = z.object({
  title: DashboardTitleSchema.optional(),
  layout: DashboardLayoutSchema,
  visibleTo: VisibleToSchema.default([]),
});
export type CreateDashboardInput = z.input<typeof CreateDashboardInputSchema>;

/** [M7.5] Update: the whole dashboard with the Version it was read at; `published` publishes or unpublishes [M4.7]. */
export const UpdateDashboardInputSchema = z
  .object({
    id: DashboardIdSchema,
    title: DashboardTitleSchema,
    layout: DashboardLayoutSchema,
    content: DashboardContentSchema,
    visibleTo: VisibleToSchema,
    published: z.boolean(),
    Version: RecordVersionSchema,
  })
  .superRefine(refineContentSlots);
export type UpdateDashboardInput = z.input<typeof UpdateDashboardInputSchema>;

export const DashboardListSchema = z.object({ dashboards: z.array(DashboardSchema) });
export type DashboardList = z.infer<typeof DashboardListSchema>;

// ---------------------------------------------------------------------------------------------
// Titles [M4.8]
// ---------------------------------------------------------------------------------------------

export const DEFAULT_DASHBOARD_TITLE_PREFIX = 'My Dashboard';

/**
 * [M4.8] The title of a new dashboard: 'My Dashboard N' with N the number of dashboards plus one. When that title
 * is already taken (a dashboard was deleted or renamed to it), N moves on until the title is free, so two
 * dashboards never start with the same default title.
 *
 * @example
 * nextDashboardTitle(['My Dashboard 1']) // 'My Dashboard 2'
 * nextDashboardTitle(['Welcome', 'My Dashboard 2']) // 'My Dashboard 3'
 */
export function nextDashboardTitle(existingTitles: readonly string[]): string {
  const taken = new Set(existingTitles.map((title) => title.trim().toLowerCase()));
  let n = existingTitles.length + 1;
  while (taken.has(`${DEFAULT_DASHBOARD_TITLE_PREFIX} ${n}`.toLowerCase())) n += 1;
  return `${DEFAULT_DASHBOARD_TITLE_PREFIX} ${n}`;
}

// ---------------------------------------------------------------------------------------------
// Operations (and their /dash routes [M7.1]-[M7.6])
// ---------------------------------------------------------------------------------------------

const READ = { kind: 'capability', capability: { name: 'DASHBOARD_MANAGER', kind: 'READ' } } as const;
const UPDATE = { kind: 'capability', capability: { name: 'DASHBOARD_MANAGER', kind: 'UPDATE' } } as const;

/** [M7.1] POST /dash/dashboard/create */
export const CreateDashboard = defineOperation({
  name: 'CreateDashboard',
  summary:
    "Creates a draft dashboard owned by the caller's organisation (provider or reseller) with empty content; without a title it is 'My Dashboard N'. Also POST /dash/dashboard/create",
  input: CreateDashboardInputSchema,
  output: DashboardSchema,
  access: UPDATE,
  mutating: true,
});

/** [M7.2] GET /dash/dashboards */
export const ListDashboards = defineOperation({
  name: 'ListDashboards',
  summary: "The caller organisation's dashboards, published and drafts, most recently updated first. Also GET /dash/dashboards",
  input: z.object({}),
  output: DashboardListSchema,
  access: READ,
  mutating: false,
});

/** [M7.3] GET /dash/dashboard/{id} */
export const GetDashboard = defineOperation({
  name: 'GetDashboard',
  summary:
    "One dashboard of an organisation inside the caller's scope; another tenant's answers 404. Also GET /dash/dashboard/{id}",
  input: z.object({ id: DashboardIdSchema }),
  output: DashboardSchema,
  access: READ,
  mutating: false,
});

/** [M7.5] POST /dash/dashboard/{id}/update */
export const UpdateDashboard = defineOperation({
  name: 'UpdateDashboard',
  summary:
    'Saves the whole dashboard (title, layout, content, visibleTo, published); text widgets are sanitised, a stale Version answers 409 CONFLICT with `current`. Also POST /dash/dashboard/{id}/update',
  input: UpdateDashboardInputSchema,
  output: DashboardSchema,
  access: UPDATE,
  mutating: true,
});

/** [M7.4] POST /dash/dashboard/{id}/delete */
export const DeleteDashboard = defineOperation({
  name: 'DeleteDashboard',
  summary: 'Deletes a dashboard (kept in the audit log). Also POST /dash/dashboard/{id}/delete',
  input: z.object({ id: DashboardIdSchema }),
  output: z.object({ id: z.number().int().positive(), deleted: z.literal(true) }),
  access: UPDATE,
  mutating: true,
});

/** [M7.6] GET /dash/mydashboard/ */
export const GetMyDashboard = defineOperation({
  name: 'GetMyDashboard',
  summary:
    "The caller's landing dashboard [M4.10]: the one published by the nearest organisation above the user for its audience (Company users or a reseller's own staff), the most recently updated if several; none answers 404 NO_LANDING_DASHBOARD. Also GET /dash/mydashboard/",
  input: z.object({}),
  output: DashboardSchema,
  access: { kind: 'capability', capability: { name: 'CUSTOM_LANDING_PAGE', kind: 'EXECUTE' } },
  mutating: false,
});

export const dashboardOperations = [
  CreateDashboard,
  ListDashboards,
  GetDashboard,
  UpdateDashboard,
  DeleteDashboard,
  GetMyDashboard,
] as const;

/** [M7.1]-[M7.6] The `/dash` routes and the operation each one runs (path parameters fill `id`). */
export const DASHBOARD_ROUTES = [
  { method: 'POST', url: '/dash/dashboard/create', operation: CreateDashboard },
  { method: 'GET', url: '/dash/dashboards', operation: ListDashboards },
  { method: 'GET', url: '/dash/dashboard/:id', operation: GetDashboard },
  { method: 'POST', url: '/dash/dashboard/:id/delete', operation: DeleteDashboard },
  { method: 'POST', url: '/dash/dashboard/:id/update', operation: UpdateDashboard },
  { method: 'GET', url: '/dash/mydashboard/', operation: GetMyDashboard },
] as const;
