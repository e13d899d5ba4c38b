/** A request as the embedding library posts it (powerbi-client's wire format). */
export interface Request {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
}

export interface Reply {
  statusCode: number;
  body?: unknown;
}

export type Handler = (request: Request, params: Record<string, string>) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** The parent's origin as far as the frame can tell before any message: ancestorOrigins, else the referrer. */
export function initialParentOrigin(loc: Location, referrer: string): string | null {
  const ancestors = (loc as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  if (referrer) {
    try {
      return new URL(referrer).origin;
    } catch {
      return null;
    }
  }
  return null;
}

let counter = 0;
const newId = () => `host-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * The frame's side of the message protocol. It answers only the parent window, on the parent's
 * origin (known from ancestorOrigins or the referrer, else fixed by the first message), and never
 * posts to '*'. Messages from any other window or origin are ignored.
 */
export class Channel {
  private readonly routes: Route[] = [];
  private parentOrigin: string | null;

  constructor(
    self: Window,
    private readonly parent: Window,
    parentOrigin: string | null,
  ) {
    this.parentOrigin = parentOrigin;
    self.addEventListener('message', (event) => void this.onMessage(event));
  }

  get origin() {
    return this.parentOrigin;
  }

  on(method: string, path: string, handler: Handler): this {
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
    this.routes.push({ method, pattern: new RegExp(`^${source}$`, 'i'), keys, handler });
    return this;
  }

  /** Posts an event to the library: POST /reports/{uid}/events/{name}. */
  emit(uid: string, name: string, value: unknown = null) {
    this.post({ method: 'POST', url: `/reports/${uid}/events/${name}`, headers: { id: newId() }, body: value });
  }

  /** Posts an event request to any event URL of the protocol (e.g. /qna/{uid}/events/error). */
  emitTo(url: string, value: unknown = null) {
    this.post({ method: 'POST', url, headers: { id: newId() }, body: value });
  }

  private post(message: unknown) {
    if (!this.parentOrigin) return;
    this.parent.postMessage(message, this.parentOrigin);
  }

  private async onMessage(event: MessageEvent) {
    if (event.source !== this.parent) return;
    if (this.parentOrigin === null) {
      if (!event.origin || event.origin === 'null') return;
      this.parentOrigin = event.origin;
    } else if (event.origin !== this.parentOrigin) {
      return;
    }
    const data = event.data as Partial<Request> & { statusCode?: unknown };
    if (!data || typeof data !== 'object') return;
    // Responses to our events carry a statusCode: nothing waits for them.
    if (typeof data.statusCode === 'number') return;
    if (typeof data.method !== 'string' || typeof data.url !== 'string') return;
    const request: Request = { method: data.method, url: data.url, headers: data.headers ?? {}, body: data.body };
    const id = request.headers.id;
    const path = request.url.split('?')[0] ?? '';
    let reply: Reply = { statusCode: 404, body: { message: `No route for ${request.method} ${path}` } };
    for (const route of this.routes) {
      if (route.method !== request.method.toUpperCase()) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(match[i + 1] ?? '');
      });
      try {
        reply = await route.handler(request, params);
      } catch (error) {
        reply = { statusCode: 500, body: { message: error instanceof Error ? error.message : String(error) } };
      }
      break;
    }
    this.post({ statusCode: reply.statusCode, headers: { id }, body: reply.body ?? null });
  }
}
