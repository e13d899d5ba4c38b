import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server/migrations, from both src/ (tsx, tests) and dist/ (built). */
export const MIGRATIONS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  process.env.PORTAL_BUNDLED ? '../migrations' : '../../../migrations',
);
