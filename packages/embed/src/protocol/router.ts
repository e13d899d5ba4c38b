import type { IRequestHandler, MessageProxy } from './message-proxy.js';
import type { IMessageHeaders, IMessageOrigin, IRequestMessage } from './types.js';

/** An incoming request with its route parameters. */
export interface IRouteRequest<T = unknown> {
  method: string;
  url: string;
  headers: IMessageHeaders;
  body: T;
  params: Record<string, string>;
  from: IMessageOrigin;
}

/**
 * The reply being built for an incoming request.
 * @example const instance = new RouteResponse();
 */
export class RouteResponse {
  statusCode = 200;
  headers: IMessageHeaders = {};
  body: unknown = null;
  /** True when the handler decided the request is not for this receiver; nothing is posted back. */
  isDeclined = false;
  /**
   * Leaves the request unanswered (it belongs to another receiver or came from an unexpected origin).
   * @example res.decline();
   */
  decline(): void {
    this.isDeclined = true;
  }
  /**
   * Sets the status and body of the reply.
   * @example res.send(statusCode, body);
   */
  send(statusCode: number, body?: unknown): void {
    this.statusCode = statusCode;
    this.body = body === undefined ? null : body;
  }
}

export type RouteHandler = (request: IRouteRequest, response: RouteResponse) => void | Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
}

const compile = (path: string): { pattern: RegExp; keys: string[] } => {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), keys };
};

/**
 * Routes incoming requests (`POST /reports/:uniqueId/events/:eventName` and so on) to handlers and
 * answers the window that sent them, on its own origin.
 *
 * @example
 * const router = new Router(proxy);
 * router.post('/reports/:uniqueId/events/:eventName', (req, res) => { handle(req.params); res.send(202); });
 */
export class Router implements IRequestHandler {
  private readonly routes: Route[] = [];

  constructor(private readonly proxy: MessageProxy) {
    proxy.addHandler(this);
  }

  /** @example router.get(path, handler); */
  get(path: string, handler: RouteHandler): this {
    return this.add('GET', path, handler);
  }
  /** @example router.post(path, handler); */
  post(path: string, handler: RouteHandler): this {
    return this.add('POST', path, handler);
  }
  /** @example router.put(path, handler); */
  put(path: string, handler: RouteHandler): this {
    return this.add('PUT', path, handler);
  }
  /** @example router.patch(path, handler); */
  patch(path: string, handler: RouteHandler): this {
    return this.add('PATCH', path, handler);
  }
  /** @example router.delete(path, handler); */
  delete(path: string, handler: RouteHandler): this {
    return this.add('DELETE', path, handler);
  }

  /**
   * Handles a request if a route matches; returns whether one did.
   * @example router.handle(message, from);
   */
  handle(message: IRequestMessage, from: IMessageOrigin): boolean {
    const path = message.url.split('?')[0];
    for (const route of this.routes) {
      if (route.method !== message.method.toUpperCase()) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => {
        params[key] = decodeURIComponent(match[index + 1]);
      });
      const request: IRouteRequest = {
        method: message.method,
        url: message.url,
        headers: message.headers ?? {},
        body: message.body,
        params,
        from,
      };
      const response = new RouteResponse();
      void this.run(route, request, response);
      return true;
    }
    return false;
  }

  private async run(route: Route, request: IRouteRequest, response: RouteResponse): Promise<void> {
    try {
      await route.handler(request, response);
    } catch (error) {
      response.send(500, error instanceof Error ? error.message : error);
    }
    if (response.isDeclined) return;
    const source = request.from.source as Window | null;
    if (!source || typeof (source as Window).postMessage !== 'function') return;
    const headers: IMessageHeaders = { ...response.headers };
    if (request.headers.id !== undefined) headers.id = request.headers.id;
    this.proxy.sendResponse(source, { statusCode: response.statusCode, headers, body: response.body }, request.from.origin);
  }

  private add(method: string, path: string, handler: RouteHandler): this {
    const { pattern, keys } = compile(path);
    this.routes.push({ method, pattern, keys, handler });
    return this;
  }
}
