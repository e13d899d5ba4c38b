/**
 * The one way the server makes requests to other servers (identity providers' discovery and token calls,
 * Http provisioning, later webhooks): loopback, link-local, private and reserved addresses are refused
 * unless the operator allows them (OUTGOING_ALLOW), checked on the address actually connected to (a name
 * is resolved, every address it resolves to is checked, and the connection goes to a checked address, so
 * DNS rebinding cannot slip through), on every connection including redirects; with a time-out and a limit
 * on the response size. See docs/operations.md ("Outgoing requests").
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/** Named groups of addresses an operator may allow, besides explicit CIDR ranges. */
export const OUTGOING_ALLOWANCES = ['loopback', 'private', 'link-local'] as const;

const NAMED: Record<(typeof OUTGOING_ALLOWANCES)[number], [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
  'link-local': [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
};

/** Every address that is not a public unicast one (IANA special-purpose registries). */
const INTERNAL: [string, number, 'ipv4' | 'ipv6'][] = [
  ...NAMED.loopback,
  ...NAMED.private,
  ...NAMED['link-local'],
  ['0.0.0.0', 8, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

function blockList(ranges: [string, number, 'ipv4' | 'ipv6'][]) {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const internal = blockList(INTERNAL);
let allowed = new BlockList();
let allowedText: string[] = [];

/**
 * Parses OUTGOING_ALLOW: a comma-separated list of loopback, private, link-local or CIDR ranges
 * (10.20.0.0/16, fd00::/8). Throws with the offending part.
 */
export function parseOutgoingAllow(value: string | undefined): string[] {
  const parts = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const part of parts) {
    if ((OUTGOING_ALLOWANCES as readonly string[]).includes(part)) continue;
    const [network = '', prefix = ''] = part.split('/');
    const bits = Number(prefix);
    const family = isIP(network);
    if (!family || !/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
      throw new Error(`OUTGOING_ALLOW: "${part}" is neither loopback, private, link-local nor a CIDR range such as 10.20.0.0/16`);
  }
  return parts;
}

/** Sets which internal addresses outgoing requests may reach (by default none). */
export function configureOutgoing(allow: readonly string[]) {
  const ranges: [string, number, 'ipv4' | 'ipv6'][] = [];
  for (const part of allow) {
    const named = NAMED[part as keyof typeof NAMED];
    if (named) ranges.push(...named);
    else {
      const [network = '', prefix = '0'] = part.split('/');
      ranges.push([network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4']);
    }
  }
  allowed = blockList(ranges);
  allowedText = [...allow];
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:10.0.0.1), else the address itself. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1] ?? address;
}

/** Why an address may not be connected to, or null when it may. */
export function refusalOfAddress(address: string): string | null {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain);
  if (!family) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (!internal.check(plain, type) || allowed.check(plain, type)) return null;
  return `${plain} is an internal address; the operator can allow it with OUTGOING_ALLOW (allowed now: ${allowedText.join(', ') || 'none'})`;
}

/** Host names that always mean this machine, refused like loopback addresses without a lookup. */
const LOCAL_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.localhost$/i;

/**
 * Why a URL may not be requested, judged without connecting or resolving: its scheme, and its host when it
 * is an address or a name of this machine. Used when an issuer or endpoint is saved; names are checked again,
 * resolved, when the request is made.
 */
export function refusalOfUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${text} is not a valid address`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${text} must start with http:// or https://`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return refusalOfAddress(host);
  if (LOCAL_NAMES.test(host))
    return refusalOfAddress('127.0.0.1') && `${host} is this machine; the operator can allow loopback with OUTGOING_ALLOW`;
  return null;
}

export class OutgoingRefused extends Error {
  readonly code = 'OUTGOING_REFUSED';
}

/** Resolves a name and refuses it when any address it resolves to is refused (connect-time check). */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.map((a) => refusalOfAddress(a.address)).find((r) => r !== null);
    if (refused) return callback(new OutgoingRefused(`${hostname}: ${refused}`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
}

const connect = buildConnector({ lookup: guardedLookup as never });

/** Every outgoing connection goes through this agent. */
const agent = new Agent({
  connect: (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = refusalOfAddress(host);
      if (refused) return callback(new OutgoingRefused(refused), null);
    }
    return connect(options, callback);
  },
});

export interface GuardedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  redirect?: 'follow' | 'manual' | 'error';
  timeoutMs: number;
  /** Responses larger than this are cut off with an error (default 1 MiB). */
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

/** Stops a response body past `limit` bytes. */
function limited(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new OutgoingRefused(`the response is larger than ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * fetch through the guard. Answers a standard (global) Response, so libraries that expect one (openid-client)
 * take it. A refused address fails like a network error whose cause is an OutgoingRefused.
 */
export async function guardedFetch(url: string | URL, request: GuardedRequest): Promise<Response> {
  const refused = refusalOfUrl(String(url));
  if (refused) throw new TypeError('fetch failed', { cause: new OutgoingRefused(refused) });
  const signals = [AbortSignal.timeout(request.timeoutMs), ...(request.signal ? [request.signal] : [])];
  const res = await undiciFetch(String(url), {
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    redirect: request.redirect ?? 'manual',
    signal: AbortSignal.any(signals),
    dispatcher: agent,
  });
  const declared = Number(res.headers.get('content-length') ?? '0');
  const limit = request.maxResponseBytes ?? 1024 * 1024;
  if (declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new TypeError('fetch failed', { cause: new OutgoingRefused(`the response is larger than ${limit} bytes`) });
  }
  const nullBody = res.status === 204 || res.status === 205 || res.status === 304;
  return new Response(nullBody || !res.body ? null : (limited(res.body as ReadableStream<Uint8Array>, limit) as never), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers as unknown as Headers,
  });
}
