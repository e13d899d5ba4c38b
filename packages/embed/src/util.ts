/** Host names (suffixes) an embed URL may point at; always over https. */
const ALLOWED_HOST_SUFFIXES = [
  '.powerbi.com',
  '.powerbigov.us',
  '.powerbi.cn',
  '.fabric.microsoft.com',
  '.eaglex.ic.gov',
  '.microsoft.scloud',
];

/**
 * Origins of self-hosted embed hosts that the host page trusts in addition to the analytics
 * hosts above (http allowed: a portal on a private network may run without TLS).
 */
const trustedEmbedOrigins = new Set<string>();

/**
 * Trusts the embed host at this origin, so embed URLs on it pass [E5.6]. Our server appends this
 * call for its own origin to the bundle it serves at /embed/sdk/powerbi.js.
 * @example trustEmbedOrigin('https://portal.example.com');
 */
export function trustEmbedOrigin(origin: string): void {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`Only http and https origins can be trusted: ${origin}`);
  trustedEmbedOrigins.add(url.origin);
}

/** Forgets every origin trusted with trustEmbedOrigin (tests). */
export function clearTrustedEmbedOrigins(): void {
  trustedEmbedOrigins.clear();
}

/** Dispatches a bubbling, cancelable CustomEvent on the element. */
export function raiseCustomEvent(element: HTMLElement, eventName: string, eventData: unknown): void {
  const view = element.ownerDocument?.defaultView ?? window;
  const event = new view.CustomEvent(eventName, { detail: eventData, bubbles: true, cancelable: true });
  element.dispatchEvent(event);
}

export function findIndex<T>(predicate: (x: T) => boolean, xs: T[]): number {
  return xs.findIndex(predicate);
}

export function find<T>(predicate: (x: T) => boolean, xs: T[]): T | undefined {
  return xs.find(predicate);
}

export function remove<T>(predicate: (x: T) => boolean, xs: T[]): void {
  const index = xs.findIndex(predicate);
  if (index >= 0) xs.splice(index, 1);
}

export function assign<T extends object>(...args: object[]): T {
  return Object.assign({}, ...args) as T;
}

const randomBytes = (count: number): Uint8Array => {
  const bytes = new Uint8Array(count);
  const cryptoApi = (globalThis as { crypto?: Crypto }).crypto;
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < count; i++) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
};

/** A short random id (base 36) used as an embed's unique id. */
export function createRandomString(): string {
  const bytes = randomBytes(4);
  const value = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  return value.toString(36).slice(0, 7).padStart(5, '0');
}

/** A 20-hex-character session id. */
export function generateUUID(): string {
  return Array.from(randomBytes(10), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function getRandomValue(): number {
  const bytes = randomBytes(4);
  return ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
}

/** Appends `name=value` to a URL's query string. */
export function addParamToUrl(url: string, paramName: string, value: string): string {
  const separator = url.indexOf('?') > 0 ? '&' : '?';
  return `${url}${separator}${paramName}=${value}`;
}

/** True for paginated (RDL) report embed URLs. */
export function isRDLEmbed(embedUrl: string | undefined): boolean {
  return typeof embedUrl === 'string' && embedUrl.toLowerCase().indexOf('/rdlembed?') >= 0;
}

/** True when the embed URL asks for auto-authentication (refused, [E5.6]). */
export function autoAuthInEmbedUrl(embedUrl: string | undefined): boolean {
  return typeof embedUrl === 'string' && embedUrl.indexOf('autoAuth=true') >= 0;
}

export function getTimeDiffInMilliseconds(start: Date, end: Date): number {
  return Math.abs(start.getTime() - end.getTime());
}

export function isCreate(embedType: string | undefined): boolean {
  return embedType === 'create' || embedType === 'quickcreate' || embedType === 'quickCreate';
}

/** True when the URL is https and its host is a known embedding host ([E5.6], [E8.3]). */
export function validateEmbedUrl(embedUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(embedUrl.toLowerCase());
  } catch {
    return false;
  }
  if (trustedEmbedOrigins.has(url.origin)) return true;
  if (url.protocol !== 'https:') return false;
  return ALLOWED_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix));
}

/** Origin of a URL, or '*' when it cannot be parsed. */
export function originOf(url: string | undefined | null): string {
  if (!url) return '*';
  try {
    return new URL(url).origin;
  } catch {
    return '*';
  }
}
