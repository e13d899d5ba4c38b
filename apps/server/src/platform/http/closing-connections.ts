import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` finish once the requests in flight are answered. Node's server closes the keep-alive connections
 * it counts as idle when it starts closing, then waits for the others: a connection busy at that moment by Node's
 * count (a request in flight, or an answer whose last bytes are still leaving) stayed open after its answer until the
 * client or Fastify's keep-alive timeout (72 s) ended it, past the 30 s shutdown limit of server.ts. So this keeps its
 * own count of the answer each connection is writing: when closing begins, a connection with none is ended, an answer
 * not yet started says `Connection: close` (Node then ends its connection), and a connection whose answer is under way
 * is ended once that answer is sent. A request that arrives after that is answered the same way.
 */
export function registerClosingConnections(app: FastifyInstance) {
  const answering = new Map<Socket, ServerResponse>();
  const connections = new Set<Socket>();
  let closing = false;
  app.server.on('request', (request, response) => {
    const socket = request.socket;
    if (!connections.has(socket)) {
      connections.add(socket);
      socket.once('close', () => {
        connections.delete(socket);
        answering.delete(socket);
      });
    }
    if (closing) response.shouldKeepAlive = false;
    answering.set(socket, response);
    // 'close' comes once the answer is sent (after 'finish') or its connection is gone: one listener per request.
    response.once('close', () => {
      if (answering.get(socket) === response) answering.delete(socket);
      if (closing) socket.end();
    });
  });
  app.addHook('preClose', (next) => {
    closing = true;
    for (const socket of connections) {
      const response = answering.get(socket);
      if (!response) socket.end();
      else if (!response.headersSent) response.shouldKeepAlive = false;
    }
    next();
  });
}
