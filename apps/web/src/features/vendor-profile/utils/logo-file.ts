/**
 * [M5.12] What the vendor profile screen checks before a logo is sent: the kind of file (png, jpg,
 * jpeg or gif, by name and declared type), its size, and once the browser has read it, its dimensions.
 * The server checks the same from the bytes; this only spares a pointless upload and explains at once.
 */
import { VENDOR_LOGO_EXTENSIONS, VENDOR_LOGO_MIN_HEIGHT, VENDOR_LOGO_MIN_WIDTH } from '@portal/contracts';

/** The keeper's size limit. */
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;

/** The file picker's `accept` attribute. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

const DECLARED_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/gif'];

export type LogoFileProblem = 'type' | 'tooLarge' | 'empty';

/** Why a chosen file cannot be a logo, judged by its name, declared type and size; or null. */
export function logoFileProblem(file: { name: string; type: string; size: number }): LogoFileProblem | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(VENDOR_LOGO_EXTENSIONS as readonly string[]).includes(ext)) return 'type';
  if (file.type !== '' && !DECLARED_TYPES.includes(file.type.toLowerCase())) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_LOGO_BYTES) return 'tooLarge';
  return null;
}

/** [M5.12] [M9.12] Whether an image's dimensions are at least 496 x 208 px. */
export function isLogoLargeEnough(size: { width: number; height: number }): boolean {
  return size.width >= VENDOR_LOGO_MIN_WIDTH && size.height >= VENDOR_LOGO_MIN_HEIGHT;
}

/** [M5.12] Apply is enabled only when the description or the logo differs from the saved one. */
export function hasProfileChanges(
  saved: { Description: string; Icon: string | null },
  draft: { Description: string; Icon: string | null },
): boolean {
  return saved.Description !== draft.Description || (saved.Icon ?? null) !== (draft.Icon ?? null);
}

/** [M2.56] How many characters the description may still take (never below 0). */
export function charactersLeft(description: string, max: number): number {
  return Math.max(0, max - description.length);
}
