import type { Problem } from '@portal/contracts';

/** What /keeper/upload answers: the stored name and the original file name [A7.2]. */
export interface UploadedFile {
  path: string;
  originalName: string;
}

export class UploadError extends Error {}

function messageOf(text: string, fallback: string): string {
  try {
    const problem = JSON.parse(text) as Partial<Problem>;
    return problem.detail ?? problem.title ?? fallback;
  } catch {
    return fallback;
  }
}

/** [A7.2] POST /keeper/upload, reporting progress (XMLHttpRequest can, fetch cannot). */
export function uploadServiceFile(
  file: File,
  options: { onProgress: (percent: number) => void; fallbackMessage: string },
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
          reject(new UploadError(options.fallbackMessage));
        }
      } else reject(new UploadError(messageOf(xhr.responseText, options.fallbackMessage)));
    };
    xhr.onerror = () => reject(new UploadError(options.fallbackMessage));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** [A7.2] POST /keeper/delete: removes an upload no saved service shows (the server refuses others). */
export async function deleteServiceUpload(path: string): Promise<boolean> {
  const response = await fetch('/keeper/delete', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ filePathName: path }),
  });
  return response.ok;
}
