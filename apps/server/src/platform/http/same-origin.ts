import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from './error-handler.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host of an Origin or Referer header, or null for an opaque ('null') or malformed one. */
function hostOf(value: string): string | null {
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may be a cross-site forgery. Browsers send Origin on every cross-origin POST
 * and Sec-Fetch-Site on every request, so a request from another site (or a sibling subdomain, which SameSite=Lax
 * cookies do not stop) always shows itself. Requests with neither header come from non-browser clients, which
 * cannot ride on a victim's cookies.
 */
export function isCrossSite(request: Pick<FastifyRequest, 'headers' | 'method'>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin === 'string') return hostOf(origin) !== request.headers.host;
  const referer = request.headers.referer;
  if (typeof referer === 'string') return hostOf(referer) !== request.headers.host;
  return false;
}

/** Refuses every state-changing request that comes from another site (CSRF), on every route. */
export function registerSameOriginGuard(app: FastifyInstance) {
  // A callback hook (no promise per request): a refusal answers at once and the request goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    if (isCrossSite(request)) {
      sendProblem(reply, request, { status: 403, code: 'FORBIDDEN', detail: 'Cross-origin requests are not allowed' });
      return;
    }
    done();
  });
}
