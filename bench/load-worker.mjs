// Load generator run in a worker thread, so the server keeps the main thread to itself.
// Raw keep-alive sockets with a pre-built request and a minimal response parser: the client stays
// much cheaper than the server, even against a trivial route (node:http as a client would not).
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { host, port, path, method, body, cookie, connections, durationMs, warmupMs } = workerData;

const payload = method === 'GET' ? Buffer.alloc(0) : Buffer.from(body, 'utf8');
const request = Buffer.concat([
  Buffer.from(
    `${method} ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n` +
      (method === 'GET' ? '' : `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n`) +
      `${cookie ? `Cookie: ${cookie}\r\n` : ''}Connection: keep-alive\r\n\r\n`,
    'latin1',
  ),
  payload,
]);
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;

const started = performance.now();
const windowStart = started + warmupMs;
const windowEnd = windowStart + durationMs;
let stopped = false;
let ok = 0;
let failed = 0;
let firstFailure = null;
const latencies = [];
const sockets = [];

function open() {
  const socket = net.connect({ host, port, noDelay: true });
  let buffer = Buffer.alloc(0);
  let sentAt = 0;
  const send = () => {
    sentAt = performance.now();
    socket.write(request);
  };
  socket.on('connect', send);
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = buffer.toString('latin1', 0, headerEnd);
      const length = CONTENT_LENGTH.exec(head);
      if (!length) {
        finish(new Error(`response without content-length: ${head.slice(0, 200)}`));
        return;
      }
      const total = headerEnd + 4 + Number(length[1]);
      if (buffer.length < total) return;
      const status = Number(head.slice(9, 12));
      buffer = buffer.subarray(total);
      const now = performance.now();
      if (now >= windowStart && now <= windowEnd) {
        if (status === 200) {
          ok++;
          latencies.push(now - sentAt);
        } else {
          failed++;
          firstFailure ??= head.split('\r\n')[0];
        }
      }
      if (now > windowEnd) {
        finish(null);
        return;
      }
      if (!stopped) send();
    }
  });
  socket.on('error', (error) => {
    if (!stopped) finish(error);
  });
  sockets.push(socket);
}

function finish(error) {
  if (stopped) return;
  stopped = true;
  for (const s of sockets) s.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : Number.NaN;
  parentPort.postMessage({
    error: error ? String(error.stack ?? error) : null,
    ok,
    failed,
    firstFailure,
    seconds: durationMs / 1000,
    rps: ok / (durationMs / 1000),
    medianMs: pick(0.5),
    p95Ms: pick(0.95),
  });
}

for (let i = 0; i < connections; i++) open();
// Ends at the close of the window even when the server stops answering.
setTimeout(() => finish(null), warmupMs + durationMs + 1);
