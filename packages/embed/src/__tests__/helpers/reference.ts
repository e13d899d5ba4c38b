/**
 * Loads the reference library (powerbi-client 2.23.1, devDependency) into its own jsdom window.
 * Used only to compare behaviour, wire messages and validation errors with ours.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);
let referenceSource: string | undefined;

export interface ReferenceWindow {
  window: Window & typeof globalThis & { powerbi: any; 'powerbi-client': any };
  powerbi: any;
  client: any;
  models: any;
}

export function loadReference(): ReferenceWindow {
  referenceSource ??= readFileSync(require.resolve('powerbi-client/dist/powerbi.js'), 'utf8');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    runScripts: 'outside-only',
    url: 'https://host.example/',
  });
  const window = dom.window as unknown as ReferenceWindow['window'];
  (window as unknown as { eval: (s: string) => void }).eval(referenceSource);
  return { window, powerbi: window.powerbi, client: window['powerbi-client'], models: window['powerbi-client'].models };
}

/** Copies a value into another realm through JSON so both libraries see equal plain data. */
export function toRealm<T>(window: { JSON: JSON }, value: T): T {
  return value === undefined ? value : window.JSON.parse(JSON.stringify(value));
}
