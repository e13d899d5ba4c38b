import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  /** e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  path: string;
  /** POST (the default) with `body` as JSON, or GET without a body. */
  method?: 'GET' | 'POST';
  body?: unknown;
  cookie?: string | null;
  /** Concurrent keep-alive connections. */
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
}

export interface LoadResult {
  ok: number;
  failed: number;
  firstFailure: string | null;
  seconds: number;
  rps: number;
  medianMs: number;
  p95Ms: number;
}

/** Drives requests (POST unless asked) at a loopback server from a worker thread for a bounded time. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      host: url.hostname,
      port: Number(url.port),
      path: options.path,
      method: options.method ?? 'POST',
      body: JSON.stringify(options.body ?? {}),
      cookie: options.cookie ?? null,
      connections: options.connections ?? 10,
      durationMs: options.durationMs ?? 5000,
      warmupMs: options.warmupMs ?? 1000,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult & { error: string | null }) => {
      void worker.terminate();
      if (result.error) reject(new Error(result.error));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}
