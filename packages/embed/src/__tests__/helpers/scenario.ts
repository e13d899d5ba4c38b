import * as ourModule from '../../index.js';
import { attachPeer, type FramePeer, flush, type RecordedMessage, type Responder } from './frame-peer.js';
import { createService, makeContainer } from './ours.js';
import { loadReference, toRealm } from './reference.js';

export interface ScenarioContext {
  /** The service (window.powerbi for the reference, a Service of ours). */
  powerbi: any;
  /** The module namespace (powerbi-client or ours). */
  lib: any;
  embed: any;
  element: HTMLElement;
  peer: FramePeer;
  /** Copies plain data into the library's realm. */
  data<T>(value: T): T;
}

export interface Scenario {
  embedConfig: Record<string, unknown>;
  method?: 'embed' | 'load' | 'bootstrap' | 'createReport' | 'quickCreate';
  fireLoad?: boolean;
  run?: (ctx: ScenarioContext) => Promise<unknown>;
}

const PAGES = [
  { name: 'p1', displayName: 'One', isActive: true, visibility: 0 },
  { name: 'p2', displayName: 'Two', isActive: false, visibility: 0 },
];
const VISUALS = [
  { name: 'v1', title: 'Sales', type: 'barChart', layout: { x: 0, y: 0, width: 10, height: 10 } },
  { name: 's1', title: 'Region', type: 'slicer', layout: { x: 5, y: 5 } },
];

/** Answers like a host: pages, visuals, bookmarks, theme, zoom and so on. */
export const hostResponder: Responder = (message: RecordedMessage) => {
  const { method, url } = message;
  if (method === 'GET' && url === '/report/pages') return { statusCode: 200, body: PAGES };
  if (method === 'GET' && /\/visuals$/.test(url)) return { statusCode: 200, body: VISUALS };
  if (method === 'GET' && url === '/report/bookmarks') return { statusCode: 200, body: [{ name: 'b1', displayName: 'B1' }] };
  if (method === 'POST' && url === '/report/bookmarks/capture')
    return { statusCode: 200, body: { name: 'b2', displayName: 'B2', state: 'xyz' } };
  if (method === 'GET' && url === '/report/theme') return { statusCode: 200, body: { themeJson: { name: 't' } } };
  if (method === 'GET' && url === '/report/zoom') return { statusCode: 200, body: 1.5 };
  if (method === 'GET' && url === '/report/hasUnsavedChanges') return { statusCode: 200, body: true };
  if (method === 'GET' && url === '/report/isUserStateApplied') return { statusCode: 200, body: false };
  if (method === 'GET' && url === '/getCorrelationId') return { statusCode: 200, body: 'corr-1' };
  if (method === 'GET' && /filters$/.test(url)) return { statusCode: 200, body: [] };
  if (method === 'GET' && /slicer$/.test(url)) return { statusCode: 200, body: { filters: [] } };
  if (method === 'GET' && /layoutTypes/.test(url)) return { statusCode: 200, body: true };
  if (method === 'POST' && url === '/report/addPage')
    return { statusCode: 200, body: { name: 'p3', displayName: 'Three', isActive: false, visibility: 0 } };
  if (method === 'POST' && /exportData$/.test(url)) return { statusCode: 200, body: { data: 'a,b' } };
  if (method === 'POST' && /clone$/.test(url)) return { statusCode: 200, body: { visualName: 'v9' } };
  return { statusCode: 202, body: null };
};

/** Normalises a message for comparison: random ids become placeholders. */
export function normalize(message: RecordedMessage): Record<string, unknown> {
  const { targetOrigin: _origin, ...rest } = message;
  const headers = { ...rest.headers };
  delete headers.id;
  if (headers.sdkSessionId) headers.sdkSessionId = '<session>';
  return { ...rest, headers };
}

export interface Recording {
  messages: Record<string, unknown>[];
  result: unknown;
}

const plain = (value: unknown): unknown => {
  if (value === undefined) return '<undefined>';
  if (
    value instanceof Error ||
    (value && typeof value === 'object' && (value as { constructor?: { name?: string } }).constructor?.name === 'Error')
  ) {
    return { error: (value as Error).message };
  }
  try {
    return JSON.parse(
      JSON.stringify(value, (key, v) =>
        key === 'headers' && v && typeof v === 'object'
          ? { ...v, id: '<id>' }
          : v && typeof v === 'object' && 'report' in v && 'name' in v && !('type' in v)
            ? { page: v.name, displayName: v.displayName, isActive: v.isActive }
            : v,
      ),
    );
  } catch {
    return String(value);
  }
};

async function play(ctx: ScenarioContext, scenario: Scenario): Promise<unknown> {
  if (scenario.fireLoad !== false) {
    ctx.peer.fireLoad();
    await flush();
  }
  let result: unknown;
  if (scenario.run) {
    try {
      result = plain(await scenario.run(ctx));
    } catch (error) {
      result = { rejected: plain(error) };
    }
    await flush();
  }
  return result;
}

function createEmbed(powerbi: any, element: HTMLElement, scenario: Scenario, config: unknown): any {
  switch (scenario.method ?? 'embed') {
    case 'load':
      return powerbi.load(element, config);
    case 'bootstrap':
      return powerbi.bootstrap(element, config);
    case 'createReport':
      return powerbi.createReport(element, config);
    case 'quickCreate':
      return powerbi.quickCreate(element, config);
    default:
      return powerbi.embed(element, config);
  }
}

/** Runs a scenario against the reference library and returns the normalised wire messages. */
export async function recordReference(scenario: Scenario, responder: Responder = hostResponder): Promise<Recording> {
  const ref = loadReference();
  const element = ref.window.document.createElement('div');
  ref.window.document.body.appendChild(element);
  const embed = createEmbed(ref.powerbi, element as unknown as HTMLElement, scenario, toRealm(ref.window, scenario.embedConfig));
  const peer = attachPeer(ref.window, embed.iframe, responder);
  const result = await play(
    {
      powerbi: ref.powerbi,
      lib: ref.client,
      embed,
      element: element as unknown as HTMLElement,
      peer,
      data: (v) => toRealm(ref.window, v),
    },
    scenario,
  );
  return { messages: peer.messages.map(normalize), result };
}

/** Runs a scenario against our library and returns the normalised wire messages. */
export async function recordOurs(scenario: Scenario, responder: Responder = hostResponder): Promise<Recording> {
  const powerbi = createService();
  const element = makeContainer();
  const embed = createEmbed(powerbi, element, scenario, JSON.parse(JSON.stringify(scenario.embedConfig)));
  const peer = attachPeer(window, embed.iframe, responder);
  const result = await play({ powerbi, lib: ourModule, embed, element, peer, data: (v) => v }, scenario);
  return { messages: peer.messages.map(normalize), result };
}
