import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTls } from '../config.js';

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('serve plain http when neither is set', () => {
    expect(parseTls(undefined, undefined)).toBeNull();
    expect(parseTls(' ', '')).toBeNull();
    expect(loadConfig({}).tls).toBeNull();
  });

  it('take both paths, resolved from the working directory', () => {
    expect(parseTls('tls/cert.pem', '/etc/portal/key.pem')).toEqual({
      certFile: resolve('tls/cert.pem'),
      keyFile: '/etc/portal/key.pem',
    });
  });

  it('refuse one without the other, naming both settings', () => {
    expect(() => parseTls('cert.pem', undefined)).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(() => loadConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
  });
});
