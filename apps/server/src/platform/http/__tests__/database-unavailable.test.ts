import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../error-handler.js';

/** A little app whose only route fails the way a query fails once the reconnect wait is over. */
async function appFailingWith(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/work', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('a database outage (issue 14, decision 0034)', () => {
  const failures: [string, Error][] = [
    ['the server refuses connections', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'the server is shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['the connection broke mid-transaction', Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' })],
    [
      'the failure is the cause of another error',
      new Error('could not read the session', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    ],
  ];
  for (const [when, error] of failures) {
    it(`answers 503 DATABASE_UNAVAILABLE with Retry-After, not 500, when ${when}`, async () => {
      const app = await appFailingWith(error);
      const res = await app.inject({ method: 'GET', url: '/work' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        detail: expect.stringMatching(/database is unavailable/),
      });
      await app.close();
    });
  }

  it('still answers 500 INTERNAL for any other failure', async () => {
    const app = await appFailingWith(Object.assign(new Error('division by zero'), { code: '22012' }));
    const res = await app.inject({ method: 'GET', url: '/work' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    await app.close();
  });
});
