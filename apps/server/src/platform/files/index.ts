export { MAX_UPLOAD_BYTES } from './file-types.js';
export {
  deleteStoredFile,
  findStoredFile,
  findUploadedAt,
  insertStoredFile,
  type StoredFileRow,
} from './files.repository.js';
export { type AttachmentResolver, type FileAttachment, registerKeeperRoutes } from './keeper-routes.js';
export { type FileStorage, isStoredName, localDiskStorage, STORED_NAME } from './storage.js';
