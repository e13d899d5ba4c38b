import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The files the server sends compressed (WEB_COMPRESSION in apps/server/src/app.ts): HTML, CSS, JavaScript and JSON of
 * 1 KiB or more. Source maps are left to the server, which compresses them as it sends them when they are served at all.
 */
const COMPRESSIBLE = /\.(html|css|js|json)$/;
const THRESHOLD = 1024;

/**
 * Writes `name.br` (brotli at its highest quality) and `name.gz` (gzip -9) beside each compressible file of `names`
 * under `dir`; the server sends them as they are to a browser that accepts the encoding (decision 0084). Answers the
 * files compressed.
 */
export async function precompressFiles(dir: string, names: readonly string[]): Promise<string[]> {
  const done: string[] = [];
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const file = join(dir, name);
        const bytes = await readFile(file);
        if (bytes.length < THRESHOLD) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipped(bytes, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        done.push(name);
      }),
  );
  return done.sort();
}

/** The build's last step: every file it wrote compressed once, here, instead of on each request. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await precompressFiles(outDir, Object.keys(bundle));
    },
  };
}
