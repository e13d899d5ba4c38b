import { models } from '@portal/embed';
import type { Channel, Reply, Request } from './channel.js';
import {
  aggregate,
  applyFilters,
  categoriesOf,
  defaultSlicerValues,
  describeFilter,
  type EmbedData,
  type PageDefinition,
  type Row,
  TABLE,
  targetColumn,
  toCsv,
  updateFilters,
  type VisualDefinition,
} from './data.js';
import { type EditBar, type MenuCommand, type Panes, renderMessage, renderPage, type VisualView } from './render.js';
import { refusalCode, TokenExpiry } from './token-expiry.js';

const accepted: Reply = { statusCode: 202 };
const invalid = (errors: models.IError[]): Reply => ({ statusCode: 400, body: errors });
const failure = (statusCode: number, message: string, errorCode = 'InvalidRequest'): Reply => ({
  statusCode,
  body: { message, detailedMessage: message, errorCode, level: models.TraceType.Error },
});
const notSupported = (what: string) => failure(400, `${what} is not supported by this report host`, 'NotSupported');
const PAGES_MAX = 20;
const DISPLAY_NAME_MAX = 100;
const SAVE_BIT = models.Permissions.ReadWrite;
const COPY_BIT = models.Permissions.Copy;
/** Visuals whose data points a user selects (selectionChanged); cards, slicers and buttons are not among them. */
const SELECTABLE = new Set<VisualDefinition['type']>([
  'tableEx',
  'columnChart',
  'barChart',
  'lineChart',
  'pieChart',
  'donutChart',
]);
/** A touch move becomes a swipe (swipeStart) once it has gone this far, more sideways than up or down (CSS px). */
export const SWIPE_START_PX = 10;
/** A swipe changes page when it ends at least this far sideways from where it began, more sideways than up or down. */
export const SWIPE_PAGE_PX = 60;

/** What a captured bookmark holds (base64 JSON in IReportBookmark.state). */
interface BookmarkState {
  v: 1;
  activePage: string;
  reportFilters: models.IFilter[];
  pageFilters?: Record<string, models.IFilter[]>;
  visualFilters?: Record<string, models.IFilter[]>;
  slicers?: Record<string, models.ISlicerState>;
}
const encodeState = (state: BookmarkState) => btoa(unescape(encodeURIComponent(JSON.stringify(state))));
const decodeState = (state: string): BookmarkState | null => {
  try {
    const parsed = JSON.parse(decodeURIComponent(escape(atob(state)))) as BookmarkState;
    return parsed && parsed.v === 1 && typeof parsed.activePage === 'string' ? parsed : null;
  } catch {
    return null;
  }
};

/** The report host: state of one embedded report and the answers to the library's messages. */
export class ReportHost {
  private uid: string;
  private config: models.IReportLoadConfiguration | null = null;
  private token: string | null = null;
  private reportId: string | null;
  private groupId: string | null;
  private data: EmbedData | null = null;
  private activePage = '';
  private reportFilters: models.IFilter[] = [];
  private readonly pageFilters = new Map<string, models.IFilter[]>();
  private readonly visualFilters = new Map<string, models.IFilter[]>();
  private readonly slicers = new Map<string, models.ISlicerState>();
  private settings: models.ISettings = {};
  private zoom = 1;
  private viewMode: 'view' | 'edit' = 'view';
  private theme: models.IReportTheme = { themeJson: {} } as models.IReportTheme;
  private readonly bookmarks: models.IReportBookmark[] = [];
  private phased = false;
  private loaded = false;
  private permissions = 0;
  /** Whether the filters pane is open; starts from settings.panes.filters.expanded. */
  private filtersExpanded = true;
  private dirty = false;
  private saving = false;
  /** The data point the user selected: one at a time, on the active page. */
  private selection: { page: string; visual: string; category: string } | null = null;
  /** A touch on the page canvas that may become a swipe between pages. */
  private swipe: { pointerId: number; x: number; y: number; started: boolean } | null = null;
  private readonly expiry = new TokenExpiry(() =>
    this.emitError('The embed token has expired', models.CommonErrorCodes.TokenExpired),
  );

  constructor(
    private readonly channel: Channel,
    private readonly root: HTMLElement,
    location: Location,
    private readonly fetcher: typeof fetch,
  ) {
    const query = new URLSearchParams(location.search);
    this.uid = query.get('uid') ?? '';
    this.reportId = query.get('reportId');
    this.groupId = query.get('groupId');
    this.routes();
    this.watchSwipes();
    // The frame's width decides between the page's own size, zoomed to fit, and one column (fitPage, host.css).
    root.ownerDocument.defaultView?.addEventListener('resize', () => this.fitPage());
  }

  private get pages(): PageDefinition[] {
    return this.data?.report.pages ?? [];
  }

  private page(name: string) {
    return this.pages.find((p) => p.name === name) ?? null;
  }

  private visual(pageName: string, visualName: string) {
    return this.page(pageName)?.visuals.find((v) => v.name === visualName) ?? null;
  }

  private pageModel(page: PageDefinition): models.IPage {
    return {
      name: page.name,
      displayName: page.displayName,
      isActive: page.name === this.activePage,
      visibility: models.SectionVisibility.AlwaysVisible,
      defaultSize: { type: models.PageSizeType.Custom, width: 1000, height: 700 },
      // [E3.2] On a phone the page is drawn as one column of visuals (see the narrow layout below).
      mobileSize: { type: models.PageSizeType.Custom, width: 360, height: 640 },
      defaultDisplayOption: models.DisplayOption.FitToPage,
      // The page and the area around it are drawn opaque (host.css).
      background: { transparency: 0 },
      wallpaper: { transparency: 0 },
    };
  }

  private visualModel(visual: VisualDefinition): models.IVisual {
    return {
      name: visual.name,
      title: visual.title,
      type: visual.type,
      layout: { ...visual.layout, z: 0, displayState: { mode: models.VisualContainerDisplayMode.Visible } },
    };
  }

  private emit(name: string, value: unknown = null) {
    this.channel.emit(this.uid, name, value);
  }

  private emitError(message: string, errorCode: string, level = models.TraceType.Fatal) {
    this.emit('error', { message, detailedMessage: message, errorCode, level, technicalDetails: { requestId: null } });
  }

  /**
   * [E4.3] info: something the host page asked for was left out and the report goes on without it
   * (the IError shape at level Information; docs/decisions/0021-embed-events.md lists the situations).
   */
  private emitInfo(message: string, errorCode: string) {
    this.emit('info', {
      message,
      detailedMessage: message,
      errorCode,
      level: models.TraceType.Information,
      technicalDetails: { requestId: null },
    });
  }

  /** The fields the report's data has: the columns of its datasets and the fields its visuals read. */
  private knownFields(): Set<string> {
    const known = new Set<string>();
    for (const rows of Object.values(this.data?.datasets ?? {})) for (const key of Object.keys(rows[0] ?? {})) known.add(key);
    for (const page of this.pages)
      for (const { fields } of page.visuals)
        for (const field of [fields.category, fields.value, ...(fields.columns ?? [])]) if (field) known.add(field);
    return known;
  }

  /** An info event for each dataset the server cut at its row limit, naming the visuals that show it. */
  private noteRowLimits() {
    for (const [dataset, limit] of Object.entries(this.data?.rowLimits ?? {})) {
      const titles = this.pages.flatMap((p) => p.visuals.filter((v) => v.dataset === dataset).map((v) => v.title));
      if (titles.length === 0) continue;
      this.emitInfo(`Only the first ${limit} rows of the ${dataset} data are shown in ${titles.join(', ')}`, 'RowLimitReached');
    }
  }

  /** An info event for each filter that names a table or field the report does not have (it is kept but filters nothing). */
  private noteUnknownTargets(filters: readonly unknown[]) {
    const known = this.knownFields();
    for (const filter of filters) {
      const target = (filter as models.IFilter | null)?.target as
        | { table?: string; column?: string; measure?: string; hierarchy?: string; hierarchyLevel?: string }
        | undefined;
      if (!target || typeof target !== 'object' || Array.isArray(target) || typeof target.table !== 'string') continue;
      const column = targetColumn(filter as models.IFilter);
      if (column && known.has(column)) continue;
      const field = target.column ?? target.hierarchyLevel ?? target.measure ?? target.hierarchy ?? '';
      const name = field ? `${target.table}.${field}` : target.table;
      this.emitInfo(`The filter on ${name} has no effect: this report has no such field`, 'FilterTargetNotFound');
    }
  }

  // ---- data ----

  private rowsFor(page: PageDefinition, visual: VisualDefinition, options: { withOwnSlicer?: boolean } = {}): Row[] {
    const rows = visual.dataset ? (this.data?.datasets[visual.dataset] ?? []) : [];
    const slicerFilters = page.visuals
      .filter((v) => v.type === 'slicer' && (options.withOwnSlicer || v.name !== visual.name))
      .flatMap((v) => this.slicers.get(`${page.name}/${v.name}`)?.filters ?? []);
    return applyFilters(rows, [
      ...this.reportFilters,
      ...(this.pageFilters.get(page.name) ?? []),
      ...(this.visualFilters.get(`${page.name}/${visual.name}`) ?? []),
      ...(slicerFilters as models.IFilter[]),
    ]);
  }

  private view(page: PageDefinition, visual: VisualDefinition): VisualView {
    const rows = this.rowsFor(page, visual);
    const selected = new Set<string>();
    for (const filter of this.slicers.get(`${page.name}/${visual.name}`)?.filters ?? []) {
      const basic = filter as models.IBasicFilter;
      if (Array.isArray(basic.values) && basic.operator === 'In') for (const v of basic.values) selected.add(String(v));
    }
    const highlighted =
      this.selection?.page === page.name && this.selection.visual === visual.name ? this.selection.category : null;
    const denied = visual.dataset !== undefined && (this.data?.denied ?? []).includes(visual.dataset);
    const points = aggregate(rows, visual.fields.category, visual.fields.value, categoriesOf(this.data?.categories, visual));
    return { points, rows, selected, highlighted, denied };
  }

  private render() {
    const page = this.page(this.activePage);
    if (!page) return;
    const views = new Map(page.visuals.map((v) => [v.name, this.view(page, v)] as const));
    const { laidOut, hidden } = this.customLayout(page);
    renderPage(
      this.root,
      laidOut,
      views,
      this.zoom,
      hidden,
      {
        onPointClick: (visual, category, value) => this.clicked(page, visual, category, value),
        onSlicerToggle: (visual, category) => this.toggleSlicer(page, visual, category),
        commandsFor: (visual) => this.commandsFor(visual),
        onHyperlink: (visual, url, row) => this.hyperlinkClicked(page, visual, url, row),
        onButton: (visual) => this.buttonClicked(visual),
        onCommand: (visual, command, category) => this.commandTriggered(page, visual, command, category),
      },
      this.editBar(),
      this.panes(page),
      this.zoom === 1 && laidOut === page && this.viewMode === 'view',
    );
    this.fitPage();
  }

  /**
   * The report's own layout in a frame narrower than its page but wider than a phone (which shows one column,
   * host.css): the page is zoomed to the frame's width, so no visual is cut at its edge (decision 0058).
   */
  private fitPage() {
    const canvas = this.root.querySelector<HTMLElement>('.page.can-flow');
    const scroller = this.root.querySelector<HTMLElement>('.page-scroller');
    if (!canvas || !scroller) return;
    canvas.style.zoom = '';
    const view = this.root.ownerDocument.defaultView;
    if (typeof view?.matchMedia !== 'function' || view.matchMedia('(max-width: 640px)').matches) return;
    // The page with its margins; the scroller's width without a vertical scroll bar.
    const needed = canvas.offsetWidth + 16;
    const available = scroller.clientWidth;
    if (available > 0 && needed > available) canvas.style.zoom = String(available / needed);
  }

  /** [E3.10] [E3.11] The page navigation and filters panes as the settings ask (both shown by default). */
  private panes(page: PageDefinition): Panes {
    const settings = this.settings;
    const showPages = settings.panes?.pageNavigation?.visible ?? settings.navContentPaneEnabled ?? true;
    const showFilters = settings.panes?.filters?.visible ?? settings.filterPaneEnabled ?? true;
    const removing = (level: models.IFilter[], index: number, write: (next: models.IFilter[]) => void) => () => {
      const next = level.filter((_, i) => i !== index);
      write(next);
      this.render();
      this.emit('filtersApplied', { filters: next });
      this.emit('rendered');
    };
    const entries = (level: models.IFilter[], write: (next: models.IFilter[]) => void) =>
      level.map((filter, i) => ({ text: describeFilter(filter), onRemove: removing(level, i, write) }));
    const visualGroups = page.visuals.map((visual) => {
      const key = `${page.name}/${visual.name}`;
      return {
        label: `On ${visual.title}`,
        filters: entries(this.visualFilters.get(key) ?? [], (next) => this.visualFilters.set(key, next)),
      };
    });
    return {
      pages: showPages
        ? {
            list: this.pages.map((p) => ({ name: p.name, displayName: p.displayName })),
            active: this.activePage,
            position: settings.panes?.pageNavigation?.position === models.PageNavigationPosition.Left ? 'left' : 'bottom',
            onSelect: (name) => this.activate(name),
          }
        : null,
      filters: showFilters
        ? {
            expanded: this.filtersExpanded,
            onToggle: () => {
              this.filtersExpanded = !this.filtersExpanded;
              this.render();
            },
            groups: [
              {
                label: 'On this report',
                filters: entries(this.reportFilters, (next) => {
                  this.reportFilters = next;
                }),
              },
              {
                label: 'On this page',
                filters: entries(this.pageFilters.get(page.name) ?? [], (next) => this.pageFilters.set(page.name, next)),
              },
              ...visualGroups,
            ],
          }
        : null,
    };
  }

  /** Makes a page the active one, as a click in the pages pane or setPage does. */
  private activate(name: string) {
    const page = this.page(name);
    if (!page) return;
    if (page.name !== this.activePage) this.clearSelection();
    this.activePage = page.name;
    this.renderNow();
    this.emit('pageChanged', { newPage: this.pageModel(page) });
  }

  /**
   * The page as the custom layout of the settings shows it ([E3.12]): each visual takes its own
   * visualsLayout entry or else the page's defaultLayout; a Hidden display state hides it, and x,
   * y, width and height move and size it. Embedding a single visual relies on this.
   */
  private customLayout(page: PageDefinition): { laidOut: PageDefinition; hidden: Set<string> } {
    const hidden = new Set<string>();
    const pageLayout = this.settings.customLayout?.pagesLayout?.[page.name] as
      | { defaultLayout?: models.IVisualLayout; visualsLayout?: Record<string, models.IVisualLayout> }
      | undefined;
    if (!pageLayout) return { laidOut: page, hidden };
    const visuals = page.visuals.map((visual) => {
      const layout = pageLayout.visualsLayout?.[visual.name] ?? pageLayout.defaultLayout;
      if (!layout) return visual;
      if (layout.displayState?.mode === models.VisualContainerDisplayMode.Hidden) hidden.add(visual.name);
      const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
      return {
        ...visual,
        layout: {
          x: num(layout.x, visual.layout.x),
          y: num(layout.y, visual.layout.y),
          width: Math.max(40, num(layout.width, visual.layout.width)),
          height: Math.max(40, num(layout.height, visual.layout.height)),
        },
      };
    });
    return { laidOut: { ...page, visuals }, hidden };
  }

  private clicked(page: PageDefinition, visual: VisualDefinition, category: string | null, value: number | null) {
    const base = {
      report: { id: this.data?.report.id, displayName: this.data?.report.name },
      page: this.pageModel(page),
      visual: this.visualModel(visual),
    };
    this.emit('visualClicked', base);
    if (category === null && value === null) return;
    const column = visual.fields.category ?? visual.fields.columns?.[0];
    const point = {
      identity: column && category !== null ? [{ target: { table: TABLE, column }, equals: category }] : [],
      values:
        visual.fields.value && value !== null
          ? [{ target: { table: TABLE, column: visual.fields.value }, value, formattedValue: String(value) }]
          : [],
    };
    if (category === null || !SELECTABLE.has(visual.type)) {
      this.emit('dataSelected', { ...base, dataPoints: [point], regions: [], filters: [] });
      return;
    }
    // [E4.3] A click selects the point, a click on the selected point clears the selection. The
    // visual is drawn with the new selection first, then dataSelected and selectionChanged follow.
    const again =
      this.selection?.page === page.name && this.selection.visual === visual.name && this.selection.category === category;
    this.selection = again ? null : { page: page.name, visual: visual.name, category };
    this.renderKeepingFocus(visual.name, category);
    const detail = { ...base, dataPoints: again ? [] : [point], regions: [], filters: [] };
    this.emit('dataSelected', detail);
    this.emit('selectionChanged', detail);
  }

  /** Clears the selection (the page changes): the host page is told with selectionChanged and no data points. */
  private clearSelection() {
    const was = this.selection;
    this.selection = null;
    const page = was ? this.page(was.page) : null;
    const visual = was ? this.visual(was.page, was.visual) : null;
    if (!page || !visual) return;
    this.emit('selectionChanged', {
      report: { id: this.data?.report.id, displayName: this.data?.report.name },
      page: this.pageModel(page),
      visual: this.visualModel(visual),
      dataPoints: [],
      regions: [],
      filters: [],
    });
  }

  /** Redraws the page; a keyboard user who chose a point keeps the focus on it. */
  private renderKeepingFocus(visualName: string, category: string) {
    const active = this.root.ownerDocument.activeElement;
    const hadFocus = !!active && this.root.contains(active) && active.getAttribute('data-category') === category;
    this.render();
    if (!hadFocus) return;
    const again = [...this.root.querySelectorAll('[data-visual] [data-category]')].find(
      (node) =>
        node.getAttribute('data-category') === category &&
        node.closest('[data-visual]')?.getAttribute('data-visual') === visualName,
    );
    (again as HTMLElement | SVGElement | undefined)?.focus();
  }

  /** [E4.3] Touch swipes between pages: the mobile layouts, or whenever the page navigation is shown. */
  private get swipesChangePage(): boolean {
    const layout = this.settings.layoutType;
    if (layout === models.LayoutType.MobilePortrait || layout === models.LayoutType.MobileLandscape) return true;
    return this.settings.panes?.pageNavigation?.visible ?? this.settings.navContentPaneEnabled ?? true;
  }

  /**
   * [E4.3] A horizontal touch (or pen) swipe over the page canvas: swipeStart with the page it
   * began on once it has moved SWIPE_START_PX sideways; on release, SWIPE_PAGE_PX or more to the
   * left goes to the next page and to the right to the previous one (pageChanged), then swipeEnd
   * with the page landed on. Mouse drags are no swipes; keyboard users keep the pages pane.
   */
  private watchSwipes() {
    const root = this.root;
    const active = () => this.page(this.activePage);
    root.addEventListener('pointerdown', (event) => {
      const e = event as PointerEvent;
      if (e.pointerType !== 'touch' && e.pointerType !== 'pen') return;
      if (!this.loaded || this.phased || !this.swipesChangePage) return;
      if (!(e.target instanceof Element) || !e.target.closest('.page-scroller')) return;
      this.swipe = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, started: false };
    });
    root.addEventListener('pointermove', (event) => {
      const e = event as PointerEvent;
      const swipe = this.swipe;
      if (!swipe || swipe.pointerId !== e.pointerId || swipe.started) return;
      const dx = Math.abs(e.clientX - swipe.x);
      const dy = Math.abs(e.clientY - swipe.y);
      if (dy >= SWIPE_START_PX && dy >= dx) {
        this.swipe = null; // scrolling up or down, not a swipe
        return;
      }
      const page = active();
      if (dx < SWIPE_START_PX || dx <= dy || !page) return;
      swipe.started = true;
      this.emit('swipeStart', { currentPage: this.pageModel(page) });
    });
    const end = (event: Event, cancelled: boolean) => {
      const e = event as PointerEvent;
      const swipe = this.swipe;
      if (!swipe || swipe.pointerId !== e.pointerId) return;
      this.swipe = null;
      if (!swipe.started) return;
      const dx = e.clientX - swipe.x;
      const dy = e.clientY - swipe.y;
      const index = this.pages.findIndex((p) => p.name === this.activePage);
      if (!cancelled && Math.abs(dx) >= SWIPE_PAGE_PX && Math.abs(dx) > Math.abs(dy)) {
        const next = this.pages[dx < 0 ? index + 1 : index - 1];
        if (next) this.activate(next.name);
      }
      const landed = active();
      if (landed) this.emit('swipeEnd', { currentPage: this.pageModel(landed) });
    };
    root.addEventListener('pointerup', (event) => end(event, false));
    root.addEventListener('pointercancel', (event) => end(event, true));
  }

  /**
   * [E4.3] A link in a table: followed (Navigate, the default), followed and told to the host page
   * (NavigateAndRaiseEvent), or only told (RaiseEvent), as settings.hyperlinkClickBehavior asks.
   * Answers whether the browser should follow it.
   */
  private hyperlinkClicked(page: PageDefinition, visual: VisualDefinition, url: string, row: Row): boolean {
    const behavior = this.settings.hyperlinkClickBehavior ?? models.HyperlinkClickBehavior.Navigate;
    if (behavior === models.HyperlinkClickBehavior.Navigate) return true;
    const column = visual.fields.columns?.[0];
    this.emit('dataHyperlinkClicked', {
      url,
      visualId: visual.name,
      dataPoints: column ? [{ identity: [{ target: { table: TABLE, column }, equals: row[column] }], values: [] }] : [],
      report: { id: this.data?.report.id, displayName: this.data?.report.name },
      page: this.pageModel(page),
    });
    return behavior === models.HyperlinkClickBehavior.NavigateAndRaiseEvent;
  }

  /** [E4.3] A button of the report: tells the host page (buttonClicked), then does its action. */
  private buttonClicked(visual: VisualDefinition) {
    const action = visual.action;
    if (!action) return;
    this.emit('buttonClicked', { id: visual.name, title: visual.title, type: action.type });
    if (action.type === 'PageNavigation') this.activate(action.page);
    else window.open(action.url, '_blank', 'noopener,noreferrer');
  }

  /** Slicers the configuration left alone start on their default (a currency slicer: the viewer's currency). */
  private setDefaultSlicers() {
    for (const page of this.pages) {
      for (const visual of page.visuals) {
        const key = `${page.name}/${visual.name}`;
        const column = visual.fields.category;
        if (visual.type !== 'slicer' || !column || this.slicers.has(key)) continue;
        const rows = visual.dataset ? (this.data?.datasets[visual.dataset] ?? []) : [];
        const values = defaultSlicerValues({
          column,
          values: rows.map((row) => row[column]),
          viewerCurrency: this.data?.viewerCurrency,
        });
        if (values.length === 0) continue;
        const filter = new models.BasicFilter({ table: TABLE, column }, 'In', values).toJSON() as models.ISlicerFilter;
        this.slicers.set(key, { filters: [filter], targets: [{ table: TABLE, column }] } as models.ISlicerState);
      }
    }
  }

  private toggleSlicer(page: PageDefinition, visual: VisualDefinition, category: string) {
    const column = visual.fields.category;
    if (!column) return;
    const key = `${page.name}/${visual.name}`;
    const current = this.view(page, visual).selected;
    if (current.has(category)) current.delete(category);
    else current.add(category);
    const filters =
      current.size === 0
        ? []
        : [new models.BasicFilter({ table: TABLE, column }, 'In', [...current]).toJSON() as models.ISlicerFilter];
    this.slicers.set(key, { filters, targets: [{ table: TABLE, column }] } as models.ISlicerState);
    this.render();
    this.emit('filtersApplied', { filters: [...filters] });
    this.emit('rendered');
  }

  /** Reads the report and its datasets with the token; refuses (error event) expired, foreign or altered tokens. */
  private async fetchData(): Promise<boolean> {
    if (!this.token || !this.reportId || !this.groupId) {
      this.fail('The report id and group id are required to load a report', models.CommonErrorCodes.LoadReportFailed);
      return false;
    }
    const url = `/api/embed/data?reportId=${encodeURIComponent(this.reportId)}&groupId=${encodeURIComponent(this.groupId)}`;
    let res: Response;
    try {
      res = await this.fetcher(url, {
        headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
        credentials: 'omit',
      });
    } catch {
      this.fail('The report data could not be reached', models.CommonErrorCodes.LoadReportFailed);
      return false;
    }
    if (!res.ok) {
      const problem = (await res.json().catch(() => ({}))) as { detail?: string; reason?: string };
      this.fail(problem.detail ?? `The report could not be loaded (${res.status})`, refusalCode(res.status, problem.reason));
      return false;
    }
    const fresh = (await res.json()) as EmbedData;
    // A refresh reloads the data but keeps pages edited and not yet saved.
    if (this.dirty && this.data) fresh.report.pages = this.data.report.pages;
    this.data = fresh;
    this.permissions = fresh.permissions ?? 0;
    this.expiry.schedule(fresh.expiresAt);
    return true;
  }

  private fail(message: string, code: string) {
    this.data = null;
    renderMessage(this.root, message, 'error');
    this.emitError(message, code);
  }

  private async load(config: models.IReportLoadConfiguration, phased: boolean) {
    const ok = await this.fetchData();
    if (!ok || !this.data) return;
    const first = this.pages[0];
    // What the configuration names but the report lacks is left out; info events tell after loaded.
    const notes: (() => void)[] = [() => this.noteRowLimits()];
    const note = (message: string, code: string) => notes.push(() => this.emitInfo(message, code));
    this.activePage = config.pageName && this.page(config.pageName) ? config.pageName : (first?.name ?? '');
    if (config.pageName && !this.page(config.pageName))
      note(`Page ${config.pageName} was not found; the report opens on its first page`, 'PageNotFound');
    this.selection = null;
    this.reportFilters = [];
    this.pageFilters.clear();
    this.visualFilters.clear();
    this.slicers.clear();
    if (Array.isArray(config.filters)) {
      this.reportFilters = [...(config.filters as models.IFilter[])];
      const filters = this.reportFilters;
      notes.push(() => this.noteUnknownTargets(filters));
    }
    for (const slicer of config.slicers ?? []) {
      const selector = slicer.selector as { visualName?: string };
      if (!selector?.visualName) continue;
      const visual = this.visual(this.activePage, selector.visualName);
      if (visual?.type === 'slicer') this.slicers.set(`${this.activePage}/${selector.visualName}`, slicer.state);
      else note(`The slicer state for ${selector.visualName} was ignored: the page has no such slicer`, 'VisualNotFound');
    }
    this.setDefaultSlicers();
    if (config.bookmark?.state) {
      if (!this.applyState(decodeState(config.bookmark.state)))
        note('The bookmark state of the configuration was ignored: it does not fit this report', 'BookmarkNotFound');
    } else if (config.bookmark?.name) {
      const found = this.bookmarks.find((b) => b.name === config.bookmark?.name);
      if (!found?.state || !this.applyState(decodeState(found.state)))
        note(`Bookmark ${config.bookmark.name} was not found; the report opens without it`, 'BookmarkNotFound');
    }
    if (this.viewMode === 'edit' && !this.canEdit) {
      this.viewMode = 'view';
      this.emitError(
        'This embed token does not allow editing the report',
        models.CommonErrorCodes.NotAuthorized,
        models.TraceType.Error,
      );
    }
    this.loaded = true;
    this.emit('loaded');
    for (const tell of notes) tell();
    if (!phased) this.renderNow();
  }

  private get canEdit() {
    return (this.permissions & (SAVE_BIT | COPY_BIT)) !== 0;
  }

  /** The edit bar's state and actions (shown in edit mode only). */
  private editBar(): EditBar | null {
    if (this.viewMode !== 'edit' || !this.data) return null;
    return {
      reportName: this.data.report.name,
      dirty: this.dirty,
      saving: this.saving,
      canSave: (this.permissions & SAVE_BIT) !== 0,
      canSaveAs: (this.permissions & COPY_BIT) !== 0,
      canAddPage: this.pages.length < PAGES_MAX,
      onAddPage: () => void this.addPage(undefined),
      onSave: () => void this.save(),
      onSaveAs: (name) => {
        if (this.settings.useCustomSaveAsDialog) this.emit('saveAsTriggered');
        else if (name) void this.saveAs(name);
      },
      customSaveAs: !!this.settings.useCustomSaveAsDialog,
    };
  }

  private requireEditMode(): Reply | null {
    return (
      this.requireLoaded() ??
      (this.viewMode === 'edit'
        ? null
        : failure(400, 'Pages can be added, renamed and deleted in edit mode only', 'NotInEditMode'))
    );
  }

  private changed() {
    this.dirty = true;
    this.render();
  }

  private addPage(displayName: unknown): Reply {
    const notEditing = this.requireEditMode();
    if (notEditing) return notEditing;
    if (this.pages.length >= PAGES_MAX) return failure(400, `A report has at most ${PAGES_MAX} pages`);
    const taken = new Set(this.pages.map((p) => p.name));
    let n = this.pages.length + 1;
    while (taken.has(`ReportSection${n}`)) n++;
    const name = `ReportSection${n}`;
    const label = typeof displayName === 'string' && displayName.trim() ? displayName.trim() : `Page ${this.pages.length + 1}`;
    if (label.length > DISPLAY_NAME_MAX) return invalid([{ message: 'displayName property is invalid' }]);
    const page: PageDefinition = { name, displayName: label, visuals: [] };
    this.pages.push(page);
    this.clearSelection();
    this.activePage = name;
    this.changed();
    this.emit('pageChanged', { newPage: this.pageModel(page) });
    return { statusCode: 200, body: this.pageModel(page) };
  }

  private deletePage(name: string): Reply {
    const notEditing = this.requireEditMode();
    if (notEditing) return notEditing;
    const index = this.pages.findIndex((p) => p.name === name);
    if (index < 0) return failure(404, `Page ${name} was not found`, models.CommonErrorCodes.NotFound);
    if (this.pages.length === 1) return failure(400, 'A report needs at least one page');
    const wasActive = this.activePage === name;
    if (wasActive) this.clearSelection();
    this.pages.splice(index, 1);
    this.pageFilters.delete(name);
    if (wasActive) this.activePage = this.pages[0]?.name ?? '';
    this.changed();
    const active = this.page(this.activePage);
    if (wasActive && active) this.emit('pageChanged', { newPage: this.pageModel(active) });
    return accepted;
  }

  private renamePage(name: string, body: unknown): Reply {
    const notEditing = this.requireEditMode();
    if (notEditing) return notEditing;
    const page = this.page(name);
    if (!page) return failure(404, `Page ${name} was not found`, models.CommonErrorCodes.NotFound);
    const displayName = (body as { displayName?: unknown } | null)?.displayName;
    if (typeof displayName !== 'string' || !displayName.trim() || displayName.trim().length > DISPLAY_NAME_MAX)
      return invalid([{ message: 'displayName property is invalid' }]);
    page.displayName = displayName.trim();
    this.changed();
    return accepted;
  }

  /** Sends the pages to the portal with the token; the answer's problem detail becomes the error. */
  private async persist(
    method: 'PUT' | 'POST',
    path: string,
    body: unknown,
  ): Promise<{ ok: true; body: any } | { ok: false; reply: Reply }> {
    const query = `reportId=${encodeURIComponent(this.reportId ?? '')}&groupId=${encodeURIComponent(this.groupId ?? '')}`;
    this.saving = true;
    this.render();
    try {
      const res = await this.fetcher(`${path}?${query}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
      const answer = (await res.json().catch(() => ({}))) as { detail?: string };
      if (!res.ok) return { ok: false, reply: failure(res.status, answer.detail ?? `Saving failed (${res.status})`) };
      return { ok: true, body: answer };
    } catch {
      return { ok: false, reply: failure(503, 'The portal could not be reached to save the report') };
    } finally {
      this.saving = false;
    }
  }

  private async save(): Promise<Reply> {
    const notLoaded = this.requireLoaded();
    if (notLoaded) return notLoaded;
    if ((this.permissions & SAVE_BIT) === 0)
      return failure(403, 'This embed token does not allow saving the report', models.CommonErrorCodes.NotAuthorized);
    const result = await this.persist('PUT', '/api/embed/report', { pages: this.pages });
    if (!result.ok) {
      this.render();
      return result.reply;
    }
    this.dirty = false;
    this.render();
    this.emit('saved', { reportObjectId: this.data?.report.id, reportName: this.data?.report.name, saveAs: false });
    return accepted;
  }

  private async saveAs(name: string): Promise<Reply> {
    const notLoaded = this.requireLoaded();
    if (notLoaded) return notLoaded;
    if ((this.permissions & COPY_BIT) === 0)
      return failure(403, 'This embed token does not allow saving a copy of the report', models.CommonErrorCodes.NotAuthorized);
    const result = await this.persist('POST', '/api/embed/report/copies', { name, pages: this.pages });
    if (!result.ok) {
      this.render();
      return result.reply;
    }
    this.dirty = false;
    this.render();
    this.emit('saved', { reportObjectId: result.body.id, reportName: result.body.name, saveAs: true });
    return accepted;
  }

  private renderNow() {
    this.emit('renderingStarted');
    this.render();
    this.emitVisualsRendered();
    this.emit('rendered');
  }

  /** The extension commands ([E3.3]) that apply to a visual, by menu: a selector narrows them to a visual or a visual type. */
  private commandsFor(visual: VisualDefinition): { options: MenuCommand[]; context: MenuCommand[] } {
    const raw = this.settings.extensions;
    const commands: models.ICommandExtension[] = Array.isArray(raw)
      ? raw.flatMap((e) => (e.command ? [e.command] : []))
      : (raw?.commands ?? []);
    const applies = (command: models.ICommandExtension) => {
      const selector = command.selector as { $schema?: string; visualName?: string; visualType?: string } | undefined;
      if (!selector) return true;
      if (selector.visualName !== undefined) return selector.visualName === visual.name;
      if (selector.visualType !== undefined) return selector.visualType === visual.type;
      return true;
    };
    const options: MenuCommand[] = [];
    const context: MenuCommand[] = [];
    for (const command of commands.filter(applies)) {
      const { visualOptionsMenu, visualContextMenu } = command.extend ?? {};
      if (visualOptionsMenu) options.push({ name: command.name, title: visualOptionsMenu.title ?? command.title });
      if (visualContextMenu) context.push({ name: command.name, title: visualContextMenu.title ?? command.title });
    }
    return { options, context };
  }

  private commandTriggered(page: PageDefinition, visual: VisualDefinition, command: string, category: string | null) {
    const column = visual.fields.category ?? visual.fields.columns?.[0];
    this.emit('commandTriggered', {
      command,
      page: this.pageModel(page),
      visual: this.visualModel(visual),
      dataPoints:
        category !== null && column ? [{ identity: [{ target: { table: TABLE, column }, equals: category }], values: [] }] : [],
      selectors: [],
    });
  }

  /** [E4.3] visualRendered for each shown visual, when the settings ask for it (visualRenderedEvents). */
  private emitVisualsRendered() {
    const page = this.page(this.activePage);
    if (!page || !this.settings.visualRenderedEvents) return;
    const { laidOut, hidden } = this.customLayout(page);
    for (const visual of laidOut.visuals) if (!hidden.has(visual.name)) this.emit('visualRendered', this.visualModel(visual));
  }

  /** [E4.3] blur: the report lost the focus to the host page (main.ts wires the frame's window blur). */
  blurred() {
    if (this.loaded) this.emit('blur');
  }

  private applyState(state: BookmarkState | null): boolean {
    if (!state || !this.page(state.activePage)) return false;
    if (state.activePage !== this.activePage) this.clearSelection();
    this.activePage = state.activePage;
    this.reportFilters = state.reportFilters ?? [];
    this.pageFilters.clear();
    this.visualFilters.clear();
    this.slicers.clear();
    for (const [k, v] of Object.entries(state.pageFilters ?? {})) this.pageFilters.set(k, v);
    for (const [k, v] of Object.entries(state.visualFilters ?? {})) this.visualFilters.set(k, v);
    for (const [k, v] of Object.entries(state.slicers ?? {})) this.slicers.set(k, v);
    return true;
  }

  private capture(allPages: boolean): BookmarkState {
    const onPage = <T>(map: Map<string, T>, prefix: (k: string) => string) =>
      Object.fromEntries([...map.entries()].filter(([k]) => allPages || prefix(k) === this.activePage));
    return {
      v: 1,
      activePage: this.activePage,
      reportFilters: this.reportFilters,
      pageFilters: onPage(this.pageFilters, (k) => k),
      visualFilters: onPage(this.visualFilters, (k) => k.split('/')[0] ?? ''),
      slicers: onPage(this.slicers, (k) => k.split('/')[0] ?? ''),
    };
  }

  // ---- messages ----

  private requireLoaded(): Reply | null {
    return this.loaded && this.data ? null : failure(400, 'The report is not loaded yet', 'ReportNotLoaded');
  }

  /** Validates and applies a filters change at one level; re-renders and emits filtersApplied. */
  private changeFilters(request: Request, read: () => models.IFilter[], write: (filters: models.IFilter[]) => void): Reply {
    const notLoaded = this.requireLoaded();
    if (notLoaded) return notLoaded;
    let next: models.IFilter[];
    if (request.method === 'PUT') {
      if (!Array.isArray(request.body)) return invalid([{ message: 'filters property is invalid' }]);
      for (const filter of request.body) {
        const errors = models.validateFilter(filter);
        if (errors) return invalid(errors);
      }
      next = request.body as models.IFilter[];
      this.noteUnknownTargets(next);
    } else if (request.method === 'POST') {
      const errors = models.validateUpdateFiltersRequest(request.body);
      if (errors) return invalid(errors);
      const body = request.body as { filtersOperation: models.FiltersOperations; filters?: models.IFilter[] };
      next = updateFilters(read(), body.filtersOperation, body.filters);
      if (body.filtersOperation !== models.FiltersOperations.RemoveAll) this.noteUnknownTargets(body.filters ?? []);
    } else {
      next = [];
    }
    write(next);
    this.render();
    this.emit('filtersApplied', { filters: next });
    this.emit('rendered');
    return accepted;
  }

  private routes() {
    const c = this.channel;
    const loadRoute = (phased: boolean) => (request: Request) => {
      const config = request.body as models.IReportLoadConfiguration;
      const errors = models.validateReportLoad(config);
      if (errors) return invalid(errors);
      if (typeof request.headers.uid === 'string' && request.headers.uid) this.uid = request.headers.uid;
      this.config = config;
      this.token = config.accessToken;
      this.reportId = config.id || this.reportId;
      this.groupId = config.groupId || this.groupId;
      this.settings = { ...(config.settings ?? {}) };
      this.filtersExpanded = config.settings?.panes?.filters?.expanded ?? true;
      this.zoom = config.settings?.zoomLevel ?? 1;
      this.viewMode = config.viewMode === models.ViewMode.Edit ? 'edit' : 'view';
      if (config.theme) this.theme = config.theme as models.IReportTheme;
      this.phased = phased;
      this.loaded = false;
      renderMessage(this.root, 'Loading the report…');
      void this.load(config, phased);
      return accepted;
    };
    c.on('POST', '/report/load', loadRoute(false));
    c.on('POST', '/report/prepare', loadRoute(true));
    c.on('POST', '/report/render', () => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      this.phased = false;
      this.renderNow();
      return accepted;
    });

    // Kinds this host does not offer answer with a clear error (and an error event for loads).
    const unsupported =
      (what: string, kind: 'report' | 'qna' | 'dashboard' | 'tile' = 'report') =>
      (request: Request) => {
        const reply = notSupported(what);
        const uid = typeof request.headers.uid === 'string' ? request.headers.uid : this.uid;
        const path = kind === 'report' ? 'reports' : kind === 'dashboard' ? 'dashboards' : kind;
        const body = reply.body as models.IError;
        this.channel.emitTo(`/${path}/${uid}/events/error`, { ...body, level: models.TraceType.Fatal });
        return reply;
      };
    c.on('POST', '/report/create', unsupported('Report creation'));
    c.on('POST', '/quickcreate', unsupported('Quick create'));
    c.on('POST', '/qna/load', unsupported('Q&A', 'qna'));
    c.on('POST', '/qna/prepare', unsupported('Q&A', 'qna'));
    c.on('POST', '/qna/interpret', () => notSupported('Q&A'));
    c.on('POST', '/dashboard/load', unsupported('Dashboard embedding', 'dashboard'));
    c.on('POST', '/dashboard/prepare', unsupported('Dashboard embedding', 'dashboard'));
    c.on('POST', '/tile/load', unsupported('Tile embedding', 'tile'));
    c.on('POST', '/report/save', () => this.save());
    c.on('POST', '/report/saveAs', (request) => {
      const errors = models.validateSaveAsParameters(request.body);
      if (errors) return invalid(errors);
      return this.saveAs((request.body as models.ISaveAsParameters).name);
    });
    c.on('POST', '/report/addPage', (request) => this.addPage((request.body as { displayName?: unknown } | null)?.displayName));
    c.on('DELETE', '/report/pages/:name', (_r, params) => this.deletePage(params.name ?? ''));
    c.on('PUT', '/report/pages/:name/name', (request, params) => this.renamePage(params.name ?? '', request.body));
    c.on('POST', '/report/pages/:page/visuals/:visual/clone', () => notSupported('Cloning visuals'));
    c.on('PUT', '/report/pages/:page/visuals/:visual/sortBy', () => notSupported('Sorting visuals'));
    c.on('GET', '/report/pages/:name/smartNarrativeInsights', () => notSupported('Smart narratives'));
    c.on('GET', '/report/pages/:page/visuals/:visual/smartNarrativeInsights', () => notSupported('Smart narratives'));
    c.on('POST', '/frontload/config', () => accepted);

    c.on('POST', '/report/token', async (request) => {
      const token = request.body;
      if (typeof token !== 'string' || !token) return invalid([{ message: 'Access token cannot be empty' }]);
      const res = await this.fetcher(
        `/api/embed/token-check?reportId=${encodeURIComponent(this.reportId ?? '')}&groupId=${encodeURIComponent(this.groupId ?? '')}`,
        { headers: { authorization: `Bearer ${token}` }, credentials: 'omit' },
      ).catch(() => null);
      if (!res?.ok) {
        const problem = (await res?.json().catch(() => ({}))) as { detail?: string } | undefined;
        return failure(403, problem?.detail ?? 'The access token was refused', models.CommonErrorCodes.NotAuthorized);
      }
      this.token = token;
      const { expiresAt } = (await res.json()) as { expiresAt: string };
      this.expiry.schedule(expiresAt);
      return accepted;
    });
    c.on('GET', '/getCorrelationId', () => ({ statusCode: 200, body: `${this.uid}-${Date.now().toString(36)}` }));

    // Pages and visuals.
    c.on(
      'GET',
      '/report/pages',
      () => this.requireLoaded() ?? { statusCode: 200, body: this.pages.map((p) => this.pageModel(p)) },
    );
    c.on('PUT', '/report/pages/active', (request) => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      const errors = models.validatePage(request.body);
      if (errors) return invalid(errors);
      const page = this.page((request.body as models.IPage).name);
      if (!page)
        return failure(404, `Page ${(request.body as models.IPage).name} was not found`, models.CommonErrorCodes.NotFound);
      this.activate(page.name);
      return accepted;
    });
    c.on('GET', '/report/pages/:page/visuals', (_r, params) => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      const page = this.page(params.page ?? '');
      if (!page) return failure(404, `Page ${params.page} was not found`, models.CommonErrorCodes.NotFound);
      return { statusCode: 200, body: page.visuals.map((v) => this.visualModel(v)) };
    });
    c.on('GET', '/report/pages/:page/layoutTypes/:layoutType', (_r, params) => ({
      statusCode: 200,
      body: params.layoutType?.toLowerCase() === 'master',
    }));

    // Filters at report, page and visual level.
    const reportLevel = () => this.reportFilters;
    c.on('GET', '/report/filters', () => this.requireLoaded() ?? { statusCode: 200, body: this.reportFilters });
    for (const method of ['PUT', 'POST', 'DELETE']) {
      c.on(method, '/report/filters', (request) =>
        this.changeFilters(request, reportLevel, (f) => {
          this.reportFilters = f;
        }),
      );
    }
    c.on('GET', '/report/pages/:page/filters', (_r, params) => {
      if (!this.page(params.page ?? ''))
        return this.requireLoaded() ?? failure(404, `Page ${params.page} was not found`, models.CommonErrorCodes.NotFound);
      return { statusCode: 200, body: this.pageFilters.get(params.page ?? '') ?? [] };
    });
    for (const method of ['PUT', 'POST', 'DELETE']) {
      c.on(method, '/report/pages/:page/filters', (request, params) => {
        const name = params.page ?? '';
        if (!this.page(name))
          return this.requireLoaded() ?? failure(404, `Page ${name} was not found`, models.CommonErrorCodes.NotFound);
        return this.changeFilters(
          request,
          () => this.pageFilters.get(name) ?? [],
          (f) => this.pageFilters.set(name, f),
        );
      });
    }
    c.on('GET', '/report/pages/:page/visuals/:visual/filters', (_r, params) => {
      if (!this.visual(params.page ?? '', params.visual ?? ''))
        return this.requireLoaded() ?? failure(404, `Visual ${params.visual} was not found`, models.CommonErrorCodes.NotFound);
      return { statusCode: 200, body: this.visualFilters.get(`${params.page}/${params.visual}`) ?? [] };
    });
    for (const method of ['PUT', 'POST', 'DELETE']) {
      c.on(method, '/report/pages/:page/visuals/:visual/filters', (request, params) => {
        const key = `${params.page}/${params.visual}`;
        if (!this.visual(params.page ?? '', params.visual ?? ''))
          return this.requireLoaded() ?? failure(404, `Visual ${params.visual} was not found`, models.CommonErrorCodes.NotFound);
        return this.changeFilters(
          request,
          () => this.visualFilters.get(key) ?? [],
          (f) => this.visualFilters.set(key, f),
        );
      });
    }

    // Slicers.
    c.on('GET', '/report/pages/:page/visuals/:visual/slicer', (_r, params) => {
      const visual = this.visual(params.page ?? '', params.visual ?? '');
      if (!visual)
        return this.requireLoaded() ?? failure(404, `Visual ${params.visual} was not found`, models.CommonErrorCodes.NotFound);
      if (visual.type !== 'slicer') return failure(400, `Visual ${visual.name} is not a slicer`);
      const column = visual.fields.category ?? '';
      return {
        statusCode: 200,
        body: this.slicers.get(`${params.page}/${params.visual}`) ?? { filters: [], targets: [{ table: TABLE, column }] },
      };
    });
    c.on('PUT', '/report/pages/:page/visuals/:visual/slicer', (request, params) => {
      const visual = this.visual(params.page ?? '', params.visual ?? '');
      if (!visual)
        return this.requireLoaded() ?? failure(404, `Visual ${params.visual} was not found`, models.CommonErrorCodes.NotFound);
      if (visual.type !== 'slicer') return failure(400, `Visual ${visual.name} is not a slicer`);
      const errors = models.validateSlicerState(request.body);
      if (errors) return invalid(errors);
      const state = request.body as models.ISlicerState;
      this.noteUnknownTargets(state.filters ?? []);
      this.slicers.set(`${params.page}/${params.visual}`, {
        filters: state.filters ?? [],
        targets: [{ table: TABLE, column: visual.fields.category ?? '' }],
      } as models.ISlicerState);
      if (params.page === this.activePage) this.render();
      this.emit('filtersApplied', { filters: state.filters ?? [] });
      this.emit('rendered');
      return accepted;
    });

    // Export data of a visual as CSV.
    c.on('POST', '/report/pages/:page/visuals/:visual/exportData', (request, params) => {
      const page = this.page(params.page ?? '');
      const visual = this.visual(params.page ?? '', params.visual ?? '');
      if (!page || !visual)
        return this.requireLoaded() ?? failure(404, `Visual ${params.visual} was not found`, models.CommonErrorCodes.NotFound);
      const errors = models.validateExportDataRequest(request.body ?? {});
      if (errors) return invalid(errors);
      const body = (request.body ?? {}) as models.IExportDataRequest;
      const limit = typeof body.rows === 'number' && body.rows > 0 ? body.rows : Number.POSITIVE_INFINITY;
      const rows = this.rowsFor(page, visual, { withOwnSlicer: true });
      if (body.exportDataType === models.ExportDataType.Underlying || visual.type === 'tableEx') {
        const columns =
          visual.type === 'tableEx' && body.exportDataType !== models.ExportDataType.Underlying
            ? (visual.fields.columns ?? [])
            : Object.keys(rows[0] ?? {});
        return {
          statusCode: 200,
          body: {
            data: toCsv(
              columns,
              rows.slice(0, limit).map((r) => columns.map((c) => r[c])),
            ),
          },
        };
      }
      const points = aggregate(rows, visual.fields.category, visual.fields.value, categoriesOf(this.data?.categories, visual));
      const header = [visual.fields.category ?? 'Total', visual.fields.value ? `Sum of ${visual.fields.value}` : 'Count'];
      return {
        statusCode: 200,
        body: {
          data: toCsv(
            header,
            points.slice(0, limit).map((p) => [p.category, p.value]),
          ),
        },
      };
    });

    // Bookmarks.
    c.on('GET', '/report/bookmarks', () => ({ statusCode: 200, body: this.bookmarks }));
    c.on('POST', '/report/bookmarks/capture', (request) => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      const errors = models.validateCaptureBookmarkRequest(request.body);
      if (errors) return invalid(errors);
      const options = (request.body as { options: models.ICaptureBookmarkOptions }).options;
      const name = `Bookmark${Date.now().toString(36)}`;
      const bookmark: models.IReportBookmark = { name, displayName: name, state: encodeState(this.capture(!!options.allPages)) };
      this.bookmarks.push(bookmark);
      return { statusCode: 200, body: bookmark };
    });
    c.on('POST', '/report/bookmarks/applyState', (request) => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      const errors = models.validateApplyBookmarkStateRequest(request.body);
      if (errors) return invalid(errors);
      if (!this.applyState(decodeState((request.body as { state: string }).state)))
        return invalid([{ message: 'state property is invalid' }]);
      this.renderNow();
      this.emit('bookmarkApplied', { bookmarkName: '' });
      return accepted;
    });
    c.on('POST', '/report/bookmarks/applyByName', (request) => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      const errors = models.validateApplyBookmarkByNameRequest(request.body);
      if (errors) return invalid(errors);
      const name = (request.body as { name: string }).name;
      const found = this.bookmarks.find((b) => b.name === name);
      if (!found?.state || !this.applyState(decodeState(found.state)))
        return failure(404, `Bookmark ${name} was not found`, models.CommonErrorCodes.NotFound);
      this.renderNow();
      this.emit('bookmarkApplied', { bookmarkName: name });
      return accepted;
    });
    c.on('POST', '/report/bookmarks/play', (request) => {
      const errors = models.validatePlayBookmarkRequest(request.body);
      return errors ? invalid(errors) : accepted;
    });

    // Refresh, settings, zoom, mode, theme, print and other report calls.
    c.on('POST', '/report/refresh', async () => {
      const notLoaded = this.requireLoaded();
      if (notLoaded) return notLoaded;
      if (await this.fetchData()) {
        this.noteRowLimits();
        this.renderNow();
      }
      return accepted;
    });
    c.on('PATCH', '/report/settings', (request) => {
      const errors = models.validateSettings(request.body);
      if (errors) return invalid(errors);
      const settings = request.body as models.ISettings;
      const zoomErrors = models.validateZoomLevel(settings.zoomLevel);
      if (zoomErrors) return invalid(zoomErrors);
      this.settings = { ...this.settings, ...settings };
      if (typeof settings.zoomLevel === 'number') this.zoom = settings.zoomLevel;
      if (typeof settings.panes?.filters?.expanded === 'boolean') this.filtersExpanded = settings.panes.filters.expanded;
      if (this.loaded && !this.phased) this.render();
      return accepted;
    });
    c.on('GET', '/report/zoom', () => ({ statusCode: 200, body: this.zoom }));
    c.on('POST', '/report/switchMode/:mode', (_r, params) => {
      const mode = params.mode === 'edit' ? 'edit' : params.mode === 'view' ? 'view' : null;
      if (!mode) return invalid([{ message: 'viewMode property is invalid' }]);
      if (mode === 'edit' && this.loaded && !this.canEdit)
        return failure(403, 'This embed token does not allow editing the report', models.CommonErrorCodes.NotAuthorized);
      this.viewMode = mode;
      if (this.loaded && !this.phased) this.render();
      return accepted;
    });
    c.on('GET', '/report/theme', () => ({ statusCode: 200, body: this.theme }));
    c.on('PUT', '/report/theme', (request) => {
      const errors = models.validateCustomTheme(request.body);
      if (errors) return invalid(errors);
      this.theme = request.body as models.IReportTheme;
      return accepted;
    });
    c.on('POST', '/report/print', () => {
      setTimeout(() => window.print(), 0);
      return accepted;
    });
    c.on('POST', '/report/closeAllOverlays', () => accepted);
    c.on('POST', '/report/clearSelectedVisuals/:popOut', () => accepted);
    c.on('GET', '/report/hasUnsavedChanges', () => ({ statusCode: 200, body: this.dirty }));
    c.on('DELETE', '/report/userState', () => accepted);
    c.on('POST', '/report/userState', () => accepted);
    c.on('GET', '/report/isUserStateApplied', () => ({ statusCode: 200, body: false }));
  }

  /** For diagnostics. */
  get state() {
    return { uid: this.uid, loaded: this.loaded, activePage: this.activePage, viewMode: this.viewMode, config: this.config };
  }
}
