// Builds dist/esm (ESM + .d.ts via tsc) and the browser bundles dist/powerbi.js and dist/powerbi.min.js (esbuild).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundles } from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
// The package exports no bin path: tsc is found beside its package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
await buildBundles(root);
console.log('built dist/esm, dist/powerbi.js, dist/powerbi.min.js');
