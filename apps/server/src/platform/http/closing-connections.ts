import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish once the requests in flight are answered. Node's server closes the keep-alive connections
 * that are idle when it starts closing, then waits for the others: a connection busy at that moment (a request in
 * flight, or a download whose last bytes are still leaving) stays open after its answer until the client or Fastify's
 * keep-alive timeout (72 s) ends it, past the 30 s shutdown limit of server.ts. So while closing, every answer says
 * `Connection: close`, and once an answer has gone the connections idle by then are closed too.
 */
export function registerClosingConnections(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After Node's own bookkeeping of the finished answer, which marks its connection idle.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
