import type { IRequestHandler, MessageProxy } from './message-proxy.js';
import type { IMessageHeaders, IMessageOrigin, IRequestMessage, IResponseMessage } from './types.js';

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

const parseQuery = (query: string): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const [key, value = ''] = pair.split('=');
    params[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return params;
};

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
    // Matched like powerbi-client's router: a leading '/' is implied and one trailing '/' is ignored.
    const [rawPath, ...rest] = message.url.split('?');
    let path = rawPath.charAt(0) === '/' ? rawPath : `/${rawPath}`;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const query = rest.join('?');
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
      void this.run(route, request, response, message, query);
      return true;
    }
    return false;
  }

  private async run(
    route: Route,
    request: IRouteRequest,
    response: RouteResponse,
    message: IRequestMessage,
    query: string,
  ): Promise<void> {
    const source = request.from.source as Window | null;
    const canAnswer = !!source && typeof (source as Window).postMessage === 'function';
    let pending: void | Promise<void>;
    try {
      pending = route.handler(request, response);
    } catch {
      // A handler that throws (e.g. pageChanged without newPage) gets the answer powerbi-client's proxy
      // gives: no status, a warning that quotes the request with its route and query parameters.
      if (!canAnswer) return;
      const quoted = { ...message, params: request.params, queryParams: parseQuery(query) };
      const warning = `Handler for message: ${JSON.stringify(quoted, null, '  ')} did not return a response message. The default response message will be returned instead.`;
      const headers: IMessageHeaders = {};
      if (message.headers?.id !== undefined) headers.id = message.headers.id;
      this.proxy.sendResponse(source as Window, { warning, headers } as unknown as IResponseMessage, request.from.origin);
      return;
    }
    // An asynchronous failure leaves the request unanswered, as in the reference.
    await pending;
    if (response.isDeclined || !canAnswer) return;
    const headers: IMessageHeaders = { ...response.headers };
    if (request.headers.id !== undefined) headers.id = request.headers.id;
    this.proxy.sendResponse(
      source as Window,
      { statusCode: response.statusCode, headers, body: response.body },
      request.from.origin,
    );
  }

  private add(method: string, path: string, handler: RouteHandler): this {
    const { pattern, keys } = compile(path);
    this.routes.push({ method, pattern, keys, handler });
    return this;
  }
}
