import { describe, expect, it } from 'vitest';
import { parsePublicUrl } from '../config.js';

describe('PUBLIC_URL', () => {
  it.each([
    [undefined, 'http://localhost:8080'],
    ['  ', 'http://localhost:8080'],
    ['https://portal.example.com', 'https://portal.example.com'],
    ['https://portal.example.com/', 'https://portal.example.com'],
    ['https://example.com/portal/', 'https://example.com/portal'],
  ])('%j -> %s', (value, expected) => {
    expect(parsePublicUrl(value, 8080)).toBe(expected);
  });
  it.each(['portal.example.com', 'ftp://example.com', 'https://example.com/?a=1', 'https://example.com/#/x'])(
    'refuses %s',
    (value) => {
      expect(() => parsePublicUrl(value, 8080)).toThrow(/PUBLIC_URL/);
    },
  );
});
