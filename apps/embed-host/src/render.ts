import {
  currenciesByCategory,
  formatMoney,
  formatNumber,
  isMoneyColumn,
  type PageDefinition,
  type Point,
  type Row,
  totalsByCurrency,
  type VisualDefinition,
} from './data.js';

const SVG = 'http://www.w3.org/2000/svg';
const PALETTE = ['#118dff', '#12239e', '#e66c37', '#6b007b', '#e044a7', '#744ec2', '#d9b300', '#d64550'];

export interface VisualView {
  /** Points for charts, cards and slicers. */
  points: Point[];
  /** Rows and columns for tables. */
  rows: Row[];
  /** Values selected in a slicer. */
  selected: Set<string>;
  /** The category of the data point the user selected in this visual (charts and tables), if any. */
  highlighted?: string | null;
  /** The visual reads a dataset the viewer may not read (the server left it out): shown as such, never as empty. */
  denied?: boolean;
}

/** A command a host page added to a visual's menus through settings.extensions. */
export interface MenuCommand {
  name: string;
  title: string;
}

export interface RenderCallbacks {
  /** A data point (or table row, or card) was clicked. */
  onPointClick(visual: VisualDefinition, category: string | null, value: number | null): void;
  /** A slicer value was toggled. */
  onSlicerToggle(visual: VisualDefinition, category: string): void;
  /** Commands of the visual's options menu (…) and of its data points' context menu. */
  commandsFor?(visual: VisualDefinition): { options: MenuCommand[]; context: MenuCommand[] };
  /** A command was chosen; category is the data point's for the context menu, else null. */
  onCommand?(visual: VisualDefinition, command: string, category: string | null): void;
  /**
   * A link in a table cell was clicked; answers whether the browser should follow it (the host
   * page may ask to only be told, settings.hyperlinkClickBehavior). Without it links are followed.
   */
  onHyperlink?(visual: VisualDefinition, url: string, row: Row): boolean;
  /** A button visual was clicked. */
  onButton?(visual: VisualDefinition): void;
}

/** Cell values that a table shows as links: web addresses and portal pages (/#/...). */
export const isLink = (value: unknown): value is string => typeof value === 'string' && /^(https?:\/\/|\/#\/)\S+$/.test(value);

/**
 * Opens a menu of commands under the anchor: arrow keys move, Enter chooses, Escape or a click
 * elsewhere closes and gives the focus back.
 */
function openMenu(anchor: HTMLElement, label: string, commands: MenuCommand[], onChoose: (name: string) => void) {
  document.querySelector('.command-menu')?.remove();
  const menu = el('ul', { class: 'command-menu', role: 'menu', 'aria-label': label });
  const rect = anchor.getBoundingClientRect();
  Object.assign(menu.style, { left: `${rect.left}px`, top: `${rect.bottom + 2}px` });
  const items = commands.map((c) => {
    const item = el('li', { role: 'menuitem', tabindex: '-1', 'data-command': c.name }, c.title);
    item.addEventListener('click', () => {
      close();
      onChoose(c.name);
    });
    menu.append(item);
    return item;
  });
  const close = () => {
    menu.remove();
    document.removeEventListener('mousedown', outside, true);
    anchor.setAttribute('aria-expanded', 'false');
    if (anchor instanceof HTMLElement) anchor.focus();
  };
  const outside = (event: Event) => {
    if (!menu.contains(event.target as Node)) close();
  };
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement as HTMLLIElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Enter' || event.key === ' ') (document.activeElement as HTMLElement | null)?.click();
    else return;
    event.preventDefault();
  });
  document.body.append(menu);
  document.addEventListener('mousedown', outside, true);
  anchor.setAttribute('aria-expanded', 'true');
  items[0]?.focus();
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
};
const svgEl = (tag: string, attrs: Record<string, string | number>) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};
const format = formatNumber;
/** How a chart writes a point's value: a number, or an amount in its category's currency. */
type ValueLabel = (point: Point) => string;
const plainLabel: ValueLabel = (p) => format(p.value);

/** About the width of one character of the 11 px chart text. */
const CHAR_PX = 6.2;

/** Writes text into an SVG text node, shortened with … to fit px (the whole text then shows as its tooltip). */
function fitText(node: Element, text: string, px: number) {
  const max = Math.max(3, Math.floor(px / CHAR_PX));
  if (text.length <= max) {
    node.textContent = text;
    return;
  }
  node.textContent = `${text.slice(0, max - 1)}…`;
  const title = document.createElementNS(SVG, 'title');
  title.textContent = text;
  node.appendChild(title);
}

function pointShape(
  node: Element,
  visual: VisualDefinition,
  point: Point,
  callbacks: RenderCallbacks,
  label: ValueLabel,
  highlighted: string | null | undefined,
) {
  const context = callbacks.commandsFor?.(visual).context ?? [];
  if (context.length > 0) {
    const open = (event: Event) => {
      event.preventDefault();
      openMenu(node as HTMLElement, `${point.category} commands`, context, (name) =>
        callbacks.onCommand?.(visual, name, point.category),
      );
    };
    node.setAttribute('aria-haspopup', 'menu');
    node.addEventListener('contextmenu', open);
    node.addEventListener('keydown', (e) => {
      const key = e as KeyboardEvent;
      if (key.key === 'ContextMenu' || (key.key === 'F10' && key.shiftKey)) open(e);
    });
  }
  node.setAttribute('data-category', point.category);
  node.setAttribute('tabindex', '0');
  node.setAttribute('role', 'button');
  // The selected point is pressed; while one is selected the others are dimmed.
  node.setAttribute('aria-pressed', String(highlighted === point.category));
  if (highlighted != null && highlighted !== point.category) node.setAttribute('class', 'dimmed');
  node.setAttribute('aria-label', `${point.category}: ${label(point)}`);
  const title = document.createElementNS(SVG, 'title');
  title.textContent = `${point.category}: ${label(point)}`;
  node.appendChild(title);
  const select = () => callbacks.onPointClick(visual, point.category, point.value);
  node.addEventListener('click', select);
  node.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ') select();
  });
}

function barChart(
  visual: VisualDefinition,
  points: Point[],
  w: number,
  h: number,
  horizontal: boolean,
  cb: RenderCallbacks,
  label: ValueLabel,
  highlighted?: string | null,
) {
  const svg = svgEl('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'group', 'aria-label': visual.title });
  const max = Math.max(1, ...points.map((p) => p.value));
  const pad = 28;
  const n = Math.max(1, points.length);
  // Horizontal bars: the category labels take what the longest needs, at most 40% of the width.
  const longest = Math.max(0, ...points.map((p) => p.category.length));
  const labelWidth = Math.round(Math.min(w * 0.4, Math.max(40, longest * CHAR_PX)));
  // Room right of the longest bar for its value (amounts with a currency are longer than counts).
  const valueWidth = Math.round(Math.max(36, ...points.map((p) => label(p).length * CHAR_PX)) + 8);
  points.forEach((p, i) => {
    const color = PALETTE[i % PALETTE.length] as string;
    if (horizontal) {
      const band = (h - pad) / n;
      const len = ((w - labelWidth - 8 - valueWidth) * p.value) / max;
      const rect = svgEl('rect', {
        x: labelWidth + 8,
        y: pad / 2 + i * band + 3,
        width: Math.max(1, len),
        height: band - 6,
        fill: color,
      });
      pointShape(rect, visual, p, cb, label, highlighted);
      const name = svgEl('text', {
        x: labelWidth + 4,
        y: pad / 2 + i * band + band / 2 + 4,
        'text-anchor': 'end',
        'font-size': 11,
      });
      fitText(name, p.category, labelWidth);
      const value = svgEl('text', { x: labelWidth + 12 + len, y: pad / 2 + i * band + band / 2 + 4, 'font-size': 11 });
      value.textContent = label(p);
      svg.append(name, rect, value);
    } else {
      const band = (w - 20) / n;
      const len = ((h - pad * 2) * p.value) / max;
      const rect = svgEl('rect', {
        x: 10 + i * band + 4,
        y: h - pad - len,
        width: band - 8,
        height: Math.max(1, len),
        fill: color,
      });
      pointShape(rect, visual, p, cb, label, highlighted);
      const name = svgEl('text', { x: 10 + i * band + band / 2, y: h - 10, 'text-anchor': 'middle', 'font-size': 11 });
      name.textContent = p.category;
      const value = svgEl('text', {
        x: 10 + i * band + band / 2,
        y: h - pad - len - 4,
        'text-anchor': 'middle',
        'font-size': 11,
      });
      value.textContent = label(p);
      svg.append(rect, name, value);
    }
  });
  return svg;
}

function lineChart(
  visual: VisualDefinition,
  points: Point[],
  w: number,
  h: number,
  cb: RenderCallbacks,
  label: ValueLabel,
  highlighted?: string | null,
) {
  const svg = svgEl('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'group', 'aria-label': visual.title });
  const max = Math.max(1, ...points.map((p) => p.value));
  const pad = 28;
  const step = points.length > 1 ? (w - pad * 2) / (points.length - 1) : 0;
  const xy = points.map((p, i) => [pad + i * step, h - pad - ((h - pad * 2) * p.value) / max] as const);
  svg.append(
    svgEl('polyline', {
      points: xy.map(([x, y]) => `${x},${y}`).join(' '),
      fill: 'none',
      stroke: PALETTE[0] as string,
      'stroke-width': 2,
    }),
  );
  points.forEach((p, i) => {
    const [x, y] = xy[i] as readonly [number, number];
    const dot = svgEl('circle', { cx: x, cy: y, r: 5, fill: PALETTE[0] as string });
    pointShape(dot, visual, p, cb, label, highlighted);
    const name = svgEl('text', { x, y: h - 8, 'text-anchor': 'middle', 'font-size': 11 });
    name.textContent = p.category;
    svg.append(dot, name);
  });
  return svg;
}

function pieChart(
  visual: VisualDefinition,
  points: Point[],
  w: number,
  h: number,
  donut: boolean,
  cb: RenderCallbacks,
  label: ValueLabel,
  highlighted?: string | null,
) {
  const svg = svgEl('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'group', 'aria-label': visual.title });
  const total = points.reduce((s, p) => s + p.value, 0);
  const r = Math.max(10, Math.min(w * 0.6, h) / 2 - 10);
  const cx = r + 10;
  const cy = h / 2;
  let angle = -Math.PI / 2;
  points.forEach((p, i) => {
    const color = PALETTE[i % PALETTE.length] as string;
    const sweep = total > 0 ? (p.value / total) * Math.PI * 2 : 0;
    const end = angle + sweep;
    const large = sweep > Math.PI ? 1 : 0;
    const path =
      sweep >= Math.PI * 2 - 1e-6
        ? `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`
        : `M ${cx} ${cy} L ${cx + r * Math.cos(angle)} ${cy + r * Math.sin(angle)} A ${r} ${r} 0 ${large} 1 ${cx + r * Math.cos(end)} ${cy + r * Math.sin(end)} Z`;
    const slice = svgEl('path', { d: path, fill: color, stroke: '#fff', 'stroke-width': 1 });
    pointShape(slice, visual, p, cb, label, highlighted);
    const legend = svgEl('text', { x: cx + r + 16, y: 20 + i * 18, 'font-size': 11, fill: color });
    fitText(legend, `${p.category}: ${label(p)}`, w - (cx + r + 16) - 4);
    svg.append(slice, legend);
    angle = end;
  });
  if (donut) svg.append(svgEl('circle', { cx, cy, r: r * 0.55, fill: '#fff', 'pointer-events': 'none' }));
  return svg;
}

function card(visual: VisualDefinition, view: VisualView, cb: RenderCallbacks) {
  const total = view.points.reduce((s, p) => s + p.value, 0);
  if (isMoneyColumn(view.rows, visual.fields.value)) {
    // Amounts: one total per currency, never one sum of several currencies.
    const totals = totalsByCurrency(view.rows, visual.fields.value);
    const single = totals.length === 1 ? (totals[0]?.amount ?? null) : null;
    const div = el('div', { class: 'card', 'data-value': single === null ? '' : String(Math.round(single * 100) / 100) });
    const value = el('button', { type: 'button', class: 'card-value card-amounts' });
    for (const t of totals) value.append(el('span', { 'data-currency': t.currency }, formatMoney(t.amount, t.currency)));
    if (totals.length === 0) value.textContent = formatMoney(0, null);
    value.addEventListener('click', () => cb.onPointClick(visual, null, single));
    div.append(value, el('div', { class: 'card-label' }, visual.title));
    return div;
  }
  const div = el('div', { class: 'card', 'data-value': String(total) });
  const value = el('button', { type: 'button', class: 'card-value' }, format(total));
  value.addEventListener('click', () => cb.onPointClick(visual, null, total));
  div.append(value, el('div', { class: 'card-label' }, visual.title));
  return div;
}

function table(visual: VisualDefinition, rows: Row[], cb: RenderCallbacks, highlighted?: string | null) {
  const columns = visual.fields.columns ?? Object.keys(rows[0] ?? {});
  const t = el('table');
  t.append(el('caption', { class: 'sr-only' }, visual.title));
  const head = el('tr');
  for (const c of columns) head.append(el('th', { scope: 'col' }, c));
  t.append(el('thead'), el('tbody'));
  (t.tHead as HTMLTableSectionElement).append(head);
  const body = t.tBodies[0] as HTMLTableSectionElement;
  const money = new Set(columns.filter((c) => isMoneyColumn(rows, c)));
  for (const row of rows) {
    const tr = el('tr');
    for (const c of columns) {
      const value = row[c];
      if (money.has(c) && typeof value === 'number') {
        tr.append(el('td', { class: 'amount' }, formatMoney(value, String(row.Currency ?? ''))));
        continue;
      }
      if (!isLink(value)) {
        if (c === columns[0]) {
          // The row's key is a button, so keyboard users select the row's data point too (Enter or Space).
          const key = String(value ?? '');
          const button = el('button', { type: 'button', class: 'row-select', 'aria-pressed': String(key === highlighted) }, key);
          button.addEventListener('click', (event) => {
            event.stopPropagation();
            cb.onPointClick(visual, key, null);
          });
          const td = el('td');
          td.append(button);
          tr.append(td);
          continue;
        }
        tr.append(el('td', {}, String(value ?? '')));
        continue;
      }
      // A link opens in a new tab (the report stays); it is not a click on the row's data point.
      const a = el('a', { href: value, target: '_blank', rel: 'noopener noreferrer' }, value);
      a.addEventListener('click', (event) => {
        event.stopPropagation();
        if (cb.onHyperlink && !cb.onHyperlink(visual, value, row)) event.preventDefault();
      });
      const td = el('td');
      td.append(a);
      tr.append(td);
    }
    const key = String(row[columns[0] as string] ?? '');
    if (highlighted != null && key === highlighted) tr.className = 'selected';
    tr.addEventListener('click', () => cb.onPointClick(visual, key, null));
    body.append(tr);
  }
  return t;
}

function slicer(visual: VisualDefinition, view: VisualView, cb: RenderCallbacks) {
  const list = el('fieldset', { class: 'slicer' });
  list.append(el('legend', { class: 'sr-only' }, visual.title));
  for (const p of view.points) {
    const label = el('label');
    const box = el('input', { type: 'checkbox', value: p.category }) as HTMLInputElement;
    box.checked = view.selected.has(p.category);
    box.addEventListener('change', () => cb.onSlicerToggle(visual, p.category));
    label.append(box, document.createTextNode(` ${p.category}`));
    list.append(label);
  }
  return list;
}

/** Said instead of a chart whose points would add amounts of several currencies together. */
function mixedCurrencies(currencies: string[]) {
  const list =
    currencies.length > 1
      ? `${currencies.slice(0, -1).join(', ')} and ${currencies[currencies.length - 1]}`
      : currencies.join('');
  return el(
    'p',
    { class: 'status mixed-currencies', role: 'note' },
    `These amounts are in ${list}, which are not added together. Choose one currency to see them.`,
  );
}

/** Draws one visual into a box of w x h pixels (charts are SVG with a viewBox, so they scale). */
export function renderVisual(
  visual: VisualDefinition,
  view: VisualView,
  w: number,
  h: number,
  callbacks: RenderCallbacks,
): Element {
  if (view.denied) return el('p', { class: 'status denied' }, 'You do not have access to this data.');
  let label = plainLabel;
  if (visual.type !== 'card' && visual.type !== 'tableEx' && isMoneyColumn(view.rows, visual.fields.value)) {
    const currencies = currenciesByCategory(view.rows, visual.fields.category);
    if (currencies.mixed.length > 0) return mixedCurrencies(currencies.mixed);
    label = (p) => formatMoney(p.value, currencies.byCategory.get(p.category));
  }
  switch (visual.type) {
    case 'columnChart':
      return barChart(visual, view.points, w, h, false, callbacks, label, view.highlighted);
    case 'barChart':
      return barChart(visual, view.points, w, h, true, callbacks, label, view.highlighted);
    case 'lineChart':
      return lineChart(visual, view.points, w, h, callbacks, label, view.highlighted);
    case 'pieChart':
    case 'donutChart':
      return pieChart(visual, view.points, w, h, visual.type === 'donutChart', callbacks, label, view.highlighted);
    case 'card':
      return card(visual, view, callbacks);
    case 'tableEx':
      return table(visual, view.rows, callbacks, view.highlighted);
    case 'slicer':
      return slicer(visual, view, callbacks);
    case 'actionButton': {
      const b = el('button', { type: 'button', class: 'action-button' }, visual.title);
      b.addEventListener('click', () => callbacks.onButton?.(visual));
      return b;
    }
  }
  return el('p', { class: 'error' }, `${visual.type} visuals are not supported`);
}

/** What the edit bar shows in edit mode, and what its buttons do. */
export interface EditBar {
  reportName: string;
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  canSaveAs: boolean;
  canAddPage: boolean;
  /** The host page draws its own save-as dialog (settings.useCustomSaveAsDialog). */
  customSaveAs: boolean;
  onAddPage(): void;
  onSave(): void;
  /** With customSaveAs the name is null and the host page is told (saveAsTriggered). */
  onSaveAs(name: string | null): void;
}

function button(label: string, onClick: () => void, disabled = false) {
  const b = el('button', { type: 'button' }, label);
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

/** The toolbar of edit mode: status, Add page, Save and Save as (with its own small name form). */
function editBar(bar: EditBar) {
  const toolbar = el('div', { class: 'edit-bar', role: 'toolbar', 'aria-label': 'Report editing' });
  const status = bar.saving ? 'Saving…' : bar.dirty ? 'Unsaved changes' : 'All changes saved';
  toolbar.append(
    el('span', { class: 'edit-title' }, `Editing ${bar.reportName}`),
    el('span', { class: 'edit-status', role: 'status' }, status),
    button('Add page', bar.onAddPage, !bar.canAddPage || bar.saving),
  );
  if (bar.canSave) toolbar.append(button('Save', bar.onSave, !bar.dirty || bar.saving));
  if (bar.canSaveAs) {
    if (bar.customSaveAs) toolbar.append(button('Save as', () => bar.onSaveAs(null), bar.saving));
    else {
      const form = el('form', { class: 'save-as', 'aria-label': 'Save a copy' });
      const input = el('input', { id: 'save-as-name', name: 'name', required: '', maxlength: '100', autocomplete: 'off' });
      const label = el('label', { for: 'save-as-name' }, 'Copy name');
      const submit = el('button', { type: 'submit' }, 'Save as');
      submit.disabled = bar.saving;
      form.append(label, input, submit);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (name) bar.onSaveAs(name);
      });
      toolbar.append(form);
    }
  }
  return toolbar;
}

/** The panes around the page ([E3.11]): page navigation and the filters pane. */
export interface Panes {
  pages: {
    list: { name: string; displayName: string }[];
    active: string;
    /** Bottom (default) or Left. */
    position: 'bottom' | 'left';
    onSelect(name: string): void;
  } | null;
  filters: {
    expanded: boolean;
    groups: { label: string; filters: { text: string; onRemove(): void }[] }[];
    onToggle(): void;
  } | null;
}

function pagesPane(pane: NonNullable<Panes['pages']>) {
  const nav = el('nav', { class: `pages-pane pages-${pane.position}`, 'aria-label': 'Pages' });
  const list = el('ul');
  for (const p of pane.list) {
    const item = el('li');
    const b = el('button', { type: 'button', 'data-page-tab': p.name }, p.displayName);
    if (p.name === pane.active) b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => pane.onSelect(p.name));
    item.append(b);
    list.append(item);
  }
  nav.append(list);
  return nav;
}

function filtersPane(pane: NonNullable<Panes['filters']>) {
  const aside = el('aside', { class: `filters-pane${pane.expanded ? '' : ' collapsed'}`, 'aria-label': 'Filters' });
  const toggle = el(
    'button',
    { type: 'button', class: 'filters-toggle', 'aria-expanded': String(pane.expanded) },
    pane.expanded ? 'Filters ‹' : '›',
  );
  toggle.setAttribute('aria-label', pane.expanded ? 'Collapse the filters pane' : 'Expand the filters pane');
  toggle.addEventListener('click', pane.onToggle);
  aside.append(toggle);
  if (!pane.expanded) return aside;
  const count = pane.groups.reduce((n, g) => n + g.filters.length, 0);
  if (count === 0) aside.append(el('p', { class: 'filters-empty' }, 'No filters are applied.'));
  for (const group of pane.groups) {
    if (group.filters.length === 0) continue;
    const section = el('section', { 'aria-label': group.label });
    section.append(el('h2', {}, group.label));
    const list = el('ul');
    for (const f of group.filters) {
      const item = el('li');
      const remove = el('button', { type: 'button', 'aria-label': `Remove filter ${f.text}` }, '×');
      remove.addEventListener('click', f.onRemove);
      item.append(el('span', {}, f.text), remove);
      list.append(item);
    }
    section.append(list);
    aside.append(section);
  }
  return aside;
}

/**
 * Draws a page: one absolutely placed box per visual, scaled by zoom; in edit mode the edit bar above it. With
 * `canFlow` (the report's own layout, unzoomed, in view mode) a frame narrower than 640 px (a phone) shows the
 * visuals one under the other at its width instead of a 1000 px canvas cut at its edge (host.css).
 */
export function renderPage(
  root: HTMLElement,
  page: PageDefinition,
  views: Map<string, VisualView>,
  zoom: number,
  hidden: Set<string>,
  callbacks: RenderCallbacks,
  edit: EditBar | null = null,
  panes: Panes = { pages: null, filters: null },
  canFlow = false,
) {
  root.replaceChildren();
  root.dataset.mode = edit ? 'edit' : 'view';
  if (edit) root.append(editBar(edit));
  const body = el('div', { class: `report-body${panes.pages?.position === 'left' ? ' pages-left' : ''}` });
  const scroller = el('div', { class: 'page-scroller' });
  const canvas = el('div', { class: canFlow ? 'page can-flow' : 'page', 'data-page': page.name });
  canvas.style.transform = `scale(${zoom})`;
  canvas.append(el('h1', { class: 'sr-only' }, page.displayName));
  for (const visual of page.visuals) {
    if (hidden.has(visual.name)) continue;
    const view = views.get(visual.name) ?? { points: [], rows: [], selected: new Set<string>() };
    const box = el('section', { class: `visual visual-${visual.type}`, 'data-visual': visual.name, 'aria-label': visual.title });
    // A table scrolls inside its box: keyboard users reach it to scroll it.
    if (visual.type === 'tableEx') box.setAttribute('tabindex', '0');
    Object.assign(box.style, {
      left: `${visual.layout.x}px`,
      top: `${visual.layout.y}px`,
      width: `${visual.layout.width}px`,
      height: `${visual.layout.height}px`,
    });
    if (visual.type === 'actionButton') {
      // A button is its own label: no title bar, no options menu.
      box.append(renderVisual(visual, view, visual.layout.width, visual.layout.height, callbacks));
      canvas.append(box);
      continue;
    }
    const header = el('div', { class: 'visual-header' }, undefined);
    header.append(el('h2', {}, visual.title));
    const options = callbacks.commandsFor?.(visual).options ?? [];
    if (options.length > 0) {
      const more = el('button', {
        type: 'button',
        class: 'visual-options',
        'aria-haspopup': 'menu',
        'aria-expanded': 'false',
        'aria-label': `More options for ${visual.title}`,
      });
      more.textContent = '…';
      more.addEventListener('click', () =>
        openMenu(more, `${visual.title} options`, options, (name) => callbacks.onCommand?.(visual, name, null)),
      );
      header.append(more);
    }
    box.append(header, renderVisual(visual, view, visual.layout.width - 16, visual.layout.height - 44, callbacks));
    canvas.append(box);
  }
  if (page.visuals.length === 0)
    canvas.append(el('p', { class: 'status empty-page' }, `${page.displayName} has no visuals yet.`));
  scroller.append(canvas);
  if (panes.pages?.position === 'left') body.append(pagesPane(panes.pages));
  body.append(scroller);
  if (panes.filters) body.append(filtersPane(panes.filters));
  root.append(body);
  if (panes.pages && panes.pages.position === 'bottom') root.append(pagesPane(panes.pages));
}

/** A full-frame message (waiting, refused token, errors). */
export function renderMessage(root: HTMLElement, text: string, kind: 'status' | 'error' = 'status') {
  root.replaceChildren(el('p', { class: kind, role: kind === 'error' ? 'alert' : 'status' }, text));
}
