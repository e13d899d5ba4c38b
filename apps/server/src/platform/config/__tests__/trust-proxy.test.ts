import { describe, expect, it } from 'vitest';
import { parseFrameAncestors } from '../../http/security-headers.js';
import { parseTrustProxy } from '../config.js';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
    ['fd00::/8,uniquelocal', 'fd00::/8,uniquelocal'],
  ])('%j -> %j', (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });
  it.each(['yes', '0', '11', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2'])('refuses %s', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('EMBED_FRAME_ANCESTORS', () => {
  it('takes origins, or * alone; unset allows only the portal itself', () => {
    expect(parseFrameAncestors(undefined)).toEqual([]);
    expect(parseFrameAncestors('*')).toEqual(['*']);
    expect(parseFrameAncestors('https://intranet.example.com, https://crm.example.com:8443/')).toEqual([
      'https://intranet.example.com',
      'https://crm.example.com:8443',
    ]);
  });
  it.each(['intranet.example.com', 'https://example.com/reports', 'javascript:alert(1)', "'self'"])('refuses %s', (value) => {
    expect(() => parseFrameAncestors(value)).toThrow(/EMBED_FRAME_ANCESTORS/);
  });
});
