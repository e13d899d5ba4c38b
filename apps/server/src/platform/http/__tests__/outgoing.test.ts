import { afterEach, describe, expect, it } from 'vitest';
import {
  configureOutgoing,
  guardedFetch,
  guardedLookup,
  OutgoingRefused,
  parseOutgoingAllow,
  refusalOfAddress,
  refusalOfUrl,
} from '../outgoing.js';

/** Issue 14: outgoing requests refuse internal addresses unless the operator allows them; refused without connecting. */
afterEach(() => configureOutgoing([]));

describe('refusalOfAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    'fe80::1',
    'fd12::1',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses %s by default', (address) => {
    expect(refusalOfAddress(address)).toMatch(/internal address/);
  });

  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111', '11.0.0.1'])('lets public %s through', (address) => {
    expect(refusalOfAddress(address)).toBeNull();
  });

  it('lets the allowed groups and ranges through, and only them', () => {
    configureOutgoing(['loopback', '10.20.0.0/16']);

    expect(refusalOfAddress('127.0.0.1')).toBeNull();
    expect(refusalOfAddress('::1')).toBeNull();
    expect(refusalOfAddress('10.20.3.4')).toBeNull();
    expect(refusalOfAddress('10.21.3.4')).toMatch(/internal address/);
    expect(refusalOfAddress('169.254.169.254')).toMatch(/internal address/);
  });
});

describe('refusalOfUrl', () => {
  it.each([
    'http://127.0.0.1:8080/realms/x',
    'http://[::1]:9000/',
    'https://169.254.169.254/latest/meta-data',
    'http://localhost/',
    'http://api.localhost:3000/',
    'http://10.0.0.7/',
  ])('refuses %s without connecting', (url) => {
    expect(refusalOfUrl(url)).not.toBeNull();
  });

  it('leaves names to the check made when connecting', () => {
    expect(refusalOfUrl('https://login.example.com/realms/acme')).toBeNull();
  });

  it('refuses other schemes', () => {
    expect(refusalOfUrl('file:///etc/passwd')).toMatch(/http/);
  });
});

describe('parseOutgoingAllow', () => {
  it('reads groups and CIDR ranges', () => {
    expect(parseOutgoingAllow(' loopback, private ,fd00::/8,10.2.0.0/16')).toEqual([
      'loopback',
      'private',
      'fd00::/8',
      '10.2.0.0/16',
    ]);
    expect(parseOutgoingAllow(undefined)).toEqual([]);
  });

  it.each(['everything', '10.0.0.0', '10.0.0.0/33', 'example.com/8'])('refuses %s, naming it', (value) => {
    expect(() => parseOutgoingAllow(value)).toThrow(value);
  });
});

describe('the check made when connecting', () => {
  it('refuses a name that resolves to a refused address (localhost resolves from the hosts file)', async () => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));

    expect(error).toBeInstanceOf(OutgoingRefused);
  });

  it('answers a resolved address once it is allowed', async () => {
    configureOutgoing(['loopback']);

    const address = await new Promise<unknown>((resolve) => guardedLookup('localhost', {}, (_e, a) => resolve(a)));

    expect(String(address)).toMatch(/^(127\.|::1)/);
  });

  it('fails a fetch of an internal address before any connection, with the refusal as its cause', async () => {
    const error = await guardedFetch('http://169.254.169.254/latest/meta-data', { timeoutMs: 1000 }).catch((e: Error) => e);

    expect((error as Error & { cause?: unknown }).cause).toBeInstanceOf(OutgoingRefused);
  });
});
