import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { ApiClient } from '../factories/client.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body bytes as sent (fetch would decompress on its own). */
  body: Buffer;
}

/** A raw POST of an operation with the given request headers. */
function op(baseUrl: string, name: string, input: unknown, headers: Record<string, string>) {
  const payload = JSON.stringify(input);
  return new Promise<RawResponse>((resolve, reject) => {
    request(
      `${baseUrl}/api/op/${name}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    )
      .on('error', reject)
      .end(payload);
  });
}

describe('JSON answers of the API', () => {
  let t: TestApp;
  let cookie: string;
  let providerId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db);
    const admin = await new ApiClient(t.url).signIn('provider.admin', DEMO_PASSWORD);
    cookie = admin.cookie ?? '';
    const [provider] = await t.db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Provider' LIMIT 1");
    providerId = provider?.id ?? 0;
  }, 180_000);
  afterAll(async () => t.close());

  const list = (limit: number, acceptEncoding?: string) =>
    op(
      t.url,
      'ListAccountSubtree',
      { id: providerId, limit },
      { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    );

  it('a large answer (100 rows) comes back gzip when the client asks for gzip, and decodes to the same JSON', async () => {
    const plain = await list(100);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body.toString());
    expect(expected.Items).toHaveLength(100);

    const gzip = await list(100, 'gzip');
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(expected);
  });

  it('a large answer comes back brotli when the client prefers it, as a browser asks', async () => {
    const plain = JSON.parse((await list(100)).body.toString());
    const br = await list(100, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(plain);
  });

  it('a small answer (under 1 KiB) is sent uncompressed even when the client accepts gzip', async () => {
    const small = await list(1, 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).Items).toHaveLength(1);
  });

  it('an error answer (problem JSON) stays readable, compressed only when large', async () => {
    const denied = await op(t.url, 'ListAccountSubtree', { id: providerId, limit: 100 }, { 'accept-encoding': 'gzip' });
    expect(denied.status).toBe(401);
    expect(denied.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(denied.body.toString())).toMatchObject({ status: 401 });
  });
});
