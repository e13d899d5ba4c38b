import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { DEFAULT_REDIRECT_PREFIXES, operations as declaredOperations } from '@portal/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  accountCreationOperations,
  SUBSCRIPTION_SECRET_COLUMN,
  subscriptionFieldsAccountExtension,
} from './domains/account-creation/index.js';
import {
  accountExportOperations,
  credentialsExportJobHandler,
  hierarchyExportJobHandler,
} from './domains/account-exports/index.js';
import { accountImportOperations, importJobHandler, importTemplateReferences } from './domains/account-import/index.js';
import { accountPricingOperations, pricingAccountExtension } from './domains/account-pricing/index.js';
import {
  ACCOUNT_REPORT_STATUS_WAIT_MS,
  accountReportRoutes,
  prepareAccountReportJobHandler,
} from './domains/account-reports/index.js';
import {
  accountFindingOperations,
  accountOperations,
  customActionOperations,
  findLocation,
  findLocationInScope,
  registerAccountExtension,
  scheduledTerminationsJobHandler,
} from './domains/accounts/index.js';
import { auditOperations } from './domains/audit/index.js';
import { type AuthSettings, authOperations, createCallerResolver, TOTP_SECRET_COLUMN } from './domains/auth/index.js';
import {
  catalogueOperations,
  createServiceJobHandler,
  findServiceFileAttachment,
  PROVISIONING_PASSWORD_COLUMN,
  serviceFileReferences,
} from './domains/catalogue/index.js';
import { credentialOperations, sendToAllJobHandler } from './domains/credentials/index.js';
import { creditAttachmentReferences, creditLimitOperations, findCreditAttachment } from './domains/credit-limits/index.js';
import { dashboardOperations, dashboardRoutes } from './domains/dashboards/index.js';
import { discountOperations } from './domains/discounts/index.js';
import { exchangeRateOperations } from './domains/exchange-rates/index.js';
import { globalSearchOperations } from './domains/global-search/index.js';
import { helpOperations, syncHelpArticles } from './domains/help/index.js';
import { marketplaceSearchOperations } from './domains/marketplace-search/index.js';
import { noteOperations } from './domains/notes/index.js';
import { notificationOperations } from './domains/notifications/index.js';
import { orderingOperations } from './domains/ordering/index.js';
import { orderOperations, ordersAccountExtension } from './domains/orders/index.js';
import { passwordResetOperations, registerResetTiming, resetPasswordAction } from './domains/password-reset/index.js';
import {
  addToAutoAddPriceLists,
  marketplacePricesExportJobHandler,
  myServicesPricesExportJobHandler,
  priceListOperations,
  priceListPriceOperations,
} from './domains/price-lists/index.js';
import {
  provisioningAccountExtension,
  provisioningJobHandler,
  provisioningOperations,
  provisioningRoutes,
} from './domains/provisioning/index.js';
import { quoteExpiryJobHandler, quoteOperations, quotePdfJobHandler, quoteXlsxJobHandler } from './domains/quotes/index.js';
import {
  EMBED_SIGNING_SECRET_COLUMN,
  reportExecuteJobHandler,
  reportExportJobHandler,
  reportOperations,
  reportRoutes,
} from './domains/reports/index.js';
import { expireSpecialDeals, specialDealOperations } from './domains/special-deals/index.js';
import { CLIENT_SECRET_COLUMN, ssoOperations } from './domains/sso/index.js';
import { subscriptionOperations, upgradeSubscriptionAction } from './domains/subscriptions/index.js';
import { termsChangedJobHandler, termsOperations } from './domains/terms/index.js';
import { findVendorLogoAttachment, vendorLogoReferences, vendorProfileOperations } from './domains/vendor-profiles/index.js';
import { loadConfig, type TrustProxy } from './platform/config/config.js';
import type { Db } from './platform/db/db.js';
import {
  type FileStorage,
  localDiskStorage,
  orphanUploadsJobHandler,
  registerKeeperRoutes,
  type StoredFileReferences,
} from './platform/files/index.js';
import { quietClientAborts } from './platform/http/client-aborts.js';
import { registerClosingConnections } from './platform/http/closing-connections.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { buildOpenApi, renderApiReference, withExplicitRoutes } from './platform/http/openapi.js';
import { configureOutgoing } from './platform/http/outgoing.js';
import { OneLinePerRequest } from './platform/http/request-log.js';
import { registerSameOriginGuard } from './platform/http/same-origin.js';
import { originOf, registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerServerTiming } from './platform/http/server-timing.js';
import {
  createJobWorker,
  expiredJobFilesJobHandler,
  type JobHandler,
  type JobWorker,
  jobFileReferences,
  jobOperations,
  registerJobDownloadRoute,
} from './platform/jobs/index.js';
import { createSmtpTransport, type MailTransport, mailJobHandler, mailOperations } from './platform/mail/index.js';
import { registerOperationLayer } from './platform/operations/operation-layer.js';
import { OUTPUT_PROVEN_OPERATIONS } from './platform/operations/output-check.js';
import type { RegisteredOperation } from './platform/operations/types.js';
import { configureSecrets, type Keyring, loadKeyring, resealStoredSecrets, type SealedColumn } from './platform/secrets/index.js';

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions['logger'];
  webDist?: string | null;
  /** Serve the web app's source maps (*.map) to browsers; refused (404) unless asked (SERVE_SOURCE_MAPS). */
  serveSourceMaps?: boolean;
  sessionHours?: number;
  /** Absolute session lifetime in hours, however active the session is. */
  sessionMaxHours?: number;
  /** [M2.13] Allowed redirect target prefixes; the spec's four by default. */
  redirectPrefixes?: readonly string[];
  /** [M6.18] Third-party guidance script for the web app (never loaded while impersonating). */
  guidanceScriptUrl?: string | null;
  /** [M2.61] Script of the navigation widget the web app mounts in its header (decision 0055). */
  navigationHeaderScriptUrl?: string | null;
  secureCookies?: boolean;
  /** Serve https directly with this certificate and key (PEM); cookies are then Secure and HSTS is sent. */
  https?: { cert: string | Buffer; key: string | Buffer } | null;
  /** Where uploaded files are stored; DATA_DIR/files by default. */
  filesDir?: string;
  /** Runs the job runner (durable and recurring jobs, e.g. scheduled terminations); tests turn it off and run jobs directly. */
  backgroundJobs?: boolean;
  /** Answers every request with a Server-Timing header: its phases, statements and round trips (bench/, tests). */
  serverTiming?: boolean;
  /**
   * Sends a kept answer again to the same caller until data changes (decision 0069; on by default). Off, every answer
   * is computed: the bench's latency rows measure the computing this way.
   */
  keepAnswers?: boolean;
  /**
   * Fail a request whose handler result differs from what its output contract makes of it (decision 0063): on in
   * every API test app and by default under NODE_ENV=test. Off (production), the operations in
   * OUTPUT_PROVEN_OPERATIONS are answered unparsed.
   */
  strictOutput?: boolean;
  /** Outgoing e-mail: SMTP_URL and MAIL_FROM by default. */
  smtpUrl?: string | null;
  mailFrom?: string;
  /** Run durable jobs in this process ('in-process', with backgroundJobs) or leave them to `npm run worker` ('off'). */
  jobsWorker?: 'in-process' | 'off';
  jobsConcurrency?: number;
  /** How long an account report's GET status waits for a preparation under way (3 s; 0 without backgroundJobs). */
  accountReportStatusWaitMs?: number;
  /** The portal's public address for links in e-mails (PUBLIC_URL by default). */
  publicUrl?: string;
  /** Internal addresses outgoing requests may reach (OUTGOING_ALLOW by default; none unless configured). */
  outgoingAllow?: readonly string[];
  /** Which proxies' forwarded headers are believed (TRUST_PROXY by default: none). */
  trustProxy?: TrustProxy;
  /** Sites that may frame the embed host (EMBED_FRAME_ANCESTORS by default: only the portal itself). */
  embedFrameAncestors?: readonly string[];
  /** The keys stored secrets are sealed with (SECRETS_KEY, SECRETS_OLD_KEYS or DATA_DIR/secrets.key by default). */
  secrets?: Keyring;
  /** How long an upload no record refers to is kept before the sweep removes it (ORPHAN_UPLOAD_GRACE_HOURS by default). */
  orphanUploadGraceHours?: number;
}

/** Every column that holds sealed secrets: start-up seals clear values and moves old keys' values to the current key. */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  CLIENT_SECRET_COLUMN,
  TOTP_SECRET_COLUMN,
  { table: 'mail_outbox', column: 'sealed_text' },
  EMBED_SIGNING_SECRET_COLUMN,
  PROVISIONING_PASSWORD_COLUMN,
  SUBSCRIPTION_SECRET_COLUMN,
];

/**
 * Every place that keeps stored file names: the orphan upload sweep removes only files none of them lists. A domain that
 * starts keeping uploads must add its references here, or its files are removed after the grace period.
 */
export const STORED_FILE_REFERENCES: readonly StoredFileReferences[] = [
  jobFileReferences,
  creditAttachmentReferences,
  serviceFileReferences,
  vendorLogoReferences,
  importTemplateReferences,
];

/** The keyring of this process from configuration (decision 0035). */
export function configuredKeyring(): Keyring {
  const config = loadConfig();
  return loadKeyring({
    secretsKey: config.secretsKey,
    secretsOldKeys: config.secretsOldKeys,
    keyFile: join(config.dataDir, 'secrets.key'),
  });
}

const here = dirname(fileURLToPath(import.meta.url));
/** How long a stopping server lets its running jobs finish before handing them back to the queue. */
export const JOB_SHUTDOWN_GRACE_MS = 10_000;

// Provisioning adds its ExtendedView counts and save-time requests to accounts [A3.1], [A4.2].
registerAccountExtension(provisioningAccountExtension);
// Pricing adds the price protection end of a subscription to accounts [A3.1], [A2.33].
registerAccountExtension(pricingAccountExtension);
// Orders add ExtendedView.ApprovalInProgress (an order under review) to subscriptions [A3.1], [A2.33].
registerAccountExtension(ordersAccountExtension);
// Account creation adds a subscription's own service fields to its page, to see and change (decision 0079).
registerAccountExtension(subscriptionFieldsAccountExtension);

/** The registered handlers of every domain, in dependency order. */
export function registeredOperations(
  options: AuthSettings & { publicUrl?: string; storage?: FileStorage },
): RegisteredOperation[] {
  return [
    ...authOperations({ redirectPrefixes: DEFAULT_REDIRECT_PREFIXES, ...options }),
    ...accountOperations,
    ...customActionOperations({
      RESET_PASSWORD: resetPasswordAction({ publicUrl: options.publicUrl ?? 'http://localhost:8080' }),
      UPGRADE: upgradeSubscriptionAction(),
    }),
    ...accountCreationOperations,
    ...accountImportOperations({ storage: options.storage ?? localDiskStorage(join(loadConfig().dataDir, 'files')) }),
    ...auditOperations,
    ...creditLimitOperations,
    ...noteOperations,
    ...discountOperations,
    ...specialDealOperations,
    ...catalogueOperations,
    ...termsOperations,
    ...jobOperations,
    ...mailOperations,
    ...credentialOperations,
    ...accountExportOperations,
    ...passwordResetOperations({ publicUrl: options.publicUrl ?? 'http://localhost:8080' }),
    ...reportOperations,
    ...provisioningOperations,
    ...subscriptionOperations,
    ...accountPricingOperations,
    ...orderOperations,
    ...orderingOperations,
    ...exchangeRateOperations,
    ...priceListOperations,
    ...marketplaceSearchOperations,
    ...vendorProfileOperations({ storage: options.storage ?? localDiskStorage(join(loadConfig().dataDir, 'files')) }),
    ...priceListPriceOperations({ storage: options.storage ?? localDiskStorage(join(loadConfig().dataDir, 'files')) }),
    ...ssoOperations({
      publicUrl: options.publicUrl ?? 'http://localhost:8080',
      auth: { redirectPrefixes: DEFAULT_REDIRECT_PREFIXES, ...options },
    }),
    // Sales quotes and the quotation tool (issue 17, decision 0050).
    ...quoteOperations,
    ...dashboardOperations,
    // The Notifications tab of a user [A2.17] (decision 0053).
    ...notificationOperations,
    // Finding things: the header's global search, the children list and My services (decision 0054).
    ...globalSearchOperations,
    ...accountFindingOperations,
    // The footer's support panel and chat assistant (issue 18, decision 0052).
    ...helpOperations,
  ];
}

/** The handlers of every durable job type; the server's in-process worker and `npm run worker` both use them. */
export function registeredJobHandlers(deps: {
  storage: FileStorage;
  mailFrom: string;
  mailTransport: MailTransport | null;
  /** The portal's public address: vendors' provisioning callback links are under it. */
  publicUrl: string;
  /** ORPHAN_UPLOAD_GRACE_HOURS. */
  orphanUploadGraceHours: number;
}): JobHandler<never>[] {
  return [
    mailJobHandler({ from: deps.mailFrom, transport: deps.mailTransport }),
    sendToAllJobHandler(),
    hierarchyExportJobHandler({ storage: deps.storage }),
    credentialsExportJobHandler({ storage: deps.storage }),
    provisioningJobHandler({ publicUrl: deps.publicUrl }),
    // A major terms revision is mailed to the users who must accept it, in chunks (decision 0053).
    termsChangedJobHandler(),
    // A service that becomes Active joins the price lists that add new services automatically (decision 0033).
    createServiceJobHandler({ onActivated: addToAutoAddPriceLists }),
    prepareAccountReportJobHandler(),
    importJobHandler({ storage: deps.storage }),
    marketplacePricesExportJobHandler({ storage: deps.storage }),
    myServicesPricesExportJobHandler({ storage: deps.storage }),
    // Recurring: carries out the scheduled terminations that are due, every minute, and marks special deals past their
    // end Expired (decision 0049).
    scheduledTerminationsJobHandler({ ExpiredSpecialDeals: expireSpecialDeals }),
    // Recurring: deletes the files jobs produced once they expired (JOB_FILE_HOURS).
    expiredJobFilesJobHandler({ storage: deps.storage }),
    // Recurring: removes uploads no record has referred to for longer than the grace period (issue 14).
    orphanUploadsJobHandler({
      storage: deps.storage,
      references: STORED_FILE_REFERENCES,
      graceHours: deps.orphanUploadGraceHours,
    }),
    // Sales quote exports (xlsx, PDF) and, recurring hourly, the expiry of quotes past their validity date (decision 0050).
    quoteXlsxJobHandler({ storage: deps.storage }),
    quotePdfJobHandler({ storage: deps.storage }),
    quoteExpiryJobHandler(),
    // Server-run reports: a run computed and kept, and its .xlsx export (decision 0056).
    reportExecuteJobHandler(),
    reportExportJobHandler({ storage: deps.storage }),
  ] as JobHandler<never>[];
}

/** Builds the whole application without listening: platform first, then the domains. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const routes: RouteOptions[] = [];
  const app = Fastify({
    ...(options.https ? { https: options.https } : {}),
    logger: quietClientAborts(options.logger ?? false),
    // One line per request, written when it is answered (decision 0068).
    logController: new OneLinePerRequest(),
    genReqId: (req) => String(req.headers['x-request-id'] ?? crypto.randomUUID()).slice(0, 100),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // The client address (sign-in throttling) and https (Secure cookie, HSTS) come from a proxy's X-Forwarded-* only
    // when TRUST_PROXY says that proxy is trusted.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? loadConfig().trustProxy),
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  configureOutgoing(options.outgoingAllow ?? loadConfig().outgoingAllow);
  const keyring = options.secrets ?? configuredKeyring();
  configureSecrets(keyring);
  // Key rotation and migration 0122: what is still clear or sealed with an older key is sealed with the current key.
  const resealed = await resealStoredSecrets(options.db, keyring, SEALED_COLUMNS);
  if (resealed > 0) app.log.info({ resealed, keyId: keyring.current.id }, 'stored secrets sealed with the current key');
  // The chat assistant's help articles: the shipped markdown files, loaded into the database (decision 0052).
  const articles = await syncHelpArticles(options.db);
  if (articles.written + articles.removed > 0) app.log.info(articles, 'help articles loaded');
  app.decorate('routeTable', routes);
  const sessionHours = options.sessionHours ?? 12;
  const authSettings: AuthSettings = {
    sessionHours,
    ...(options.sessionMaxHours === undefined ? {} : { sessionMaxHours: options.sessionMaxHours }),
    redirectPrefixes: options.redirectPrefixes ?? DEFAULT_REDIRECT_PREFIXES,
    guidanceScriptUrl: options.guidanceScriptUrl ?? null,
    navigationHeaderScriptUrl: options.navigationHeaderScriptUrl ?? null,
  };
  await app.register(fastifyCookie);
  // Answers go out compressed, brotli or gzip as the client asks (Accept-Encoding), from 1 KiB (below that compressing
  // costs more than it saves): the API's JSON and the web app's HTML, JavaScript, CSS and JSON files. One registration
  // for the whole app; a route opts in here as it is registered (the web app's routes: those of its scope below).
  let webApp: FastifyInstance | null = null;
  app.addHook('onRoute', function chooseCompression(route) {
    if (route.compress !== undefined) return;
    if (route.url.startsWith('/api/')) route.compress = API_COMPRESSION;
    else if (this === webApp) route.compress = WEB_COMPRESSION;
  });
  await app.register(fastifyCompress, { global: false });
  if (options.serverTiming) registerServerTiming(app);
  registerErrorHandler(app);
  // CSRF: no cookie-authenticated change may come from another site.
  registerSameOriginGuard(app);
  registerResetTiming(app);
  // Callback hooks, not async ones, on every request's way: no promise per request for what is synchronous.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const config = loadConfig();
  // A shutdown waits for the answers in flight, not for their keep-alive connections.
  registerClosingConnections(app);
  // CSP without inline script, nosniff, Referrer-Policy, HSTS over TLS (issue 14; docs/operations.md).
  const embedPublicOrigin = originOf(process.env.EMBED_PUBLIC_URL);
  registerSecurityHeaders(app, {
    scriptOrigins: [originOf(authSettings.guidanceScriptUrl), originOf(authSettings.navigationHeaderScriptUrl)].filter(
      (o): o is string => o !== null,
    ),
    frameOrigins: embedPublicOrigin ? [embedPublicOrigin] : [],
  });
  const storage = localDiskStorage(options.filesDir ?? join(config.dataDir, 'files'));
  const operations = registeredOperations({
    ...authSettings,
    publicUrl: options.publicUrl ?? loadConfig().publicUrl,
    storage,
  });
  const declared = new Set(declaredOperations.map((d) => d.name));
  for (const op of operations) {
    if (!declared.has(op.definition.name)) throw new Error(`operation ${op.definition.name} is not listed in contracts`);
  }
  const serveOperation = registerOperationLayer(app, {
    db: options.db,
    operations,
    resolveCaller: createCallerResolver(authSettings),
    locateAccount: findLocationInScope,
    secureCookies: options.secureCookies ?? false,
    keepAnswers: options.keepAnswers ?? true,
    output: {
      strict: options.strictOutput ?? process.env.NODE_ENV === 'test',
      trusted: OUTPUT_PROVEN_OPERATIONS,
    },
  });
  // [A7.2] /keeper/upload, /keeper/delete, /keeper/download/*.
  await registerKeeperRoutes(app, {
    db: options.db,
    storage,
    resolveCaller: createCallerResolver(authSettings),
    locateAccount: findLocation,
    attachmentResolvers: [findCreditAttachment, findServiceFileAttachment, findVendorLogoAttachment],
  });
  // The vendors' provisioning callbacks (CALLBACKURL), reached with the token in the link.
  await provisioningRoutes(app, { db: options.db });
  // [S7.5] embed tokens, the embed host at /embed/ and the data it reads with a token.
  await reportRoutes(app, {
    db: options.db,
    resolveCaller: createCallerResolver(authSettings),
    embedHostDist: resolve(here, '../../embed-host/dist'),
    embedSdkDist: resolve(here, '../../../packages/embed/dist'),
    // The portal's own pages frame the embed host too, also when it is served under another origin.
    frameAncestors: [
      ...new Set(
        [originOf(options.publicUrl ?? config.publicUrl), ...(options.embedFrameAncestors ?? config.embedFrameAncestors)].filter(
          (o): o is string => o !== null,
        ),
      ),
    ],
  });
  // [M7.1]-[M7.6] The /dash routes of the landing dashboards, each served as its operation.
  await dashboardRoutes(app, { serveOperation });
  // [A7.3] The account page's report tabs: GET {base}/status, POST {base}/refresh (decision 0028).
  // The status waits for a short preparation unless no worker runs jobs (tests run them by hand: decision 0058).
  await accountReportRoutes(app, {
    db: options.db,
    resolveCaller: createCallerResolver(authSettings),
    statusWaitMs: options.accountReportStatusWaitMs ?? ((options.backgroundJobs ?? true) ? ACCOUNT_REPORT_STATUS_WAIT_MS : 0),
  });

  // Durable jobs: tests drive the worker through app.jobs.runDue(); the server runs it in the background.
  const smtpUrl = options.smtpUrl === undefined ? config.smtpUrl : options.smtpUrl;
  const mailTransport = smtpUrl ? createSmtpTransport(smtpUrl) : null;
  const jobs = createJobWorker({
    db: options.db,
    handlers: registeredJobHandlers({
      storage,
      mailFrom: options.mailFrom ?? config.mailFrom,
      mailTransport,
      publicUrl: options.publicUrl ?? config.publicUrl,
      orphanUploadGraceHours: options.orphanUploadGraceHours ?? config.orphanUploadGraceHours,
    }),
    log: app.log,
    concurrency: options.jobsConcurrency ?? config.jobsConcurrency,
  });
  app.decorate('jobs', jobs);
  registerJobDownloadRoute(app, { db: options.db, storage, resolveCaller: createCallerResolver({ sessionHours }) });
  app.addHook('onClose', async () => {
    // Graceful shutdown: running jobs get JOB_SHUTDOWN_GRACE_MS to finish, then go back to the queue.
    await jobs.stop({ graceMs: JOB_SHUTDOWN_GRACE_MS });
    mailTransport?.close();
  });

  if ((options.backgroundJobs ?? true) && (options.jobsWorker ?? config.jobsWorker) === 'in-process') {
    app.addHook('onReady', async () => jobs.start());
  }

  let shuttingDown = false;
  app.addHook('onClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', { config: { public: true } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    if (shuttingDown) return reply.status(503).send({ status: 'shutting down' });
    await options.db.query('SELECT 1');
    return { status: 'ready', database: options.db.kind };
  });
  const openApi = buildOpenApi(operations.map((o) => o.definition));
  // Every route, explicit ones included, with its security; built once all routes are registered.
  let fullOpenApi: ReturnType<typeof withExplicitRoutes> | null = null;
  app.get('/api/openapi.json', { config: { public: true } }, async () => {
    fullOpenApi ??= withExplicitRoutes(openApi, routes);
    return fullOpenApi;
  });
  const reference = renderApiReference(openApi);
  app.get('/api/docs', { config: { public: true } }, async (_request, reply) => reply.type('text/html').send(reference));

  const webDist = options.webDist === undefined ? resolve(here, '../../web/dist') : options.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(async (scope) => {
      // The built web app is public by nature: it holds no data.
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true };
      });
      // The web app's HTML, JavaScript, CSS and JSON go out compressed (WEB_COMPRESSION, chosen at the top).
      webApp = scope;
      const serveSourceMaps = options.serveSourceMaps ?? false;
      await scope.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        // Source maps reveal the source: only when the operator asks for them.
        allowedPath: (pathName) => serveSourceMaps || !pathName.endsWith('.map'),
        // The build wrote each HTML, CSS, JavaScript and JSON file of 1 KiB or more brotli'd and gzipped beside it
        // (apps/web/precompress.ts): those go out as they are, to a browser that accepts the encoding, at the
        // highest compression and no work per request; any other file is compressed as it is sent (WEB_COMPRESSION).
        preCompressed: true,
        // Files under assets/ carry a hash of their content in the name: cached for good. The rest (index.html) is
        // checked with the server on every load, so a new version is picked up at once. The same address answers in
        // more than one encoding: a cache keeps them apart by Accept-Encoding.
        cacheControl: false,
        setHeaders: (response, path) => {
          response.setHeader(
            'cache-control',
            relative(webDist, path).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          response.setHeader('vary', 'accept-encoding');
        },
      });
      // Hash routes all live in index.html; /v/ is the prefix of upgrade links [A2.8].
      scope.get('/v/', (_request, reply) => reply.sendFile('index.html'));
    });
  }
  return app;
}

/** How the API's JSON answers are compressed: brotli (at @fastify/compress's quick quality 4) or gzip, from 1 KiB. */
const API_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  customTypes: /^application\/(problem\+)?json\b/,
} satisfies FastifyCompressOptions;

/** How the web app's files are compressed: the same, for its HTML, JavaScript, CSS and JSON. */
const WEB_COMPRESSION = {
  ...API_COMPRESSION,
  customTypes: /^(text\/html|text\/css|text\/javascript|application\/javascript|application\/json)\b/,
} satisfies FastifyCompressOptions;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to the server. */
function fastifyTrustProxy(value: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the test that checks each one declares its access. */
    routeTable: RouteOptions[];
    /** The durable job worker (started in the background unless tests or JOBS_WORKER=off keep it stopped). */
    jobs: JobWorker;
  }
}
