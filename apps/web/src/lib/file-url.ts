/**
 * Where the browser loads a service's or vendor's file reference from: an address (https:, a path on
 * this portal) as it is, a file uploaded to the keeper through /keeper/download.
 */
export function fileUrl(reference: string | null | undefined): string | null {
  if (!reference) return null;
  if (/^(https?:)?\/\//i.test(reference) || reference.startsWith('/') || reference.startsWith('data:image/')) return reference;
  return `/keeper/download/${encodeURIComponent(reference)}`;
}
