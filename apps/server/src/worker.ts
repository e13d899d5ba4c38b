// `npm run worker`: runs the durable job worker as its own process, for installations that scale out
// on PostgreSQL (several servers with JOBS_WORKER=off, one or more of these). Workers share the jobs
// table safely: each claim skips rows another worker holds (FOR UPDATE SKIP LOCKED).
import { join } from 'node:path';
import pino from 'pino';
import { configuredKeyring, JOB_SHUTDOWN_GRACE_MS, registeredJobHandlers } from './app.js';
import { loadConfig } from './platform/config/config.js';
import { createDb } from './platform/db/db.js';
import { migrate } from './platform/db/migrate.js';
import { MIGRATIONS_DIR } from './platform/db/paths.js';
import { localDiskStorage } from './platform/files/index.js';
import { configureOutgoing } from './platform/http/outgoing.js';
import { createJobWorker } from './platform/jobs/index.js';
import { createSmtpTransport } from './platform/mail/index.js';
import { configureSecrets } from './platform/secrets/index.js';

const config = loadConfig();
configureOutgoing(config.outgoingAllow);
// The worker opens sealed e-mail text to send it: it needs the server's SECRETS_KEY.
configureSecrets(configuredKeyring());
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  // PGlite keeps its files locked by one process: the server runs the jobs itself in that case.
  log.error('npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the server runs jobs itself.');
  process.exit(1);
}
const db = await createDb(config);
await migrate(db, MIGRATIONS_DIR);
const storage = localDiskStorage(join(config.dataDir, 'files'));
const mailTransport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
const worker = createJobWorker({
  db,
  handlers: registeredJobHandlers({
    storage,
    mailFrom: config.mailFrom,
    mailTransport,
    publicUrl: config.publicUrl,
    orphanUploadGraceHours: config.orphanUploadGraceHours,
  }),
  log,
  concurrency: config.jobsConcurrency,
});
worker.start();
log.info({ workerId: worker.workerId, types: worker.types, smtp: mailTransport !== null }, 'job worker started');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'job worker stopping: finishing running jobs');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  // Running jobs get a grace period to finish; those still running then go back to the queue.
  await worker.stop({ graceMs: JOB_SHUTDOWN_GRACE_MS });
  mailTransport?.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
