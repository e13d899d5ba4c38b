import { Channel, initialParentOrigin } from './channel.js';
import { ReportHost } from './host.js';
import { renderMessage } from './render.js';

const root = document.getElementById('report') as HTMLElement;
if (window.parent === window) {
  renderMessage(root, 'This page shows a report inside an embedding page.', 'error');
} else {
  const channel = new Channel(window, window.parent, initialParentOrigin(window.location, document.referrer));
  const host = new ReportHost(channel, root, window.location, window.fetch.bind(window));
  (window as Window & { portalEmbedHost?: ReportHost }).portalEmbedHost = host;
}
