import type { ServiceDocument } from '@portal/contracts';

/** Names /keeper/upload gives (32 hex characters and a known extension). */
const STORED_FILE = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export interface StoredFileReference {
  /** The form field that holds it: Icon, Screenshots.0.Url, Downloads.2.Url. */
  field: string;
  name: string;
}

/** The uploaded files a service refers to (icon, screenshots, downloads), with the field of each. */
export function storedFileReferences(doc: Pick<ServiceDocument, 'Icon' | 'Screenshots' | 'Downloads'>): StoredFileReference[] {
  const refs: StoredFileReference[] = [];
  if (doc.Icon && STORED_FILE.test(doc.Icon)) refs.push({ field: 'Icon', name: doc.Icon });
  for (const list of ['Screenshots', 'Downloads'] as const) {
    doc[list].forEach((f, i) => {
      if (STORED_FILE.test(f.Url)) refs.push({ field: `${list}.${i}.Url`, name: f.Url });
    });
  }
  return refs;
}

/**
 * The uploads a save newly refers to: those the service did not already have. Only these are checked,
 * so a service keeps the files it was saved with.
 */
export function newFileReferences(
  next: Pick<ServiceDocument, 'Icon' | 'Screenshots' | 'Downloads'>,
  previous: Pick<ServiceDocument, 'Icon' | 'Screenshots' | 'Downloads'> | null,
): StoredFileReference[] {
  const had = new Set(previous ? storedFileReferences(previous).map((r) => r.name) : []);
  return storedFileReferences(next).filter((r) => !had.has(r.name));
}
