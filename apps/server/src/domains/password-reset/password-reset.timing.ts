import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { REQUEST_MIN_MILLISECONDS } from './password-reset.rules.js';

const PATH = '/api/op/RequestPasswordReset';
const started = new WeakMap<object, number>();

/**
 * [M8.10] RequestPasswordReset answers no sooner than REQUEST_MIN_MILLISECONDS after it arrived, whatever happened,
 * so timing does not tell whether a user matched. The wait is after the transaction, holding no connection.
 */
export function registerResetTiming(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.url.split('?')[0] === PATH) started.set(request, performance.now());
  });
  app.addHook('onSend', async (request) => {
    const at = started.get(request);
    if (at === undefined) return;
    const remaining = REQUEST_MIN_MILLISECONDS - (performance.now() - at);
    if (remaining > 0) await sleep(remaining);
  });
}
