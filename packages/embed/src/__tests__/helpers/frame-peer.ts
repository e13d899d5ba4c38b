/**
 * A fake embedded frame: records every message the host library posts to an iframe and answers like an
 * embedding host would (same protocol: headers.id echoed back, statusCode, body).
 */
export interface RecordedMessage {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
  targetOrigin: string;
}

export interface PeerReply {
  statusCode: number;
  body?: unknown;
}

export type Responder = (message: RecordedMessage) => PeerReply | 'silent' | undefined;

export interface FramePeer {
  messages: RecordedMessage[];
  responses: Array<{ statusCode: number; headers: Record<string, unknown>; body: unknown }>;
  /** Posts a request from the frame to the host window (an event or an event hook). */
  sendRequest(
    url: string,
    body?: unknown,
    options?: { method?: string; id?: string; origin?: string; source?: 'frame' | 'other' },
  ): void;
  /** Fires the iframe's load event. */
  fireLoad(): void;
  clear(): void;
}

export const DEFAULT_FRAME_ORIGIN = 'https://app.powerbi.com';

export function attachPeer(
  win: Window,
  iframe: HTMLIFrameElement,
  respond?: Responder,
  origin = DEFAULT_FRAME_ORIGIN,
): FramePeer {
  const frameWindow = iframe.contentWindow as Window;
  const messages: RecordedMessage[] = [];
  const responses: FramePeer['responses'] = [];
  const w = win as Window & typeof globalThis;
  (frameWindow as unknown as { postMessage: (m: unknown, o: string) => void }).postMessage = (
    message: unknown,
    targetOrigin: string,
  ) => {
    const data = JSON.parse(JSON.stringify(message));
    if (typeof data.statusCode === 'number') {
      responses.push(data);
      return;
    }
    const recorded: RecordedMessage = { ...data, targetOrigin };
    messages.push(recorded);
    const reply = respond?.(recorded) ?? { statusCode: 202, body: null };
    if (reply === 'silent') return;
    setTimeout(() => {
      const response = { statusCode: reply.statusCode, headers: { id: data.headers?.id }, body: reply.body ?? null };
      w.dispatchEvent(new w.MessageEvent('message', { data: response, origin, source: frameWindow }));
    }, 0);
  };
  return {
    messages,
    responses,
    sendRequest(url, body, options = {}) {
      const data = { method: options.method ?? 'POST', url, headers: options.id ? { id: options.id } : {}, body };
      const source = options.source === 'other' ? null : frameWindow;
      w.dispatchEvent(new w.MessageEvent('message', { data, origin: options.origin ?? origin, source }));
    },
    fireLoad() {
      iframe.dispatchEvent(new w.Event('load'));
    },
    clear() {
      messages.length = 0;
      responses.length = 0;
    },
  };
}

export const flush = (ms = 5): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
