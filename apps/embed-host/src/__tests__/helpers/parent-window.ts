import { Channel } from '../../channel.js';

export const ORIGIN = 'https://host.example';

/**
 * A stand-in for the embedding page: a channel whose parent records what the host posts, and
 * `send` that delivers one request the way the library would, then returns the host's reply.
 */
export function parentWindow() {
  const posted: Record<string, any>[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: (message: Record<string, any>) => posted.push(message) } as unknown as Window;
  const self = { addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.push(fn) } as unknown as Window;
  const channel = new Channel(self, parent, ORIGIN);
  let n = 0;
  const send = async (method: string, url: string, body?: unknown) => {
    const id = `m${n++}`;
    for (const fn of listeners)
      fn({ data: { method, url, headers: { id, uid: 'u1' }, body }, origin: ORIGIN, source: parent } as MessageEvent);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return posted.find((m) => m.headers?.id === id && 'statusCode' in m) as { statusCode: number; body: any };
  };
  /** The events the host posted, as { url, body }. */
  const events = () => posted.filter((m) => 'method' in m).map((m) => ({ url: m.url as string, body: m.body }));
  return { channel, send, events };
}
