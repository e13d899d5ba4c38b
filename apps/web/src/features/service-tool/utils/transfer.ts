/**
 * Pure helpers of export and import [S4.1]: the file name a service is saved under and reading a
 * chosen file as JSON.
 */

/** The export's file name: the service name with characters file systems refuse replaced. */
export function exportFileName(serviceName: string): string {
  const safe = [...serviceName]
    .map((ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/_+/g, '_')
    .trim()
    .slice(0, 120);
  return `${safe || 'service'}.json`;
}

/** The largest export file the import reads (a service document is far smaller). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ImportFileCheck = { ok: true; value: unknown } | { ok: false; reason: 'tooLarge' | 'notJson' | 'noFileApi' };

/** [M5.5] Whether the browser can read a chosen file (the File APIs); without them the import cannot start. */
export function hasFileApi(scope: { File?: unknown; FileReader?: unknown; Blob?: unknown } = globalThis): boolean {
  return typeof scope.File === 'function' && typeof scope.FileReader === 'function' && typeof scope.Blob === 'function';
}

/**
 * Reads the text of a chosen file as JSON, or says why it cannot be a service export. [M5.5] Only a .json file is
 * accepted, whatever its content.
 */
export function parseImportFile(text: string, size: number, fileName = 'service.json'): ImportFileCheck {
  if (!/\.json$/i.test(fileName)) return { ok: false, reason: 'notJson' };
  if (size > MAX_IMPORT_BYTES) return { ok: false, reason: 'tooLarge' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'notJson' };
  }
}
