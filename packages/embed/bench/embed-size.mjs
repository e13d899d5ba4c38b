// Prints the min+gzip size of our browser bundle next to the reference's dist/powerbi.min.js, as a ratio.
// Usage: node bench/embed-size.mjs   (builds the bundle first when dist/powerbi.min.js is missing)
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildBundles } from '../scripts/bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ours = join(root, 'dist/powerbi.min.js');
if (!existsSync(ours)) await buildBundles(root);

const require = createRequire(import.meta.url);
let reference;
try {
  reference = require.resolve('powerbi-client/dist/powerbi.min.js');
} catch {
  console.error('powerbi-client is not installed (npm install) - cannot compare.');
  process.exit(1);
}

const measure = (file) => {
  const bytes = readFileSync(file);
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const a = measure(ours);
const b = measure(reference);
console.log('bundle                         min          min+gzip');
console.log(`@portal/embed dist/powerbi.min.js  ${kb(a.min).padEnd(12)} ${kb(a.gzip)}`);
console.log(`powerbi-client 2.23.1 min.js      ${kb(b.min).padEnd(12)} ${kb(b.gzip)}`);
console.log(`ratio (ours / reference, min+gzip): ${(a.gzip / b.gzip).toFixed(3)}`);
