import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newProfile, type RequestProfile, runWithProfile, serverTimingHeader } from '../db/query-stats.js';

/**
 * Profiles every request (its statements, round trips and named phases, see query-stats.ts) and answers them in
 * a Server-Timing header. Off unless `AppOptions.serverTiming` asks (bench/, tests): it tells the client how the
 * server spends its time.
 */
export function registerServerTiming(app: FastifyInstance) {
  const profiles = new WeakMap<FastifyRequest, RequestProfile>();
  app.addHook('onRequest', (request, _reply, done) => {
    const profile = newProfile();
    profiles.set(request, profile);
    runWithProfile(profile, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    const profile = profiles.get(request);
    if (profile) reply.header('server-timing', serverTimingHeader(profile));
  });
}
