import type { Problem } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isConnectionError } from '../db/db.js';
import { DomainError } from '../errors/domain-error.js';

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** The database could not be reached, even after the reconnect wait (decision 0034): the request itself was fine. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isConnectionError(e)) return true;
  }
  return false;
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation error',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: Omit<Problem, 'type' | 'title' | 'requestId'> & { title?: string },
) {
  const body: Problem = {
    type: 'about:blank',
    title: problem.title ?? TITLES[problem.status] ?? 'Error',
    requestId: request.id,
    ...problem,
  };
  return reply.status(problem.status).type('application/problem+json').send(body);
}

/** Turns zod issues into field errors with dotted paths. */
export function zodFieldErrors(error: ZodError, prefix = '') {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)',
    message: issue.message,
  }));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) {
      // A throttled caller is told how long to wait (sign-in throttling).
      if (typeof error.extra.retryAfter === 'number') reply.header('retry-after', String(error.extra.retryAfter));
      return sendProblem(reply, request, {
        status: error.status,
        code: error.code,
        detail: error.message,
        ...(error.fields.length ? { errors: error.fields } : {}),
        ...error.extra,
      });
    }
    if (error instanceof ZodError) {
      return sendProblem(reply, request, {
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'One or more validation errors present',
        errors: zodFieldErrors(error),
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database is unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(reply, request, {
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        detail: 'The database is unavailable at the moment. Try again in a few seconds.',
      });
    }
    // The client went away before a streamed answer (a compressed one, a file) was sent: there is nobody to answer
    // and nothing wrong on our side. Logged as Fastify logs a stream closed early, not as a failure.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.socket?.destroyed) {
      request.log.info({ err: error }, 'stream closed prematurely');
      return;
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, request, {
        status,
        code: 'INTERNAL',
        detail: 'Something went wrong on our side. Try again.',
      });
    }
    return sendProblem(reply, request, {
      status,
      code: status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST',
      detail: error.message,
    });
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, {
      status: 404,
      code: 'NOT_FOUND',
      detail: `No route ${request.method} ${request.url}`,
    }),
  );
}
