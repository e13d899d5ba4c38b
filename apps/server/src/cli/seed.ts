import { configuredKeyring } from '../app.js';
import { loadConfig } from '../platform/config/config.js';
import { createDb } from '../platform/db/db.js';
import { migrate } from '../platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../platform/db/paths.js';
import { configureSecrets } from '../platform/secrets/index.js';
import { seedDemo, seedLargeHierarchy } from '../seed/demo-seed.js';

// Usage: npm run db:seed [-- --size 100000]
const sizeIndex = process.argv.indexOf('--size');
const size = sizeIndex >= 0 ? Number(process.argv[sizeIndex + 1]) : 0;
if (sizeIndex >= 0 && (!Number.isInteger(size) || size < 100)) {
  console.error('--size must be a whole number of accounts, at least 100');
  process.exit(2);
}
// The demo seals a provisioning password with the server's key (SECRETS_KEY or DATA_DIR/secrets.key).
configureSecrets(configuredKeyring());
const config = loadConfig();
const db = await createDb(config);
await migrate(db, MIGRATIONS_DIR);
const demo = await seedDemo(db, { orderHistory: config.demoOrderHistory });
console.log(demo.created ? 'demo data seeded' : 'demo data already present');
if (size > 0) {
  const started = Date.now();
  const result = await seedLargeHierarchy(db, size, (done) => process.stdout.write(`\r  ${done} accounts`));
  console.log(
    `\n${result.created ? 'generated' : 'already present:'} ${result.accounts} accounts under reseller ${result.resellerId} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
await db.close();
