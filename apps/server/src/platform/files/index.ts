export { MAX_UPLOAD_BYTES } from './file-types.js';
export {
  deleteStoredFile,
  findStoredFile,
  findStoredFileToAttach,
  findUploadedAt,
  insertStoredFile,
  type StoredFileRow,
} from './files.repository.js';
export { type AttachmentResolver, type FileAttachment, registerKeeperRoutes } from './keeper-routes.js';
export {
  ORPHAN_SWEEP_EVERY_MS,
  ORPHAN_UPLOADS_JOB_TYPE,
  orphanUploadsJobHandler,
  type StoredFileReferences,
  type SweepResult,
  sweepOrphanUploads,
} from './orphan-uploads.js';
export { decideOrphan, graceMsOf, type OrphanDecision } from './orphan-uploads.rules.js';
export { type FileStorage, isStoredName, localDiskStorage, STORED_NAME } from './storage.js';
