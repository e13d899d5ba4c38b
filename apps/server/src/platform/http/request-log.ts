import { LogController } from 'fastify';

/**
 * One log line per request (decision 0068), where Fastify writes two ("incoming request" when it arrives and "request
 * completed" when it is answered): the line written when the answer is sent carries the request too (method, url,
 * host, client address and port), its status and response time, and the request's `reqId` as every line does. At the
 * default level (`info`) a request thus costs one JSON line and one write instead of two. Errors are logged as before
 * ("request errored", the error handler's lines, a stream that broke), and so is a request refused while the server
 * is closing.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    const [error, request, reply] = args;
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(...args);
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
