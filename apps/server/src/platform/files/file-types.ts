/** The upload limits of /keeper/upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

interface FileType {
  extension: string;
  contentType: string;
  /** Declared content types a browser may send for this kind of file. */
  accepted: readonly string[];
  /** Checks the first bytes; TXT has no signature, so it is checked for binary content instead. */
  matches(head: Buffer): boolean;
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const TYPES: Record<string, FileType> = {
  pdf: {
    extension: 'pdf',
    contentType: 'application/pdf',
    accepted: ['application/pdf'],
    matches: (h) => startsWith(h, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  },
  png: {
    extension: 'png',
    contentType: 'image/png',
    accepted: ['image/png'],
    matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  jpg: {
    extension: 'jpg',
    contentType: 'image/jpeg',
    accepted: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  },
  gif: {
    extension: 'gif',
    contentType: 'image/gif',
    accepted: ['image/gif'],
    // GIF87a or GIF89a: service icons and screenshots may be gif [S5.6].
    matches: (h) => startsWith(h, [0x47, 0x49, 0x46, 0x38]) && (h[4] === 0x37 || h[4] === 0x39) && h[5] === 0x61,
  },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    accepted: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
    matches: (h) => startsWith(h, ZIP),
  },
  // [A5.4] Import templates of the bulk import wizard.
  xlsm: {
    extension: 'xlsm',
    contentType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
    accepted: ['application/vnd.ms-excel.sheet.macroenabled.12', 'application/zip'],
    matches: (h) => startsWith(h, ZIP),
  },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    accepted: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    matches: (h) => startsWith(h, ZIP),
  },
  txt: {
    extension: 'txt',
    contentType: 'text/plain; charset=utf-8',
    accepted: ['text/plain'],
    matches: (h) => !h.includes(0) && isUtf8(h),
  },
};

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const EXTENSIONS: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  gif: 'gif',
  xlsx: 'xlsx',
  xlsm: 'xlsm',
  docx: 'docx',
  txt: 'txt',
};

/**
 * The type of an upload when its extension, declared content type and first bytes agree, or null.
 * Generic declarations (application/octet-stream, none) are accepted when the bytes match.
 */
export function detectFileType(originalName: string, declared: string, data: Buffer): FileType | null {
  const ext = EXTENSIONS[originalName.split('.').pop()?.toLowerCase() ?? ''];
  const type = ext ? TYPES[ext] : undefined;
  if (!type) return null;
  const mime = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime !== '' && mime !== 'application/octet-stream' && !type.accepted.includes(mime)) return null;
  // A text file is checked whole (it is at most 10 MB); binary kinds by their signature.
  return type.matches(type.extension === 'txt' ? data : data.subarray(0, 16)) ? type : null;
}

/** The original file name made safe to keep and to send back: no path, no control characters. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch !== '"' && (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}
