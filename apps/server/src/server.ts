import { readFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './platform/config/config.js';
import { createDb } from './platform/db/db.js';
import { migrate } from './platform/db/migrate.js';
import { MIGRATIONS_DIR } from './platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo } from './seed/demo-seed.js';

const config = loadConfig();
const https = config.tls ? readTls(config.tls) : null;
const shouldSeed = process.argv.includes('--seed-demo');
const db = await createDb(config);
const applied = await migrate(db, MIGRATIONS_DIR);
const app = await buildApp({
  db,
  logger: { level: config.logLevel, ...(config.logFile ? { file: config.logFile } : {}) },
  webDist: config.webDist,
  serveSourceMaps: config.serveSourceMaps,
  sessionHours: config.sessionHours,
  sessionMaxHours: config.sessionMaxHours,
  redirectPrefixes: config.redirectPrefixes,
  guidanceScriptUrl: config.guidanceScriptUrl,
  navigationHeaderScriptUrl: config.navigationHeaderScriptUrl,
  secureCookies: config.secureCookies,
  publicUrl: config.publicUrl,
  https,
});
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
if (shouldSeed) {
  const started = Date.now();
  const seeded = await seedDemo(db, { orderHistory: config.demoOrderHistory });
  if (seeded.created) app.log.info({ ms: Date.now() - started, orderHistory: config.demoOrderHistory }, 'demo data seeded');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests and running jobs');
  // Requests in flight finish; running jobs get JOB_SHUTDOWN_GRACE_MS (app.ts); past 30 s the process gives up.
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `${https ? 'https' : 'http'}://localhost:${(app.server.address() as { port: number }).port}`;
if (shouldSeed) {
  console.log(`
  Cloud portal is running at ${url}  (database: ${db.kind === 'pglite' ? `embedded, ${config.dataDir}, in the ${config.pgliteThread} thread` : 'PostgreSQL'})
  API reference: ${url}/api/docs

  Demo sign-ins (password for all: ${DEMO_PASSWORD})
    provider.admin      provider administrator (sees everything)
    blueharbor.admin    reseller administrator of Blue Harbor IT
    cedarridge.admin    reseller administrator of Cedar Ridge Solutions
    acme.admin          company administrator of Acme Logistics
    acme.jdoe           company user at Acme Logistics (read-only)
    acme.newhire        company user who has not accepted the platform terms yet
`);
}

/** The certificate and key of TLS_CERT_FILE / TLS_KEY_FILE, or a start-up error naming the file. */
function readTls(files: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name}: cannot read ${file}: ${(error as Error).message}`);
    }
  };
  return { cert: read('TLS_CERT_FILE', files.certFile), key: read('TLS_KEY_FILE', files.keyFile) };
}
