import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateKey, loadKeyring, makeKeyring, open, parseKey, SecretUnreadableError, seal, sealedWith } from '../secrets.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('sealing secrets with AES-256-GCM', () => {
  const keyring = makeKeyring(generateKey());

  it('seals to a value that names its key and holds nothing of the secret, and opens it again', () => {
    const sealed = seal(keyring, 'table.column', 'my client secret');
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{12}:/);
    expect(sealed).not.toContain('my client secret');
    expect(sealedWith(sealed)).toBe(keyring.current.id);
    expect(open(keyring, 'table.column', sealed)).toBe('my client secret');
    expect(seal(keyring, 'table.column', 'my client secret')).not.toBe(sealed);
  });

  it('refuses a value sealed for another purpose, altered, or under a key that is not configured', () => {
    const sealed = seal(keyring, 'table.column', 'secret');
    expect(() => open(keyring, 'other.column', sealed)).toThrow(SecretUnreadableError);
    // One character well inside the last (base64) part: its six bits are all data. (The last character may carry
    // padding bits a decoder ignores, so changing it does not always change the bytes.)
    const at = sealed.length - 10;
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => open(keyring, 'table.column', altered)).toThrow(SecretUnreadableError);
    expect(() => open(makeKeyring(generateKey()), 'table.column', sealed)).toThrow(/not configured/);
  });

  it('opens values of an old key while sealing new ones with the current key', () => {
    const old = makeKeyring(generateKey());
    const sealedBefore = seal(old, 'p', 'kept');
    const rotated = makeKeyring(generateKey(), old.all);
    expect(open(rotated, 'p', sealedBefore)).toBe('kept');
    expect(sealedWith(seal(rotated, 'p', 'new'))).toBe(rotated.current.id);
  });

  it('gives a value stored before sealing back as it is, for the start-up step to seal', () => {
    expect(open(keyring, 'p', 'clear value')).toBe('clear value');
    expect(sealedWith('clear value')).toBeNull();
  });
});

describe('keys from configuration', () => {
  it('reads a key as base64 of 32 bytes, with or without an id, and refuses anything else', () => {
    const raw = Buffer.alloc(32, 7).toString('base64');
    expect(parseKey(`k2026:${raw}`, 'SECRETS_KEY').id).toBe('k2026');
    expect(parseKey(raw, 'SECRETS_KEY').id).toMatch(/^[0-9a-f]{12}$/);
    expect(() => parseKey('too-short', 'SECRETS_KEY')).toThrow(/32 bytes/);
  });

  it('without SECRETS_KEY writes a key file readable by the owner only on the first start and reuses it', () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'portal-keys-')), 'secrets.key');
    const first = loadKeyring({ secretsKey: null, secretsOldKeys: [], keyFile });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const again = loadKeyring({ secretsKey: null, secretsOldKeys: [], keyFile });
    expect(again.current.id).toBe(first.current.id);
    expect(readFileSync(keyFile, 'utf8')).toContain(`${first.current.id}:`);
  });

  it('processes starting together on one DATA_DIR all read the same whole key, never a half-written file', async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'portal-keys-')), 'secrets.key');
    const secretsModule = pathToFileURL(join(here, '../secrets.ts')).href;
    // Every process waits for the same instant before reading, so the first starts are truly together.
    const at = Date.now() + 4_000;
    const script = `const { loadKeyring } = await import(${JSON.stringify(secretsModule)}); while (Date.now() < ${at}); process.stdout.write(loadKeyring({ secretsKey: null, secretsOldKeys: [], keyFile: ${JSON.stringify(keyFile)} }).current.id);`;
    const run = () =>
      new Promise<string>((done, fail) =>
        execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], (error, stdout, stderr) =>
          error ? fail(new Error(stderr || error.message)) : done(stdout),
        ),
      );
    const ids = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(ids).size).toBe(1);
    expect(readFileSync(keyFile, 'utf8')).toBe(readFileSync(keyFile, 'utf8').split('\n')[0] + '\n');
    expect(readdirSync(dirname(keyFile))).toEqual(['secrets.key']);
  }, 120_000);

  it('SECRETS_KEY wins over the key file; SECRETS_OLD_KEYS only open', () => {
    const current = generateKey();
    const old = generateKey();
    const keyring = loadKeyring({
      secretsKey: `${current.id}:${current.key.toString('base64')}`,
      secretsOldKeys: [`${old.id}:${old.key.toString('base64')}`],
      keyFile: '/nonexistent/secrets.key',
    });
    expect(keyring.current.id).toBe(current.id);
    expect(keyring.all.map((k) => k.id)).toEqual([current.id, old.id]);
  });
});
