import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdProfiling, newProfile, type RequestProfile, runWithProfile, serverTimingHeader } from '../db/query-stats.js';

/**
 * Profiles every request (its statements, round trips and named phases, see query-stats.ts) and answers them in
 * a Server-Timing header. Off unless `AppOptions.serverTiming` asks (bench/, tests): it tells the client how the
 * server spends its time. Profiling is let go of when the server closes (`holdProfiling`), so that a server built
 * afterwards in the same process without it (bench/run.ts's throughput runs) does not pay for it.
 */
export function registerServerTiming(app: FastifyInstance) {
  const profiles = new WeakMap<FastifyRequest, RequestProfile>();
  const release = holdProfiling();
  app.addHook('onClose', async () => release());
  app.addHook('onRequest', (request, _reply, done) => {
    const profile = newProfile();
    profiles.set(request, profile);
    runWithProfile(profile, () => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const profile = profiles.get(request);
    if (profile) reply.header('server-timing', serverTimingHeader(profile));
    done(null, payload);
  });
}
