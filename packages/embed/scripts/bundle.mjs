// Builds the browser bundles dist/powerbi.js and dist/powerbi.min.js with esbuild (UMD-style IIFE).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildBundles(root, outDir = join(root, 'dist')) {
  mkdirSync(outDir, { recursive: true });
  // The IIFE's result is kept in a local and, under CommonJS, exported.
  const banner = {
    js: '/*! @portal/embed 2.23.1 | embedded analytics client (powerbi-client 2.23.1 compatible) */\n(function () {',
  };
  const footer = {
    js: 'if (typeof module === "object" && module && typeof module.exports === "object") { module.exports = __portalEmbed.default; }\n})();',
  };
  const common = {
    entryPoints: [join(root, 'src/bundle.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__portalEmbed',
    target: ['es2019'],
    platform: 'browser',
    banner,
    footer,
    logLevel: 'warning',
  };
  await build({ ...common, outfile: join(outDir, 'powerbi.js'), sourcemap: true });
  await build({ ...common, outfile: join(outDir, 'powerbi.min.js'), minify: true, sourcemap: true });
  return { full: join(outDir, 'powerbi.js'), min: join(outDir, 'powerbi.min.js') };
}
