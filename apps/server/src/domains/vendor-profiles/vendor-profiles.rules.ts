import { VENDOR_LOGO_MIN_HEIGHT, VENDOR_LOGO_MIN_WIDTH, VENDOR_LOGO_URL_PREFIX } from '@portal/contracts';

export type ImageKind = 'png' | 'jpeg' | 'gif';

export interface ImageFacts {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** PNG: the signature, then the IHDR chunk, whose first 8 bytes are width and height (big-endian). */
function readPng(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 24 || !startsWith(bytes, PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GIF87a / GIF89a: the logical screen size follows the signature (little-endian). */
function readGif(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 10) return null;
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  return { kind: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/**
 * JPEG: walks the markers after SOI to the first start-of-frame (SOF0-SOF15 except DHT C4, JPG C8 and
 * DAC CC), whose payload holds height and width (big-endian).
 */
function readJpeg(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    // Fill bytes (0xFF) may pad between markers.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return { kind: 'jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** The kind and size of an image, read from its bytes alone (never its name or declared type), or null. */
export function inspectImage(bytes: Buffer): ImageFacts | null {
  return readPng(bytes) ?? readGif(bytes) ?? readJpeg(bytes);
}

export const LOGO_KIND_MESSAGE = 'The logo must be a .png, .jpg, .jpeg or .gif image';
export const LOGO_SIZE_MESSAGE = `The logo must be at least ${VENDOR_LOGO_MIN_WIDTH} x ${VENDOR_LOGO_MIN_HEIGHT} pixels`;

export type LogoCheck = { ok: true; image: ImageFacts } | { ok: false; message: string };

/** [M5.12] A logo is a PNG, JPEG or GIF of at least 496 x 208 px, judged by its bytes. */
export function checkLogo(bytes: Buffer): LogoCheck {
  const image = inspectImage(bytes);
  if (!image) return { ok: false, message: LOGO_KIND_MESSAGE };
  if (image.width < VENDOR_LOGO_MIN_WIDTH || image.height < VENDOR_LOGO_MIN_HEIGHT) {
    return { ok: false, message: `${LOGO_SIZE_MESSAGE}; this one is ${image.width} x ${image.height}` };
  }
  return { ok: true, image };
}

/** Names /keeper/upload gives to images (32 hex characters and png, jpg or gif). */
const STORED_IMAGE = /^[0-9a-f]{32}\.(png|jpg|gif)$/;

export type IconReference = { ok: true; name: string | null } | { ok: false };

/**
 * The stored name an Icon input refers to: a stored name as /keeper/upload gave it, or the download
 * address the profile answered with (sent back unchanged); null or '' for no logo.
 */
export function iconReference(icon: string | null): IconReference {
  if (icon === null || icon.trim() === '') return { ok: true, name: null };
  const name = icon.startsWith(VENDOR_LOGO_URL_PREFIX) ? icon.slice(VENDOR_LOGO_URL_PREFIX.length) : icon;
  return STORED_IMAGE.test(name) ? { ok: true, name } : { ok: false };
}

/** The address a browser loads a stored logo from. */
export const logoUrl = (name: string | null): string | null => (name ? `${VENDOR_LOGO_URL_PREFIX}${name}` : null);

export interface ProfileValues {
  description: string;
  iconFileId: string | null;
}

/** The fields a save changes, before and after, named as on the wire (for the audit row). */
export function profileChanges(before: ProfileValues, after: ProfileValues) {
  const changed: { before: Record<string, string | null>; after: Record<string, string | null> } = {
    before: {},
    after: {},
  };
  if (before.description !== after.description) {
    changed.before.Description = before.description;
    changed.after.Description = after.description;
  }
  if (before.iconFileId !== after.iconFileId) {
    changed.before.Icon = before.iconFileId;
    changed.after.Icon = after.iconFileId;
  }
  return changed;
}
