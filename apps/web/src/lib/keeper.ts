import type { Problem } from '@portal/contracts';

/** The file keeper of the portal [A7.2]: uploads, deletes and download addresses, for every feature. */

/** What /keeper/upload answers: the stored name and the original file name. */
export interface UploadedFile {
  path: string;
  originalName: string;
}

/** A failed upload or delete, with the server's message when it sent one. */
export class KeeperError extends Error {}

function problemMessage(text: string, fallback: string): string {
  try {
    const problem = JSON.parse(text) as Partial<Problem>;
    return problem.detail ?? problem.title ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * [A7.2] POST /keeper/upload with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Resolves to data.path and data.originalName.
 */
export function uploadFile(
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal; fallbackMessage: string },
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/keeper/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { data: UploadedFile }).data);
        } catch {
          reject(new KeeperError(options.fallbackMessage));
        }
      } else {
        reject(new KeeperError(problemMessage(xhr.responseText, options.fallbackMessage)));
      }
    };
    xhr.onerror = () => reject(new KeeperError(options.fallbackMessage));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** [A7.2] /keeper/delete with filePathName: removes an upload that was not saved. */
export async function deleteUpload(path: string, fallbackMessage: string): Promise<void> {
  const response = await fetch('/keeper/delete', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ filePathName: path }),
  });
  if (!response.ok) throw new KeeperError(problemMessage(await response.text(), fallbackMessage));
}

/** [A7.2] Where an uploaded file (a credit attachment, a service's file) is downloaded: /keeper/download/{url}. */
export const downloadHref = (url: string) => `/keeper/download/${encodeURIComponent(url)}`;
