import { models } from '@portal/embed';
import type { Channel, Reply, Request } from './channel.js';
import { aggregate, type Categories, categoriesOf, type Row, type VisualDefinition } from './data.js';
import { renderMessage, renderVisual, type VisualView } from './render.js';
import { refusalCode, TokenExpiry } from './token-expiry.js';

/** What GET /api/embed/dashboard answers (apps/server domains/reports). */
export interface DashboardTileData {
  id: string;
  title: string;
  reportId: string;
  pageName: string;
  visualName: string;
  size: { columns: 1 | 2; rows: 1 | 2 };
  /** Null when the pinned visual's report, page or visual is gone or outside the token's scope. */
  visual: VisualDefinition | null;
  reportEmbedUrl: string;
}
export interface DashboardData {
  dashboard: { id: string; workgroupId: string; name: string; tiles: DashboardTileData[] };
  scope: { accountId: number; displayName: string };
  datasets: Record<string, Row[]>;
  /** The datasets the tiles read that the token's user may not read; the server left them out. */
  denied?: string[];
  categories?: Categories;
  expiresAt: string;
}

/** Cell size of the dashboard grid at 100%: a tile spans 1 or 2 cells each way. */
export const CELL = { width: 260, height: 190, gap: 12 } as const;
const PAGE_VIEWS = ['fitToWidth', 'oneColumn', 'actualSize'] as const;
type PageView = (typeof PAGE_VIEWS)[number];

const accepted: Reply = { statusCode: 202 };
const invalid = (errors: models.IError[]): Reply => ({ statusCode: 400, body: errors });
const failure = (statusCode: number, message: string, errorCode = 'InvalidRequest'): Reply => ({
  statusCode,
  body: { message, detailedMessage: message, errorCode, level: models.TraceType.Error },
});

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
};

const NO_CALLBACKS = { onPointClick: () => {}, onSlicerToggle: () => {} };

/** Pixel size of a tile spanning the given cells. */
export function tileSize(size: { columns: number; rows: number }): { width: number; height: number } {
  return {
    width: size.columns * CELL.width + (size.columns - 1) * CELL.gap,
    height: size.rows * CELL.height + (size.rows - 1) * CELL.gap,
  };
}

/** The data a tile's visual shows: its dataset, unfiltered (dashboards show tiles as pinned). */
function tileView(
  tile: DashboardTileData,
  datasets: Record<string, Row[]>,
  denied: string[] = [],
  categories?: Categories,
): VisualView {
  const visual = tile.visual as VisualDefinition;
  const rows = visual.dataset ? (datasets[visual.dataset] ?? []) : [];
  const points = aggregate(rows, visual.fields.category, visual.fields.value, categoriesOf(categories, visual));
  return { points, rows, selected: new Set(), denied: visual.dataset !== undefined && denied.includes(visual.dataset) };
}

/**
 * Shared by the dashboard and tile hosts: reads the dashboard with the token, refuses expired,
 * foreign or altered tokens with an error event, and raises TokenExpired when the token runs out.
 */
abstract class TokenBoundHost {
  protected uid: string;
  protected token: string | null = null;
  protected dashboardId: string | null;
  protected groupId: string | null;
  protected data: DashboardData | null = null;
  private readonly expiry = new TokenExpiry(() => {
    const message = 'The embed token has expired';
    this.emit('error', {
      message,
      detailedMessage: message,
      errorCode: models.CommonErrorCodes.TokenExpired,
      level: models.TraceType.Fatal,
    });
  });

  constructor(
    protected readonly channel: Channel,
    protected readonly root: HTMLElement,
    location: Location,
    protected readonly fetcher: typeof fetch,
    /** Events go to /{eventsPath}/{uid}/events/{name}. */
    private readonly eventsPath: 'dashboards' | 'tile',
  ) {
    const query = new URLSearchParams(location.search);
    this.uid = query.get('uid') ?? '';
    this.dashboardId = query.get('dashboardId');
    this.groupId = query.get('groupId');
  }

  protected emit(name: string, value: unknown = null) {
    this.channel.emitTo(`/${this.eventsPath}/${this.uid}/events/${name}`, value);
  }

  protected fail(message: string, errorCode: string) {
    this.data = null;
    renderMessage(this.root, message, 'error');
    this.emit('error', { message, detailedMessage: message, errorCode, level: models.TraceType.Fatal });
  }

  private query() {
    return `dashboardId=${encodeURIComponent(this.dashboardId ?? '')}&groupId=${encodeURIComponent(this.groupId ?? '')}`;
  }

  protected async fetchData(): Promise<boolean> {
    if (!this.token || !this.dashboardId || !this.groupId) {
      this.fail('The dashboard id and group id are required', models.CommonErrorCodes.LoadReportFailed);
      return false;
    }
    const res = await this.fetcher(`/api/embed/dashboard?${this.query()}`, {
      headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
      credentials: 'omit',
    }).catch(() => null);
    if (!res) {
      this.fail('The dashboard data could not be reached', models.CommonErrorCodes.LoadReportFailed);
      return false;
    }
    if (!res.ok) {
      const problem = (await res.json().catch(() => ({}))) as { detail?: string; reason?: string };
      this.fail(problem.detail ?? `The dashboard could not be loaded (${res.status})`, refusalCode(res.status, problem.reason));
      return false;
    }
    this.data = (await res.json()) as DashboardData;
    this.expiry.schedule(this.data.expiresAt);
    return true;
  }

  /** POST /{type}/token: a new token is checked by reading the dashboard with it, then kept. */
  protected async updateToken(request: Request): Promise<Reply> {
    const token = request.body;
    if (typeof token !== 'string' || !token) return invalid([{ message: 'Access token cannot be empty' }]);
    const res = await this.fetcher(`/api/embed/dashboard?${this.query()}`, {
      headers: { authorization: `Bearer ${token}` },
      credentials: 'omit',
    }).catch(() => null);
    if (!res?.ok) {
      const problem = (await res?.json().catch(() => ({}))) as { detail?: string } | undefined;
      return failure(403, problem?.detail ?? 'The access token was refused', models.CommonErrorCodes.NotAuthorized);
    }
    this.token = token;
    this.data = (await res.json()) as DashboardData;
    this.expiry.schedule(this.data.expiresAt);
    return accepted;
  }

  protected tileClicked(tile: DashboardTileData) {
    this.emit('tileClicked', {
      tileId: tile.id,
      reportEmbedUrl: tile.reportEmbedUrl,
      navigationUrl: tile.reportEmbedUrl,
      pageName: tile.pageName,
    });
  }

  /** One tile: a titled box drawing its visual (not interactive itself); the whole tile opens. */
  protected tileElement(tile: DashboardTileData, width: number, height: number): HTMLElement {
    const box = el('section', { class: 'tile', 'data-tile': tile.id, 'aria-label': tile.title });
    box.style.width = `${width}px`;
    box.style.height = `${height}px`;
    const open = el('button', { type: 'button', class: 'tile-title' }, tile.title);
    open.addEventListener('click', (event) => {
      event.stopPropagation();
      this.tileClicked(tile);
    });
    box.append(open);
    box.addEventListener('click', () => this.tileClicked(tile));
    if (!tile.visual || !this.data) {
      box.append(el('p', { class: 'status' }, 'This tile’s visual is no longer available.'));
      return box;
    }
    const body = el('div', { class: 'tile-body' });
    // The visual is a picture of the data here: its own points must not take focus inside a button-like tile.
    body.setAttribute('inert', '');
    body.append(
      renderVisual(
        tile.visual,
        tileView(tile, this.data.datasets, this.data.denied, this.data.categories),
        width - 16,
        height - 48,
        NO_CALLBACKS,
      ),
    );
    box.append(body);
    return box;
  }
}

/** The dashboard host: answers /dashboard/load and draws the tiles in the grid of the page view. */
export class DashboardHost extends TokenBoundHost {
  private pageView: PageView = 'fitToWidth';
  private loaded = false;

  constructor(channel: Channel, root: HTMLElement, location: Location, fetcher: typeof fetch) {
    super(channel, root, location, fetcher, 'dashboards');
    const load = (request: Request) => {
      const config = request.body as models.IDashboardLoadConfiguration;
      const errors = models.validateDashboardLoad(config);
      if (errors) return invalid(errors);
      if (typeof request.headers.uid === 'string' && request.headers.uid) this.uid = request.headers.uid;
      this.token = config.accessToken;
      this.dashboardId = config.id || this.dashboardId;
      this.groupId = config.groupId || this.groupId;
      this.pageView = (PAGE_VIEWS as readonly string[]).includes(String(config.pageView))
        ? (config.pageView as PageView)
        : 'fitToWidth';
      this.loaded = false;
      renderMessage(this.root, 'Loading the dashboard…');
      void this.load();
      return accepted;
    };
    channel.on('POST', '/dashboard/load', load);
    channel.on('POST', '/dashboard/prepare', load);
    channel.on('POST', '/dashboard/token', async (request) => {
      const reply = await this.updateToken(request);
      if (reply.statusCode === 202 && this.loaded) this.render();
      return reply;
    });
  }

  private async load() {
    if (!(await this.fetchData())) return;
    this.loaded = true;
    this.emit('loaded');
    this.render();
    this.emit('rendered');
  }

  private render() {
    if (!this.data) return;
    const { dashboard } = this.data;
    const grid = el('div', { class: `dashboard page-view-${this.pageView}`, 'data-page-view': this.pageView });
    grid.append(el('h1', { class: 'sr-only' }, dashboard.name));
    if (dashboard.tiles.length === 0) grid.append(el('p', { class: 'status' }, `${dashboard.name} has no tiles yet.`));
    for (const tile of dashboard.tiles) {
      // One column: every tile takes the full width of a single column, one cell wide.
      const size = this.pageView === 'oneColumn' ? { columns: 1, rows: tile.size.rows } : tile.size;
      const { width, height } = tileSize(size);
      const node = this.tileElement(tile, width, height);
      node.style.gridColumn = `span ${size.columns}`;
      node.style.gridRow = `span ${size.rows}`;
      if (this.pageView !== 'actualSize') {
        node.style.width = '';
        node.style.height = '';
      }
      grid.append(node);
    }
    this.root.replaceChildren(grid);
  }
}

/** The tile host: answers /tile/load and draws one tile of a dashboard at the asked size. */
export class TileHost extends TokenBoundHost {
  private tileId: string | null;
  private size: { width: number; height: number } | null = null;

  constructor(channel: Channel, root: HTMLElement, location: Location, fetcher: typeof fetch) {
    super(channel, root, location, fetcher, 'tile');
    this.tileId = new URLSearchParams(location.search).get('tileId');
    channel.on('POST', '/tile/load', (request) => {
      const config = request.body as models.ITileLoadConfiguration;
      const errors = models.validateTileLoad(config);
      if (errors) return invalid(errors);
      if (typeof request.headers.uid === 'string' && request.headers.uid) this.uid = request.headers.uid;
      this.token = config.accessToken;
      this.tileId = config.id || this.tileId;
      this.dashboardId = config.dashboardId || this.dashboardId;
      this.groupId = config.groupId || this.groupId;
      this.size =
        typeof config.width === 'number' && typeof config.height === 'number' && config.width > 0 && config.height > 0
          ? { width: config.width, height: config.height }
          : null;
      renderMessage(this.root, 'Loading the tile…');
      void this.load();
      return accepted;
    });
    channel.on('POST', '/tile/token', (request) => this.updateToken(request));
  }

  private async load() {
    if (!(await this.fetchData()) || !this.data) return;
    const tile = this.data.dashboard.tiles.find((t) => t.id === this.tileId);
    if (!tile) {
      this.fail(`Tile ${this.tileId} was not found on this dashboard`, models.CommonErrorCodes.NotFound);
      return;
    }
    const { width, height } = this.size ?? tileSize(tile.size);
    this.root.replaceChildren(this.tileElement(tile, width, height));
    this.emit('tileLoaded', { tileId: tile.id });
    this.emit('rendered');
  }
}
