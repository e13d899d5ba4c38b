// @vitest-environment node

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { buildBundles } from '../../scripts/bundle.mjs';
import { attachPeer, flush } from './helpers/frame-peer.js';
import { loadReference } from './helpers/reference.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let files: { full: string; min: string };

function loadBundle(file: string, before?: (w: any) => void) {
  const dom = new JSDOM('<!doctype html><html><body><div id="c"></div></body></html>', {
    runScripts: 'outside-only',
    url: 'https://host.example/',
  });
  const w = dom.window as any;
  before?.(w);
  w.eval(readFileSync(file, 'utf8'));
  return w;
}

describe('browser bundle', () => {
  beforeAll(async () => {
    files = await buildBundles(root);
  });

  for (const which of ['full', 'min'] as const) {
    it(`dist/${which === 'full' ? 'powerbi.js' : 'powerbi.min.js'} defines window.powerbi (a Service) and window['powerbi-client']`, () => {
      const w = loadBundle(files[which]);
      const client = w['powerbi-client'];
      expect(client).toBeDefined();
      expect(w.powerbi).toBeInstanceOf(client.service.Service);
      expect(w.powerbi.getSDKVersion()).toBe('2.23.1');
    });
  }

  it('exports the same names as the reference bundle (plus BookmarksManager, the account report helper and trustEmbedOrigin)', () => {
    const ours = Object.keys(loadBundle(files.full)['powerbi-client'])
      .filter((k) => k !== 'default')
      .sort();
    const theirs = Object.keys(loadReference().client).sort();
    expect(ours).toEqual(
      [...theirs, 'BookmarksManager', 'embedAccountReport', 'getEmbedTokenPath', 'trustEmbedOrigin', 'twoLetterLanguage'].sort(),
    );
  });

  it('exports the same model names and enum values as the reference', () => {
    const ours = loadBundle(files.full)['powerbi-client'].models;
    const theirs = loadReference().models;
    expect(Object.keys(ours).sort()).toEqual(expect.arrayContaining(Object.keys(theirs).sort()));
    for (const key of Object.keys(theirs)) {
      if (typeof theirs[key] === 'object')
        expect(JSON.parse(JSON.stringify(ours[key]))).toEqual(JSON.parse(JSON.stringify(theirs[key])));
    }
  });

  it('keeps an existing window.powerbi and uses powerBISDKGlobalServiceInstanceName instead', () => {
    const w = loadBundle(files.full, (win) => {
      win.powerbi = 'other';
      win.powerBISDKGlobalServiceInstanceName = 'myPowerBI';
    });
    expect(w.powerbi).toBe('other');
    expect(w.myPowerBI).toBeInstanceOf(w['powerbi-client'].service.Service);
  });

  it('embeds through the global service and sends the load message', async () => {
    const w = loadBundle(files.min);
    const el = w.document.getElementById('c');
    const report = w.powerbi.embed(el, {
      type: 'report',
      id: 'r1',
      accessToken: 'tok',
      embedUrl: 'https://app.powerbi.com/reportEmbed',
      uniqueId: 'u1',
    });
    const peer = attachPeer(w, report.iframe);
    peer.fireLoad();
    await flush();
    expect(peer.messages.map((m) => m.url)).toEqual(['/report/load']);
  });

  it('exports the namespace under CommonJS', () => {
    const module = { exports: {} as any };
    const dom = new JSDOM('<!doctype html>', { runScripts: 'outside-only', url: 'https://host.example/' });
    const w = dom.window as any;
    w.module = module;
    w.eval(readFileSync(files.full, 'utf8'));
    expect(Object.keys(module.exports)).toContain('Report');
  });
});
