// Bundles the embed host into dist/host.js (one IIFE for the browser) and copies host.css.
// Needs the embed library built first (npm run build -w packages/embed): it imports @portal/embed's models.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(dist, 'host.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: process.argv.includes('--minify'),
  sourcemap: true,
  logLevel: 'warning',
});
copyFileSync(join(root, 'src/host.css'), join(dist, 'host.css'));
console.log('embed host built to apps/embed-host/dist');
