import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';

// A built web app in miniature: index.html, a hashed script and its source map.
const INDEX = `<!doctype html><title>portal</title><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>${' '.repeat(2000)}`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(1000))};\n//# sourceMappingURL=index-AbC123.js.map\n`;
const TEXTS = JSON.stringify({ app: { name: 'Cloud portal '.repeat(200) } });
const MAP = JSON.stringify({ version: 3, sources: ['../src/main.tsx'], mappings: 'AAAA' });
// A script the build wrote compressed beside it (apps/web/precompress.ts). The copies hold other text than the file,
// so an answer shows which one was sent.
const BUILT = `export const built = ${JSON.stringify('plain '.repeat(500))};\n`;
const BUILT_BR = brotliCompressSync(`${BUILT}// the build's brotli copy\n`);
const BUILT_GZ = gzipSync(`${BUILT}// the build's gzip copy\n`);

let webDist: string;

/** A raw GET (fetch would decompress on its own): status, headers and the body bytes as sent. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.map'), MAP);
  writeFileSync(join(webDist, 'assets', 'en-AbC123.json'), TEXTS);
  writeFileSync(join(webDist, 'assets', 'built-XyZ789.js'), BUILT);
  writeFileSync(join(webDist, 'assets', 'built-XyZ789.js.br'), BUILT_BR);
  writeFileSync(join(webDist, 'assets', 'built-XyZ789.js.gz'), BUILT_GZ);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.map.br'), brotliCompressSync(MAP));
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the built web app as the server sends it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => t.close());

  it('caches a hashed asset for good', async () => {
    const response = await get(`${t.url}/assets/index-AbC123.js`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it('has the browser check index.html with the server on every load', async () => {
    for (const path of ['/', '/index.html', '/v/']) {
      const response = await get(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.body.toString(), path).toBe(INDEX);
    }
  });

  it('refuses source maps by default', async () => {
    const response = await get(`${t.url}/assets/index-AbC123.js.map`);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('sources');
  });

  it('compresses JavaScript, HTML and JSON with brotli or gzip, as the client asks', async () => {
    const br = await get(`${t.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await get(`${t.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const html = await get(`${t.url}/`, { 'accept-encoding': 'gzip' });
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString()).toBe(INDEX);

    const json = await get(`${t.url}/assets/en-AbC123.json`, { 'accept-encoding': 'br' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(json.body).toString()).toBe(TEXTS);

    const plain = await get(`${t.url}/assets/index-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("sends the build's compressed copy of a file as it is, to a browser that accepts its encoding", async () => {
    const plain = await get(`${t.url}/assets/built-XyZ789.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUILT);

    const br = await get(`${t.url}/assets/built-XyZ789.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Buffer.compare(br.body, BUILT_BR)).toBe(0);

    const gzip = await get(`${t.url}/assets/built-XyZ789.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe(plain.headers['content-type']);
    expect(Buffer.compare(gzip.body, BUILT_GZ)).toBe(0);
  });

  it('refuses a source map by default even when a compressed copy lies beside it', async () => {
    const response = await get(`${t.url}/assets/index-AbC123.js.map`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the built web app when the operator asks for source maps (SERVE_SOURCE_MAPS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webDist, app: { serveSourceMaps: true } });
  });
  afterAll(async () => t.close());

  it('serves them', async () => {
    const response = await get(`${t.url}/assets/index-AbC123.js.map`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(MAP);
  });
});
