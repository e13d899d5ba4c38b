import type { FastifyServerOptions } from 'fastify';

/** Whether an error only says the client went away before the answer was written out. */
export function isClientAbort(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as { code?: unknown }).code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || /^premature close$/i.test(value.message);
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * A browser that leaves a page while a compressed answer is still streaming closes the connection; @fastify/compress
 * then logs the broken stream at error level. That is routine, not a fault of the server: such entries are logged at
 * debug level instead, so the error log keeps meaning something. Any other entry is logged unchanged.
 */
export function quietClientAborts(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  if (typeof options !== 'object' || 'child' in options) return logger;
  return {
    ...options,
    hooks: {
      ...(options as { hooks?: object }).hooks,
      logMethod(
        this: { debug: (...args: unknown[]) => void },
        args: unknown[],
        method: (...args: unknown[]) => void,
        level: number,
      ) {
        if (level >= 50 && isClientAbort(args[0])) return this.debug(...args);
        return method.apply(this, args);
      },
    },
  } as LoggerOption;
}
