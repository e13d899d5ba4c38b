import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security headers on every response, HTML and API alike (issue 14): a Content-Security-Policy without inline script,
 * nosniff, a Referrer-Policy, X-Frame-Options for old browsers, and HSTS when the browser reached us over TLS
 * (directly, or through a proxy TRUST_PROXY trusts that says https). The embed host's pages, which other sites may
 * frame, replace the policy with `embedHostPolicy` (frame-ancestors from EMBED_FRAME_ANCESTORS).
 */
export interface SecurityHeaderSettings {
  /** Origins the web app may load scripts from besides its own (the optional guidance script). */
  scriptOrigins?: readonly string[];
  /** Origins the web app may frame besides its own (the embed host at EMBED_PUBLIC_URL). */
  frameOrigins?: readonly string[];
}

export const HSTS = 'max-age=31536000';

/** The policy of the portal's own pages and of every API answer: nothing inline but styles, framed only by itself. */
export function portalPolicy(settings: SecurityHeaderSettings = {}): string {
  const scripts = ["'self'", ...(settings.scriptOrigins ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Mantine and the embed host inject their CSS at run time (CSS-in-JS): styles may be inline, scripts never.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${scripts}`,
    // Dashboard video widgets play in YouTube's privacy-enhanced player [M3.6] (issue 18).
    `frame-src ${["'self'", 'https://www.youtube-nocookie.com', ...(settings.frameOrigins ?? [])].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The embed host's pages: framed by the portal itself and by the configured embedding sites only. */
export function embedHostPolicy(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** Whether the browser's connection is TLS: the socket itself, or a trusted proxy's X-Forwarded-Proto. */
export function isTls(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The headers every answer carries whatever the connection (HSTS is added over TLS): built once, not per request. */
export function commonHeaders(policy: string): Readonly<Record<string, string>> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings = {}) {
  const headers = commonHeaders(portalPolicy(settings));
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    if (isTls(request)) reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}

/** The origin of an http(s) address, or null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * EMBED_FRAME_ANCESTORS: the origins of the sites allowed to frame the embed host (comma separated, e.g.
 * `https://intranet.example.com,https://crm.example.com`), or `*` for any site. Unset: only the portal itself.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const v = value?.trim() ?? '';
  if (v === '') return [];
  if (v === '*') return ['*'];
  return v.split(',').map((entry) => {
    const e = entry.trim();
    const origin = originOf(e);
    if (!origin || origin !== e.replace(/\/$/, ''))
      throw new Error(`EMBED_FRAME_ANCESTORS: "${e}" must be an origin such as https://intranet.example.com, or * alone`);
    return origin;
  });
}
