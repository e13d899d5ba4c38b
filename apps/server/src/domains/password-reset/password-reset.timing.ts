import type { FastifyInstance } from 'fastify';
import { REQUEST_MIN_MILLISECONDS } from './password-reset.rules.js';

const PATH = '/api/op/RequestPasswordReset';
const started = new WeakMap<object, number>();

/**
 * [M8.10] RequestPasswordReset answers no sooner than REQUEST_MIN_MILLISECONDS after it arrived, whatever happened,
 * so timing does not tell whether a user matched. The wait is after the transaction, holding no connection.
 */
export function registerResetTiming(app: FastifyInstance) {
  // Callback hooks: every other request passes them without a promise or a timer.
  app.addHook('onRequest', (request, _reply, done) => {
    const { url } = request;
    if (url.startsWith(PATH) && (url.length === PATH.length || url[PATH.length] === '?')) started.set(request, performance.now());
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const at = started.get(request);
    const remaining = at === undefined ? 0 : REQUEST_MIN_MILLISECONDS - (performance.now() - at);
    if (remaining > 0) setTimeout(() => done(null, payload), remaining);
    else done(null, payload);
  });
}
