import { describe, expect, it } from 'vitest';
import { loadConfig, parsePgliteThread } from '../config.js';

describe('PGLITE_THREAD', () => {
  it('is server when unset or blank, worker or server otherwise', () => {
    expect(parsePgliteThread(undefined)).toBe('server');
    expect(parsePgliteThread(' ')).toBe('server');
    expect(parsePgliteThread('server')).toBe('server');
    expect(parsePgliteThread(' worker ')).toBe('worker');
    expect(loadConfig({ PGLITE_THREAD: 'server' }).pgliteThread).toBe('server');
    expect(loadConfig({}).pgliteThread).toBe('server');
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['main', 'Worker', 'true']) {
      expect(() => parsePgliteThread(bad), bad).toThrow(/PGLITE_THREAD must be worker or server/);
    }
  });
});
