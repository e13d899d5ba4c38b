/**
 * Pure helpers for uploading service files [S2.5], [S2.6], [S5.6] through /keeper/upload [A7.2]: what
 * each list accepts before anything is sent, and where an uploaded file is shown from.
 */

/** The keeper's size limit. */
export const MAX_SERVICE_UPLOAD_BYTES = 10 * 1024 * 1024;

export type UploadKind = 'image' | 'file';

/** [S5.6] Icons and screenshots: png, jpg, jpeg or gif. */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];
/** Downloads: what the keeper stores. */
const FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'xlsx', 'docx', 'txt'];

/** The `accept` attribute of the file picker. */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif',
  file: FILE_EXTENSIONS.map((e) => `.${e}`).join(','),
};

/** Why a chosen file cannot be uploaded here ('tooLarge', 'imageType', 'fileType'), or null. */
export function uploadProblem(
  kind: UploadKind,
  file: { name: string; size: number },
): 'tooLarge' | 'imageType' | 'fileType' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowed = kind === 'image' ? IMAGE_EXTENSIONS : FILE_EXTENSIONS;
  if (!file.name.includes('.') || !allowed.includes(ext)) return kind === 'image' ? 'imageType' : 'fileType';
  if (file.size > MAX_SERVICE_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

const STORED_FILE = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** Whether a file reference is an upload (a stored name) rather than an address. */
export const isUpload = (url: string) => STORED_FILE.test(url);

/** Where the browser loads a file reference from: uploads through /keeper/download, addresses as they are. */
export function fileHref(url: string): string {
  return isUpload(url) ? `/keeper/download/${url}` : url;
}
