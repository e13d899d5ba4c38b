import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { buildTestApp } from '../build-test-app.js';

// The test harness itself (decision 0064): an API file's `afterAll` closes its app, and a response a test left unread
// must not keep that close waiting. Before 2026-11-27 such a close waited until garbage collection happened to cancel
// the unread body, which on a loaded machine was after the hook's 60 s limit.
it('closes the app at once while a response it sent is still unread', async () => {
  const app = await buildTestApp();
  // The API reference, compressed as fetch asks (gzip, chunked): left unread, its answer never finishes, so its
  // connection stays busy.
  const res = await fetch(`${app.url}/api/docs`);
  expect(res.status).toBe(200);

  const outcome = await Promise.race([app.close().then(() => 'closed'), delay(15_000).then(() => 'still open')]);

  expect(outcome).toBe('closed');
});
