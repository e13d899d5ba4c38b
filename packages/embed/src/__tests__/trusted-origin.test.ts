import { afterEach, describe, expect, it } from 'vitest';
import { invalidEmbedUrlErrorMessage } from '../errors.js';
import { trustEmbedOrigin } from '../index.js';
import { clearTrustedEmbedOrigins, validateEmbedUrl } from '../util.js';
import { createService, makeContainer } from './helpers/ours.js';

const SELF_HOSTED = 'http://portal.example.test:8080/embed/reportEmbed?reportId=r&groupId=g';

describe('self-hosted embed hosts', () => {
  afterEach(() => clearTrustedEmbedOrigins());

  it('[E8.3] refuses an embed URL on an untrusted host, then accepts it once its origin is trusted', () => {
    const powerbi = createService();

    expect(() => powerbi.embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: SELF_HOSTED })).toThrow(
      invalidEmbedUrlErrorMessage,
    );
    trustEmbedOrigin('http://PORTAL.example.test:8080');
    const report = powerbi.embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: SELF_HOSTED });

    expect(report.iframe.getAttribute('src')).toContain('http://portal.example.test:8080/embed/reportEmbed');
  });

  it('trusts only the exact origin: another port, scheme or host stays refused', () => {
    trustEmbedOrigin('https://portal.example.test');

    expect(validateEmbedUrl('https://portal.example.test/embed/reportEmbed')).toBe(true);
    expect(validateEmbedUrl('http://portal.example.test/embed/reportEmbed')).toBe(false);
    expect(validateEmbedUrl('https://portal.example.test:8443/embed/reportEmbed')).toBe(false);
    expect(validateEmbedUrl('https://evil.portal.example.test/embed/reportEmbed')).toBe(false);
  });

  it('refuses to trust anything but an http or https origin', () => {
    expect(() => trustEmbedOrigin('javascript:alert(1)')).toThrow('Only http and https origins can be trusted');
    expect(() => trustEmbedOrigin('not a url')).toThrow();
  });
});
