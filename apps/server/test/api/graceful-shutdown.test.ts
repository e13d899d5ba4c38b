import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 14: SIGTERM stops accepting, finishes the requests in flight (and running jobs), then exits 0.
// The server runs as its own process, as in production, on an embedded database of its own.
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
let child: ChildProcess | null = null;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `src/server.ts` on a free loopback port; resolves with its address once it listens. */
function startServer(): Promise<{ url: string; exited: Promise<number | null>; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  const exited = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    // It compiles its source with tsx and migrates a new database first: beside the browser tests, at low priority on
    // a loaded machine, that took over 90 s. What this test measures starts after it listens.
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done({ url: match[1], exited, output: () => output });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    void exited.then((code) => fail(new Error(`the server exited with ${code} before listening:\n${output}`)));
  });
}

/**
 * POSTs JSON on a keep-alive connection of its own, as a browser does (the server must not wait for that connection
 * after answering: it did, up to the keep-alive timeout, past the 30 s shutdown limit); `sent` resolves once the whole
 * request is written to the socket.
 */
function postSlowly(url: string, body: unknown): { slow: Promise<{ status: number }>; sent: Promise<void> } {
  const payload = JSON.stringify(body);
  let markSent = () => {};
  const sent = new Promise<void>((done) => {
    markSent = done;
  });
  const slow = new Promise<{ status: number }>((done, fail) => {
    const req = request(url, {
      method: 'POST',
      agent: new Agent({ keepAlive: true }),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0 }));
    });
    req.on('error', fail);
    req.on('finish', () => markSent());
    req.end(payload);
  });
  return { slow, sent };
}

describe('graceful shutdown (issue 14)', () => {
  it('on SIGTERM answers the request in flight, refuses new connections and exits 0', async () => {
    const server = await startServer();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // RequestPasswordReset always takes at least 400 ms: a slow request still running when the signal arrives. The
    // signal goes once the whole request is written and the server has had 250 ms to start on it: a fixed 150 ms from
    // the start was, on a machine at load 7, sometimes before the server had read the request (then 503, rightly).
    const startedAt = Date.now();
    const { slow, sent } = postSlowly(`${server.url}/api/op/RequestPasswordReset`, { Username: 'nobody.here' });
    await sent;
    await new Promise((r) => setTimeout(r, 250));
    child?.kill('SIGTERM');
    const answer = await slow;
    const answeredAfter = Date.now() - startedAt;
    await new Promise((r) => setTimeout(r, 50));
    const late = await fetch(`${server.url}/healthz`).then(
      (res) => res.status,
      () => 'refused',
    );
    const code = await server.exited;

    expect(answer.status).toBe(200);
    expect(answeredAfter).toBeGreaterThanOrEqual(400);
    expect(['refused', 503]).toContain(late);
    // 1 when it gave up after 30 s, waiting for the answered request's kept-alive connection (so before 2026-11-29).
    expect(code).toBe(0);
    expect(server.output()).toContain('shutting down: finishing in-flight requests and running jobs');
  }, 300_000);
});
