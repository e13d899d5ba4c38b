import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerClosingConnections } from '../closing-connections.js';

const folder = mkdtempSync(join(tmpdir(), 'portal-closing-'));
const file = join(folder, 'order-form.txt');
writeFileSync(file, 'signed order form');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A server with a slow answer and a file download, as the app answers them; its address. */
async function server() {
  const app = Fastify();
  registerClosingConnections(app);
  let answer = () => {};
  const held = new Promise<void>((done) => {
    answer = done;
  });
  let arrived = () => {};
  /** Settles when a request for /slow has reached its handler. */
  const reached = new Promise<void>((done) => {
    arrived = done;
  });
  app.get('/slow', async () => {
    arrived();
    await held;
    return { ok: true };
  });
  app.get('/download', async (_request, reply) =>
    reply.header('content-length', '17').header('content-type', 'text/plain').send(createReadStream(file)),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, answer, reached };
}

/** Milliseconds until `closing` settles, or null when it has not after `limit` ms (Fastify's keep-alive timeout is 72 s). */
async function settlesWithin(closing: Promise<unknown>, limit: number): Promise<number | null> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    closing.then(() => Date.now() - started),
    new Promise<null>((done) => {
      timer = setTimeout(() => done(null), limit);
    }),
  ]);
  clearTimeout(timer);
  return result;
}

describe('closing with keep-alive connections (graceful shutdown)', () => {
  it('answers the request in flight with Connection: close and finishes closing at once', async () => {
    const { app, url, answer, reached } = await server();
    // fetch keeps its connection alive, as a browser does. The close begins once the request is in the handler (a
    // fixed wait was not always enough on a loaded machine: the request then arrived after the close and got a 503).
    const inFlight = fetch(`${url}/slow`);
    await reached;
    const closing = app.close();
    // The close has begun (the server stops listening after the preClose hooks) when the answer is given.
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    answer();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('connection')).toBe('close');
    expect(await settlesWithin(closing, 10_000)).not.toBeNull();
  });

  it('finishes closing after a download whose last bytes left as the close began', async () => {
    const { app, url } = await server();
    // The client has all the bytes the length announced before the server's stream has ended: closing now finds the
    // connection still busy (it waited for the keep-alive timeout before).
    const response = await fetch(`${url}/download`);
    expect(await response.text()).toBe('signed order form');
    expect(await settlesWithin(app.close(), 10_000)).not.toBeNull();
  });

  it('finishes closing after an answer that was sent just before the close began', async () => {
    const { app, url, answer } = await server();
    answer();
    const response = await fetch(`${url}/slow`);
    const closing = app.close();
    expect(await response.json()).toEqual({ ok: true });
    expect(await settlesWithin(closing, 10_000)).not.toBeNull();
  });

  it('keeps connections alive while the server is not closing', async () => {
    const { app, url, answer } = await server();
    answer();
    const response = await fetch(`${url}/slow`);
    await response.text();
    expect(response.headers.get('connection')).toBe('keep-alive');
    await app.close();
  });
});
