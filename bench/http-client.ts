import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Reply<T = any> {
  status: number;
  body: T;
  setCookie: string[];
  /** The body's size as sent (compressed when `encoding` is set). */
  bytes: number;
  /** The Content-Encoding of the answer, if it was compressed. */
  encoding: string | null;
}

/** While set, every reply's Server-Timing header (the app runs with `serverTiming`) is collected here. */
export const serverTimings: { sink: string[] | null } = { sink: null };

/** A small keep-alive JSON client over one loopback connection, so latency runs do not pay for connects. */
export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cookie: string | null = null;
  /** Sent as Accept-Encoding when set (e.g. what a browser sends); answers are decoded as the browser would. */
  acceptEncoding: string | null = null;

  constructor(readonly baseUrl: string) {}

  post<T = any>(path: string, body: unknown = {}): Promise<Reply<T>> {
    const payload = Buffer.from(JSON.stringify(body));
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': payload.length,
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(this.acceptEncoding ? { 'accept-encoding': this.acceptEncoding } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const timing = res.headers['server-timing'];
            if (serverTimings.sink && typeof timing === 'string') serverTimings.sink.push(timing);
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'] ?? null;
            const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(
              'utf8',
            );
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({
              status: res.statusCode ?? 0,
              body: parsed as T,
              setCookie: res.headers['set-cookie'] ?? [],
              bytes: raw.length,
              encoding,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Calls an operation and fails loudly unless it answers `expected`. */
  async op<T = any>(name: string, input: unknown = {}, expected = 200): Promise<T> {
    const reply = await this.post<T>(`/api/op/${name}`, input);
    if (reply.status !== expected) {
      throw new Error(`${name} answered ${reply.status}, expected ${expected}: ${JSON.stringify(reply.body).slice(0, 300)}`);
    }
    return reply.body;
  }

  async signIn(username: string, password: string): Promise<this> {
    const reply = await this.post('/api/op/Authenticate', { Username: username, Password: password });
    if (reply.status !== 200) throw new Error(`sign-in of ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    const pair = reply.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c && !c.endsWith('='));
    if (!pair) throw new Error(`sign-in of ${username} set no session cookie`);
    this.cookie = pair;
    return this;
  }

  close() {
    this.agent.destroy();
  }
}
