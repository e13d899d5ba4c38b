import {
  type IMessageOrigin,
  type IRequestMessage,
  type IResponseMessage,
  isRequestMessage,
  isResponseMessage,
} from './types.js';

/** Handles incoming requests (not responses). Returns true when it took the message. */
export interface IRequestHandler {
  handle(message: IRequestMessage, from: IMessageOrigin): boolean;
}

interface PendingRequest {
  resolve: (response: IResponseMessage) => void;
  reject: (response: IResponseMessage) => void;
  targetWindow: Window;
}

export interface IMessageProxyOptions {
  /** Name used in log lines. */
  name?: string;
  /** Log every message sent and received to the console. */
  logMessages?: boolean;
  /** Window to listen on (defaults to the global window). */
  receiveWindow?: Window;
  /** Works out the origin to post to for a target window; '*' only when nothing better is known. */
  resolveTargetOrigin?: (targetWindow: Window) => string;
}

let idCounter = 0;
const newTrackingId = (): string =>
  `${Date.now().toString(36)}${(idCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Request/response over `window.postMessage`: gives every outgoing request a tracking id (`headers.id`),
 * matches responses by id and by the window they came from, and hands requests to the registered handlers.
 *
 * @example
 * const proxy = new MessageProxy({ name: 'host' });
 * const response = await proxy.postMessage(iframe.contentWindow!, { method: 'GET', url: '/report/pages', headers: {} });
 */
export class MessageProxy {
  readonly name: string;
  private readonly isLogging: boolean;
  private readonly receiveWindow: Window;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly handlers: IRequestHandler[] = [];
  private resolveTargetOrigin: (targetWindow: Window) => string;
  private readonly listener = (event: MessageEvent): void => this.onMessage(event);
  private isListening = false;

  constructor(options: IMessageProxyOptions = {}) {
    this.name = options.name ?? 'HostProxy';
    this.isLogging = !!options.logMessages;
    this.receiveWindow = options.receiveWindow ?? window;
    this.resolveTargetOrigin = options.resolveTargetOrigin ?? (() => '*');
    this.start();
  }

  /**
   * Starts listening for messages.
   * @example proxy.start();
   */
  start(): void {
    if (this.isListening) return;
    this.receiveWindow.addEventListener('message', this.listener);
    this.isListening = true;
  }

  /**
   * Stops listening; pending requests stay pending.
   * @example proxy.stop();
   */
  stop(): void {
    if (!this.isListening) return;
    this.receiveWindow.removeEventListener('message', this.listener);
    this.isListening = false;
  }

  /**
   * Replaces the function that picks the origin to post to for a target window.
   * @example proxy.setTargetOriginResolver(resolver);
   */
  setTargetOriginResolver(resolver: (targetWindow: Window) => string): void {
    this.resolveTargetOrigin = resolver;
  }

  /**
   * Registers a handler for incoming requests.
   * @example proxy.addHandler(handler);
   */
  addHandler(handler: IRequestHandler): void {
    this.handlers.push(handler);
  }

  /** Number of requests waiting for a response. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Drops pending requests sent to a window (used when its frame is removed).
   * @example proxy.forgetWindow(targetWindow);
   */
  forgetWindow(targetWindow: Window | null): void {
    for (const [id, request] of this.pending) {
      if (request.targetWindow === targetWindow) this.pending.delete(id);
    }
  }

  /**
   * Posts a request and resolves with the matching response (rejects on a status of 400 or more).
   * @example await proxy.postMessage(targetWindow, message);
   */
  postMessage<T = unknown>(targetWindow: Window, message: IRequestMessage): Promise<IResponseMessage<T>> {
    const id = newTrackingId();
    message.headers = { ...message.headers, id };
    return new Promise<IResponseMessage<T>>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (response: IResponseMessage) => void,
        reject: reject as (response: IResponseMessage) => void,
        targetWindow,
      });
      this.log('send', message);
      targetWindow.postMessage(message, this.resolveTargetOrigin(targetWindow));
    });
  }

  /**
   * Posts a response to a request that came from `targetWindow`.
   * @example proxy.sendResponse(targetWindow, response, origin);
   */
  sendResponse(targetWindow: Window, response: IResponseMessage, origin: string): void {
    this.log('respond', response);
    targetWindow.postMessage(response, origin && origin !== 'null' ? origin : this.resolveTargetOrigin(targetWindow));
  }

  private onMessage(event: MessageEvent): void {
    // Like powerbi-client's proxy, a message that has no source window is ignored.
    if (!event.source) return;
    const data: unknown = event.data;
    if (isResponseMessage(data)) {
      const id = data.headers?.id;
      const request = typeof id === 'string' ? this.pending.get(id) : undefined;
      if (!request) return;
      if (event.source && event.source !== request.targetWindow) return;
      this.pending.delete(id as string);
      this.log('receive', data);
      if (data.statusCode >= 400) request.reject(data);
      else request.resolve(data);
      return;
    }
    if (isRequestMessage(data)) {
      this.log('receive', data);
      for (const handler of this.handlers) {
        if (handler.handle(data, { source: event.source, origin: event.origin })) return;
      }
    }
  }

  private log(action: string, message: unknown): void {
    if (this.isLogging) console.log(`${this.name} ${action}:`, JSON.stringify(message, null, 2));
  }
}
