// Bundles the server (and the workspace packages it imports) into dist/server.js; npm
// dependencies stay external and are loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@portal/'));

// platform/db/pglite-thread: the embedded database's worker thread (pglite-worker.ts starts dist/pglite-thread.js).
for (const entry of ['server', 'worker', 'cli/migrate', 'cli/seed', 'platform/db/pglite-thread']) {
  await build({
    entryPoints: [`src/${entry}.ts`],
    outfile: `dist/${entry.replace(/^.*\//, '')}.js`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, '@electric-sql/pglite/*'],
    define: { 'process.env.PORTAL_BUNDLED': '"true"' },
    banner: {
      js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
console.log('server built to apps/server/dist');
