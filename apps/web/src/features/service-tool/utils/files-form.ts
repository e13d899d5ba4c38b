/**
 * Pure helpers of the Files tab [S2.6]: screenshots, downloadables and videos, with the checks of
 * [S5.6] (images png, jpg, jpeg or gif; YouTube videos only).
 */
import { isImageUrl, isServiceFileUrl, isYouTubeUrl, SERVICE_MESSAGES, type ServiceDocument } from '@portal/contracts';

export type FileList = 'Screenshots' | 'Downloads' | 'ServiceVideos';

/** [S5.6] The message for an address that this list refuses, or null. */
export function fileUrlError(list: FileList, url: string): string | null {
  const u = url.trim();
  if (list === 'ServiceVideos') return isYouTubeUrl(u) ? null : SERVICE_MESSAGES.onlyYouTube;
  if (list === 'Screenshots') return isImageUrl(u) ? null : SERVICE_MESSAGES.screenshotFormat;
  return isServiceFileUrl(u) ? null : SERVICE_MESSAGES.fileUrl;
}

/** Adds a file or video with its caption, or names what is wrong. */
export function addFile(
  doc: ServiceDocument,
  list: FileList,
  url: string,
  description: string,
): { ok: true; doc: ServiceDocument } | { ok: false; error: string } {
  const error = fileUrlError(list, url);
  if (error) return { ok: false, error };
  return { ok: true, doc: { ...doc, [list]: [...doc[list], { Url: url.trim(), Description: description.trim() }] } };
}

/** Removes the entry at a position. */
export function removeFile(doc: ServiceDocument, list: FileList, index: number): ServiceDocument {
  return { ...doc, [list]: doc[list].filter((_, i) => i !== index) };
}

/** Moves an entry one place up (-1) or down (+1). */
export function moveFile(doc: ServiceDocument, list: FileList, index: number, by: -1 | 1): ServiceDocument {
  const items = [...doc[list]];
  const to = index + by;
  const item = items[index];
  if (!item || to < 0 || to >= items.length) return doc;
  items.splice(index, 1);
  items.splice(to, 0, item);
  return { ...doc, [list]: items };
}
