import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../error-handler.js';
import { OneLinePerRequest } from '../request-log.js';

/** A little app logging at info into memory, with the portal's request log and error handler. */
async function loggingApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
  registerErrorHandler(app);
  app.post('/work', async () => ({ ok: true }));
  app.get('/fail', async () => {
    throw new Error('division by zero');
  });
  await app.ready();
  return { app, lines };
}

describe('the request log (decision 0068)', () => {
  it('writes one line per request, with the request, its status and its time', async () => {
    const { app, lines } = await loggingApp();
    const res = await app.inject({ method: 'POST', url: '/work?x=1', payload: {} });
    expect(res.statusCode).toBe(200);
    const ofRequest = lines.filter((l) => l.reqId !== undefined);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'POST', url: '/work?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    await app.close();
  });

  it('still logs a failure at error level, and the request with it', async () => {
    const { app, lines } = await loggingApp();
    const res = await app.inject({ method: 'GET', url: '/fail' });
    expect(res.statusCode).toBe(500);
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ level: 50, err: { message: 'division by zero' } });
    expect(lines.filter((l) => l.reqId === failed?.reqId).map((l) => l.msg)).toEqual(['request failed', 'request completed']);
    expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
      req: { method: 'GET', url: '/fail' },
      res: { statusCode: 500 },
    });
    await app.close();
  });
});
