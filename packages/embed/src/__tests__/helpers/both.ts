/**
 * Runs one host-page script against our library and against the reference (powerbi-client 2.23.1 in its
 * own jsdom window) and records everything a host page can observe: the return value or thrown error,
 * the messages posted to the frame, the events raised (with bubbles/cancelable, seen on the element and
 * on the document), unhandled rejections, and console warnings/errors.
 */
import * as ourModule from '../../index.js';
import { attachPeer, type FramePeer, flush, type Responder } from './frame-peer.js';
import { loadReference, type ReferenceWindow, toRealm } from './reference.js';
import { hostResponder, normalize } from './scenario.js';

export interface Env {
  name: 'ours' | 'reference';
  /** A fresh service of the library. */
  powerbi: any;
  /** The module namespace (models, Report, BasicFilterBuilder, ...). */
  lib: any;
  win: Window & typeof globalThis;
  doc: Document;
  /** A new container in the document. */
  mk(attributes?: Record<string, string>): HTMLElement;
  /** Attaches a fake frame to an embed and records what is posted to it. */
  peer(embed: any, responder?: Responder, origin?: string): FramePeer;
  /** Copies plain data into the library's realm. */
  data<T>(value: T): T;
  /** Creates another service of the library (service configuration in its realm). */
  service(config?: Record<string, unknown>): any;
  /** Records the named events raised on an element (and whether they reached the document). */
  listen(element: HTMLElement, names: string[], tag?: string): void;
  /** Everything observed so far, in order. */
  log: unknown[];
  /** Services created for this run (stopped when it ends). */
  services: any[];
}

export interface Observation {
  result: unknown;
  log: unknown[];
  messages: Record<string, unknown>[];
  unhandled: unknown[];
  console: unknown[];
}

let reference: ReferenceWindow | undefined;
const referenceWindow = (): ReferenceWindow => {
  if (!reference) {
    reference = loadReference();
    // The reference's global service listens on the window too; only the services of one test may answer.
    reference.powerbi.wpmp.stop();
  }
  return reference;
};

const isErrorLike = (value: unknown): value is Error =>
  !!value && typeof value === 'object' && typeof (value as Error).message === 'string' && 'stack' in (value as object);

/** Turns a value of either realm into comparable plain data. */
export function plain(value: unknown): unknown {
  if (value === undefined) return '<undefined>';
  if (isErrorLike(value)) return { error: value.message };
  if (typeof value === 'function') return '<function>';
  try {
    return JSON.parse(
      JSON.stringify(value, (key, v) => {
        if (key === 'headers' && v && typeof v === 'object') {
          const headers = { ...v, id: '<id>' };
          if (headers.sdkSessionId) headers.sdkSessionId = '<session>';
          return headers;
        }
        if (v && typeof v === 'object' && 'iframe' in v && 'service' in v) return { embed: v.config?.uniqueId };
        if (v && typeof v === 'object' && 'report' in v && 'name' in v && !('type' in v))
          return { page: v.name, displayName: v.displayName, isActive: v.isActive };
        if (isErrorLike(v)) return { error: v.message };
        return v;
      }),
    );
  } catch {
    return String(value);
  }
}

function makeEnv(name: Env['name'], oursConfig: Record<string, unknown> = {}): Env {
  const log: unknown[] = [];
  const peers: FramePeer[] = [];
  if (name === 'ours') {
    const win = window as Window & typeof globalThis;
    const service = (config: Record<string, unknown> = {}) =>
      new ourModule.service.Service(
        ourModule.factories.hpmFactory,
        ourModule.factories.wpmpFactory,
        ourModule.factories.routerFactory,
        { ...oursConfig, ...config },
      );
    return build(name, win, ourModule, service(), service, (v) => v, log, peers);
  }
  const ref = referenceWindow();
  const client = ref.client;
  const service = (config: Record<string, unknown> = {}) =>
    new client.service.Service(
      client.factories.hpmFactory,
      client.factories.wpmpFactory,
      client.factories.routerFactory,
      toRealm(ref.window, config),
    );
  return build(name, ref.window, client, service(), service, (v) => toRealm(ref.window, v), log, peers);
}

function build(
  name: Env['name'],
  win: Window & typeof globalThis,
  lib: any,
  powerbi: any,
  service: Env['service'],
  data: Env['data'],
  log: unknown[],
  peers: FramePeer[],
): Env {
  const doc = win.document;
  const services = [powerbi];
  return {
    name,
    powerbi,
    services,
    lib,
    win,
    doc,
    log,
    data,
    service(config) {
      const created = service(config);
      services.push(created);
      return created;
    },
    mk(attributes = {}) {
      const element = doc.createElement('div');
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      doc.body.appendChild(element);
      return element as unknown as HTMLElement;
    },
    peer(embed, responder = hostResponder, origin) {
      const p = attachPeer(win, embed.iframe, responder, origin);
      peers.push(p);
      (this as unknown as { peers: FramePeer[] }).peers = peers;
      return p;
    },
    listen(element, names, tag = 'el') {
      for (const eventName of names) {
        const onElement = (event: Event) => {
          const e = event as CustomEvent;
          log.push({ at: tag, event: e.type, bubbles: e.bubbles, cancelable: e.cancelable, detail: plain(e.detail) });
        };
        const onDocument = (event: Event) => {
          if (event.target === element) log.push({ at: `${tag}>document`, event: event.type });
        };
        element.addEventListener(eventName, onElement);
        doc.addEventListener(eventName, onDocument);
      }
    },
  };
}

/**
 * Runs `script` against a fresh service of each library; returns the two observations.
 * Unhandled rejections and console.warn/console.error are captured while the script runs.
 */
export async function observeBoth(
  script: (env: Env) => unknown | Promise<unknown>,
  settle = 20,
  oursConfig: Record<string, unknown> = {},
): Promise<{ ours: Observation; reference: Observation }> {
  const ours = await observe(makeEnv('ours', oursConfig), script, settle);
  const theirs = await observe(makeEnv('reference'), script, settle);
  return { ours, reference: theirs };
}

async function observe(env: Env, script: (env: Env) => unknown, settle: number): Promise<Observation> {
  const unhandled: unknown[] = [];
  const consoleLog: unknown[] = [];
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const onUnhandled = (reason: unknown) => unhandled.push(plain(reason));
  process.on('unhandledRejection', onUnhandled);
  const target = env.win.console;
  const original = { warn: target.warn, error: target.error };
  target.warn = (...args: unknown[]) => consoleLog.push({ warn: args.map((a) => plain(a)) });
  target.error = (...args: unknown[]) => consoleLog.push({ error: args.map((a) => plain(a)) });
  // Exceptions thrown by the libraries' DOM listeners (e.g. in the iframe's load handler).
  const onError = (event: ErrorEvent) => {
    unhandled.push({ uncaught: plain(event.error) });
    event.preventDefault();
  };
  env.win.addEventListener('error', onError);
  let result: unknown;
  try {
    try {
      result = plain(await script(env));
    } catch (error) {
      result = { thrown: Array.isArray(error) ? plain(error) : plain(error) };
    }
    // Waits until nothing more happens: on a loaded machine a chain of posts (a load answered, then a re-load) can
    // take longer than one settle period, so the counts are compared after each period until they stop moving.
    const peersOf = () => ((env as unknown as { peers?: FramePeer[] }).peers ?? []) as FramePeer[];
    const activity = () =>
      env.log.length +
      unhandled.length +
      consoleLog.length +
      peersOf().reduce((n, p) => n + p.messages.length + p.responses.length, 0);
    for (let round = 0, before = -1; round < 20; round++) {
      await flush(settle);
      await new Promise((resolve) => setImmediate(resolve));
      await flush(5);
      const now = activity();
      if (now === before) break;
      before = now;
    }
  } finally {
    process.off('unhandledRejection', onUnhandled);
    for (const listener of saved) process.on('unhandledRejection', listener);
    target.warn = original.warn;
    target.error = original.error;
    env.win.removeEventListener('error', onError);
    for (const s of env.services) s.wpmp.stop();
  }
  const peers = ((env as unknown as { peers?: FramePeer[] }).peers ?? []) as FramePeer[];
  const messages = peers.flatMap((p, i) => p.messages.map((m) => ({ frame: i, ...normalize(m) }) as Record<string, unknown>));
  const responses = peers.flatMap((p, i) => p.responses.map((r) => ({ frame: i, response: plain(r) })));
  return { result, log: [...env.log, ...responses], messages, unhandled, console: consoleLog };
}

export { flush };
