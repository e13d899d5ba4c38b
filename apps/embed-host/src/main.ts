import { Channel, initialParentOrigin } from './channel.js';
import { DashboardHost, TileHost } from './dashboard-host.js';
import { ReportHost } from './host.js';
import { renderMessage } from './render.js';

const root = document.getElementById('report') as HTMLElement;
if (window.parent === window) {
  renderMessage(root, 'This page shows a report inside an embedding page.', 'error');
} else {
  const channel = new Channel(window, window.parent, initialParentOrigin(window.location, document.referrer));
  const fetcher = window.fetch.bind(window);
  // [E2.1] dashboardEmbed for dashboards, embed?tileId for tiles, reportEmbed for everything else.
  const path = window.location.pathname;
  const host = path.endsWith('/dashboardEmbed')
    ? new DashboardHost(channel, root, window.location, fetcher)
    : path.endsWith('/embed')
      ? new TileHost(channel, root, window.location, fetcher)
      : new ReportHost(channel, root, window.location, fetcher);
  if (host instanceof ReportHost) window.addEventListener('blur', () => host.blurred());
  document.title = host instanceof DashboardHost ? 'Dashboard' : host instanceof TileHost ? 'Dashboard tile' : 'Report';
  (window as Window & { portalEmbedHost?: unknown }).portalEmbedHost = host;
}
