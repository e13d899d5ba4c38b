import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { PgliteThread } from '../db/db.js';
import { parseOutgoingAllow } from '../http/outgoing.js';
import { parseFrameAncestors } from '../http/security-headers.js';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** PGLITE_THREAD: the embedded database in the server's thread (`server`, default) or a worker thread of its own (`worker`). */
  pgliteThread: PgliteThread;
  logLevel: string;
  /** LOG_FILE: append the log (JSON lines) to this file instead of writing it to standard output. */
  logFile: string | null;
  /** Directory of the built web app, served at `/`. */
  webDist: string | undefined;
  /** SERVE_SOURCE_MAPS: serve the web app's source maps to browsers (off: refused). */
  serveSourceMaps: boolean;
  sessionHours: number;
  /** Absolute session lifetime in hours. */
  sessionMaxHours: number;
  /** [M2.13], [M5.10] Allowed redirect target prefixes (REDIRECT_PREFIXES, comma separated). */
  redirectPrefixes: string[];
  /** [M6.18] Optional third-party guidance script URL, never loaded in impersonated sessions. */
  guidanceScriptUrl: string | null;
  /** [M2.61] Optional script of the navigation widget mounted in the header (NAVIGATION_HEADER_SCRIPT_URL). */
  navigationHeaderScriptUrl: string | null;
  secureCookies: boolean;
  /** This instance's pod id for service export/import [S4.1]; null: the id stored in the database. */
  podId: string | null;
  /** SMTP server for outgoing e-mail (smtp:// or smtps:// URL); null keeps e-mails in the outbox only. */
  smtpUrl: string | null;
  /** The From header of outgoing e-mail. */
  mailFrom: string;
  /** Whether this server process runs the job worker itself ('in-process') or leaves jobs to `npm run worker` ('off'). */
  jobsWorker: 'in-process' | 'off';
  /** Jobs one worker process runs side by side. */
  jobsConcurrency: number;
  /** The address users open the portal at (PUBLIC_URL), used in links sent by e-mail such as password reset. */
  publicUrl: string;
  /** OUTGOING_ALLOW: internal addresses outgoing requests may reach (loopback, private, link-local, CIDR ranges). */
  outgoingAllow: string[];
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For / X-Forwarded-Proto / X-Forwarded-Host headers are believed (Fastify's
   * trustProxy): false (default, never), true (any peer), a hop count, or addresses, CIDR ranges and the names
   * loopback, linklocal, uniquelocal.
   */
  trustProxy: TrustProxy;
  /** EMBED_FRAME_ANCESTORS: origins of the sites that may frame the embed host (besides the portal itself), or ['*']. */
  embedFrameAncestors: string[];
  /** SECRETS_KEY: the key stored secrets are sealed with (`<id>:<base64 of 32 bytes>`); null: DATA_DIR/secrets.key. */
  secretsKey: string | null;
  /** SECRETS_OLD_KEYS: earlier keys, comma separated, that still open what they sealed during a rotation. */
  secretsOldKeys: string[];
  /** ORPHAN_UPLOAD_GRACE_HOURS: how long an upload no record refers to is kept before the sweep removes it. */
  orphanUploadGraceHours: number;
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): serve https directly; null: plain http (a proxy may terminate TLS). */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * DEMO_ORDER_HISTORY: with --seed-demo, this many past orders (of 2023) on an archived subscription of
   * Pinecrest Media, for the report row cap [M5.14] (the e2e run sets it); 0 when unset.
   */
  demoOrderHistory: number;
}

export type TrustProxy = boolean | number | string;

/** PGLITE_THREAD: `server` (default) or `worker` (decision 0064). */
export function parsePgliteThread(value: string | undefined): PgliteThread {
  const v = value?.trim() || 'server';
  if (v !== 'worker' && v !== 'server') throw new Error(`PGLITE_THREAD must be worker or server, got "${value}"`);
  return v;
}

/** REDIRECT_PREFIXES: relative path prefixes ending in '/', e.g. "idp/,keeper/,support/,knowledge-base/". */
export function parseRedirectPrefixes(value: string | undefined): string[] | null {
  if (value === undefined || value.trim() === '') return null;
  const prefixes = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of prefixes) {
    if (!/^[a-z0-9][a-z0-9._-]*\/([a-z0-9._-]+\/)*$/i.test(p))
      throw new Error(`REDIRECT_PREFIXES: "${p}" must be a relative path such as support/ (letters, digits, . _ -, ending in /)`);
  }
  return prefixes;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    pgliteThread: parsePgliteThread(env.PGLITE_THREAD),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFile: env.LOG_FILE?.trim() ? resolve(env.LOG_FILE.trim()) : null,
    webDist: env.WEB_DIST || undefined,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true',
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 168),
    redirectPrefixes: parseRedirectPrefixes(env.REDIRECT_PREFIXES) ?? ['idp/', 'keeper/', 'support/', 'knowledge-base/'],
    guidanceScriptUrl: env.GUIDANCE_SCRIPT_URL?.trim() || null,
    navigationHeaderScriptUrl: env.NAVIGATION_HEADER_SCRIPT_URL?.trim() || null,
    secureCookies: env.SECURE_COOKIES === 'true',
    podId: env.POD_ID?.trim() || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || '"Cloud portal" <no-reply@localhost>',
    jobsWorker: parseJobsWorker(env.JOBS_WORKER),
    jobsConcurrency: parseConcurrency(env.JOBS_CONCURRENCY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    outgoingAllow: parseOutgoingAllow(env.OUTGOING_ALLOW),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embedFrameAncestors: parseFrameAncestors(env.EMBED_FRAME_ANCESTORS),
    secretsKey: env.SECRETS_KEY?.trim() || null,
    secretsOldKeys: (env.SECRETS_OLD_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    orphanUploadGraceHours: parseOrphanUploadGraceHours(env.ORPHAN_UPLOAD_GRACE_HOURS),
    tls: parseTls(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    demoOrderHistory: parseDemoOrderHistory(env.DEMO_ORDER_HISTORY),
  };
}

/** DEMO_ORDER_HISTORY: a whole number from 0 to 1,000,000; 0 when unset. */
export function parseDemoOrderHistory(value: string | undefined): number {
  const v = value?.trim() || '0';
  const count = Number(v);
  if (!/^\d+$/.test(v) || count > 1_000_000)
    throw new Error(`DEMO_ORDER_HISTORY must be a whole number of orders from 0 to 1000000, got "${value}"`);
  return count;
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both paths (read when the server starts) or neither. */
export function parseTls(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  const cert = certFile?.trim() || null;
  const key = keyFile?.trim() || null;
  if (!cert && !key) return null;
  if (!cert || !key) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve https, or neither');
  return { certFile: resolve(cert), keyFile: resolve(key) };
}

/** ORPHAN_UPLOAD_GRACE_HOURS: whole hours from 1 to 8760 (a year); 24 when unset. */
export function parseOrphanUploadGraceHours(value: string | undefined): number {
  const v = value?.trim() || '24';
  const hours = Number(v);
  if (!/^\d+$/.test(v) || hours < 1 || hours > 8760)
    throw new Error(`ORPHAN_UPLOAD_GRACE_HOURS must be a whole number of hours from 1 to 8760, got "${value}"`);
  return hours;
}

function parseJobsWorker(value: string | undefined): 'in-process' | 'off' {
  const v = value?.trim() || 'in-process';
  if (v !== 'in-process' && v !== 'off') throw new Error(`JOBS_WORKER must be in-process or off, got "${value}"`);
  return v;
}

function parseConcurrency(value: string | undefined): number {
  const n = Number(value?.trim() || 2);
  if (!Number.isInteger(n) || n < 1 || n > 32)
    throw new Error(`JOBS_CONCURRENCY must be a whole number from 1 to 32, got "${value}"`);
  return n;
}

/** PUBLIC_URL: an http(s) address without query or fragment; http://localhost:PORT when unset. */
export function parsePublicUrl(value: string | undefined, port: number): string {
  const v = value?.trim();
  if (!v) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL must be an address such as https://portal.example.com, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`PUBLIC_URL must be an http(s) address without query or fragment, got "${value}"`);
  return url.href.replace(/\/+$/, '');
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or false, true, a hop count (1 to 10), or a comma-separated list of addresses and ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 10) throw new Error(`TRUST_PROXY as a hop count must be 1 to 10, got "${value}"`);
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (family === 0 || !validBits || rest.length > 0))
      throw new Error(
        `TRUST_PROXY: "${entry}" is not true, false, a hop count, an address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
  }
  return entries.join(',');
}
