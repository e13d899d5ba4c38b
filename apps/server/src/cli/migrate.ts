import { loadConfig } from '../platform/config/config.js';
import { createDb } from '../platform/db/db.js';
import { migrate } from '../platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../platform/db/paths.js';

const db = await createDb(loadConfig());
const applied = await migrate(db, MIGRATIONS_DIR);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
await db.close();
