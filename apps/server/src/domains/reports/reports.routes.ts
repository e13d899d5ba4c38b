import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Db } from '../../platform/db/db.js';
import { DomainError, notFound } from '../../platform/errors/domain-error.js';
import { sendProblem } from '../../platform/http/error-handler.js';
import { embedHostPolicy } from '../../platform/http/security-headers.js';
import type { Caller } from '../../platform/operations/types.js';
import {
  checkEmbedToken,
  issueDashboardToken,
  issueEmbedToken,
  loadDashboardData,
  loadEmbedData,
  saveReport,
  saveReportAs,
  type TokenSettings,
  tokenSettingsFromEnv,
} from './reports.service.js';

export interface ReportRoutesOptions {
  db: Db;
  resolveCaller: (db: Db, request: FastifyRequest) => Promise<Caller | null>;
  /** Built embed host (apps/embed-host/dist): host.js and host.css. */
  embedHostDist: string;
  /** Built embed library (packages/embed/dist): powerbi.js and powerbi.min.js, served at /embed/sdk/. */
  embedSdkDist: string;
  tokens?: TokenSettings;
  /** Origin written into embed URLs; defaults to EMBED_PUBLIC_URL, else the request's own origin. */
  publicUrl?: string | null;
  /** Origins allowed to frame the embed host's pages besides its own ('*' for any). */
  frameAncestors?: readonly string[];
  now?: () => Date;
}

/** Authorization: Bearer <token> (or EmbedToken <token>, as powerbi-client hosts send it); 401 without one. */
function bearerToken(request: FastifyRequest): string {
  const header = String(request.headers.authorization ?? '');
  const match = /^(?:Bearer|EmbedToken)\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new DomainError('UNAUTHENTICATED', 'An embed token is required');
  return match[1];
}

/** An account id from the path; anything but a positive 32-bit integer is a missing account (404). */
function parseAccountId(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
  return id;
}

/** A statement appended to the served library: trust the embed host at this portal's origin. */
function trustOriginFooter(baseUrl: string): string {
  let origin: string;
  try {
    origin = JSON.stringify(new URL(baseUrl).origin);
  } catch {
    return '';
  }
  return `;(function (client) { if (client && client.trustEmbedOrigin) client.trustEmbedOrigin(${origin}); })(window['powerbi-client']);\n`;
}

/** The host page is meant to be framed by other sites: those EMBED_FRAME_ANCESTORS names, and the portal itself. */
function frameable(frameAncestors: readonly string[]): onSendHookHandler {
  const policy = embedHostPolicy(frameAncestors);
  return async (_request, reply, payload) => {
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', policy);
    return payload;
  };
}

// Route access markers (checked by test/api/routes.test.ts); held in constants so that no
// augmentation of Fastify's route config type is needed.
const SESSION = { config: { session: true } };
const EMBED_TOKEN = { config: { embedToken: true } };
const PUBLIC = { config: { public: true } };

const HOST_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Report</title>
<link rel="stylesheet" href="/embed/host.css">
</head>
<body>
<main id="report" aria-live="polite"><p class="status">Waiting for the report configuration…</p></main>
<script src="/embed/host.js"></script>
</body>
</html>
`;

/**
 * Embed tokens ([S7.5]), the data the embed host reads with them, and the host's own files.
 * Access markers: `session: true` (a signed-in caller is required), `embedToken: true` (a valid
 * embed token is required), `public: true` (static files holding no data).
 */
export async function reportRoutes(app: FastifyInstance, options: ReportRoutesOptions) {
  const tokens = options.tokens ?? tokenSettingsFromEnv();
  const now = options.now ?? (() => new Date());
  const publicUrl =
    options.publicUrl === undefined ? process.env.EMBED_PUBLIC_URL?.replace(/\/+$/, '') || null : options.publicUrl;
  const baseUrl = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.headers.host}`;

  const issue = async (
    request: FastifyRequest<{ Params: { workgroupId: string; reportId: string; accountId?: string } }>,
    reply: FastifyReply,
  ) => {
    const caller = await options.resolveCaller(options.db, request);
    if (!caller) return sendProblem(reply, request, { status: 401, code: 'UNAUTHENTICATED', detail: 'Sign in to continue' });
    const { workgroupId, reportId, accountId } = request.params;
    reply.header('cache-control', 'no-store');
    return issueEmbedToken(
      options.db,
      caller,
      { workgroupId, reportId, accountId: parseAccountId(accountId), baseUrl: baseUrl(request), now: now() },
      tokens,
    );
  };
  app.get('/api/powerbi/workgroups/:workgroupId/reports/:reportId/token', SESSION, issue);
  app.get('/api/powerbi/workgroups/:workgroupId/reports/:reportId/accounts/:accountId/token', SESSION, issue);

  const issueForDashboard = async (
    request: FastifyRequest<{ Params: { workgroupId: string; dashboardId: string; accountId?: string } }>,
    reply: FastifyReply,
  ) => {
    const caller = await options.resolveCaller(options.db, request);
    if (!caller) return sendProblem(reply, request, { status: 401, code: 'UNAUTHENTICATED', detail: 'Sign in to continue' });
    const { workgroupId, dashboardId, accountId } = request.params;
    reply.header('cache-control', 'no-store');
    return issueDashboardToken(
      options.db,
      caller,
      { workgroupId, dashboardId, accountId: parseAccountId(accountId), baseUrl: baseUrl(request), now: now() },
      tokens,
    );
  };
  app.get('/api/powerbi/workgroups/:workgroupId/dashboards/:dashboardId/token', SESSION, issueForDashboard);
  app.get('/api/powerbi/workgroups/:workgroupId/dashboards/:dashboardId/accounts/:accountId/token', SESSION, issueForDashboard);

  app.get<{ Querystring: { dashboardId?: string; groupId?: string } }>(
    '/api/embed/dashboard',
    EMBED_TOKEN,
    async (request, reply) => {
      const token = bearerToken(request);
      reply.header('cache-control', 'no-store');
      return loadDashboardData(
        options.db,
        {
          token,
          dashboardId: String(request.query.dashboardId ?? ''),
          workgroupId: String(request.query.groupId ?? ''),
          baseUrl: baseUrl(request),
          now: now(),
        },
        tokens,
      );
    },
  );

  app.get<{ Querystring: { reportId?: string; groupId?: string } }>('/api/embed/data', EMBED_TOKEN, async (request, reply) => {
    const token = bearerToken(request);
    const reportId = String(request.query.reportId ?? '');
    const workgroupId = String(request.query.groupId ?? '');
    reply.header('cache-control', 'no-store');
    return loadEmbedData(options.db, { token, reportId, workgroupId, now: now() }, tokens);
  });

  // The embed host's save and saveAs: the token says whether the caller may (prm bits).
  type TokenQuery = { Querystring: { reportId?: string; groupId?: string }; Body: { name?: unknown; pages?: unknown } };
  const tokenInput = (request: FastifyRequest<TokenQuery>, token: string) => ({
    token,
    reportId: String(request.query.reportId ?? ''),
    workgroupId: String(request.query.groupId ?? ''),
    now: now(),
    requestId: String(request.id),
  });
  app.put<TokenQuery>('/api/embed/report', EMBED_TOKEN, async (request) => {
    const token = bearerToken(request);
    return saveReport(options.db, { ...tokenInput(request, token), pages: request.body?.pages }, tokens);
  });
  app.post<TokenQuery>('/api/embed/report/copies', EMBED_TOKEN, async (request, reply) => {
    const token = bearerToken(request);
    const saved = await saveReportAs(
      options.db,
      { ...tokenInput(request, token), name: request.body?.name, pages: request.body?.pages },
      tokens,
    );
    return reply.status(201).send(saved);
  });

  // Lets a host page check a token without loading data (used on token refresh).
  app.get<{ Querystring: { reportId?: string; groupId?: string } }>('/api/embed/token-check', EMBED_TOKEN, async (request) => {
    const token = bearerToken(request);
    const claims = await checkEmbedToken(
      options.db,
      { token, reportId: String(request.query.reportId ?? ''), workgroupId: String(request.query.groupId ?? ''), now: now() },
      tokens,
    );
    return { expiresAt: new Date(claims.exp * 1000).toISOString() };
  });

  // [E2.1] reportEmbed (reports), dashboardEmbed (dashboards) and embed?tileId (tiles): one page, the
  // host picks its kind from the path.
  const hostPageHeaders = frameable(options.frameAncestors ?? []);
  for (const page of ['/embed/reportEmbed', '/embed/dashboardEmbed', '/embed/embed']) {
    app.get(page, { ...PUBLIC, onSend: hostPageHeaders }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(HOST_HTML),
    );
  }

  const files: Record<string, { dir: string; file: string; type: string }> = {
    '/embed/host.js': { dir: options.embedHostDist, file: 'host.js', type: 'text/javascript; charset=utf-8' },
    '/embed/host.css': { dir: options.embedHostDist, file: 'host.css', type: 'text/css; charset=utf-8' },
    '/embed/sdk/powerbi.js': { dir: options.embedSdkDist, file: 'powerbi.js', type: 'text/javascript; charset=utf-8' },
    '/embed/sdk/powerbi.min.js': { dir: options.embedSdkDist, file: 'powerbi.min.js', type: 'text/javascript; charset=utf-8' },
  };
  for (const [url, { dir, file, type }] of Object.entries(files)) {
    const isSdk = url.startsWith('/embed/sdk/');
    app.get(url, PUBLIC, async (request, reply) => {
      const body = await readFile(join(dir, file), 'utf8').catch(() => null);
      if (body === null) return sendProblem(reply, request, { status: 404, code: 'NOT_FOUND', detail: `${file} is not built` });
      // The library served by this portal trusts this portal's embed host (decision 0004).
      const served = isSdk ? `${body}\n${trustOriginFooter(baseUrl(request))}` : body;
      // Without EMBED_PUBLIC_URL the trusted origin follows the Host header, so caches must key on it.
      return reply.type(type).header('cache-control', 'no-cache').header('vary', 'Host').send(served);
    });
  }
}
