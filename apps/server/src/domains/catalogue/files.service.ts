import type { FieldError, ServiceDocument } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { type FileAttachment, findStoredFileToAttach, type StoredFileReferences } from '../../platform/files/index.js';
import type { Caller } from '../../platform/operations/types.js';
import * as repo from './catalogue.repository.js';
import { newFileReferences } from './files.rules.js';

export const UPLOAD_NOT_FOUND = 'This upload was not found; upload the file again';

/**
 * [A7.2] Keeper attachment resolver: a file a service shows (icon, screenshot or download) may be
 * downloaded by any signed-in user, as the marketplace shows it to every buyer; once attached it can
 * no longer be deleted through /keeper/delete.
 */
export async function findServiceFileAttachment(db: Queryable, name: string): Promise<FileAttachment | null> {
  const row = await repo.findServiceByFile(db, name);
  return row ? { accountId: row.owner_account_id, capability: 'SERVICE_TOOL_FILES_READ', everyone: true } : null;
}

/**
 * Uploads a save newly refers to must exist and be the caller's own, or already be shown by a service
 * the caller can see (a copy of its service). Anything else is refused like a missing upload, so a
 * service cannot publish another user's private upload.
 */
export async function fileReferenceErrors(
  db: Queryable,
  caller: Caller,
  next: ServiceDocument,
  previous: ServiceDocument | null,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const ref of newFileReferences(next, previous)) {
    const stored = await findStoredFileToAttach(db, ref.name);
    if (stored && stored.uploaded_by === caller.userId) continue;
    if (stored && (await repo.fileUsedInScope(db, caller.scope.rootPath, ref.name))) continue;
    errors.push({ field: ref.field, message: UPLOAD_NOT_FOUND });
  }
  return errors;
}

/** Services' and drafts' files, for the orphan upload sweep (platform/files). */
export const serviceFileReferences: StoredFileReferences = { owner: 'catalogue', sql: repo.SERVICE_FILE_NAMES_SQL };
