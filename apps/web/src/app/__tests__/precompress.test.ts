import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../../precompress';

describe("the build's compressed copies of the web app's files", () => {
  let dir: string;
  const big = (text: string) => text.repeat(Math.ceil(2048 / text.length));
  const files: Record<string, string> = {
    'index.html': big('<p>portal</p>'),
    'assets/index-AbC123.js': big('export const a = 1;\n'),
    'assets/index-AbC123.css': big('.a { color: red; }\n'),
    'assets/en-AbC123.json': big('{"a":"b"}'),
    'assets/tiny-AbC123.js': 'export {};\n',
    'assets/index-AbC123.js.map': big('{"version":3}'),
    'service-icons/icon.svg': big('<svg/>'),
  };
  let done: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'service-icons'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    done = await precompressFiles(dir, Object.keys(files));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each HTML, CSS, JavaScript and JSON file of 1 KiB or more', () => {
    expect(done).toEqual(['assets/en-AbC123.json', 'assets/index-AbC123.css', 'assets/index-AbC123.js', 'index.html']);
    for (const name of done) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      expect(br.length, name).toBeLessThan(original.length / 4);
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(original), name).toBe(true);
    }
  });

  it('leaves small files, source maps and other types to the server', () => {
    for (const name of ['assets/tiny-AbC123.js', 'assets/index-AbC123.js.map', 'service-icons/icon.svg']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
