/** File storage for routes and services: the store chosen by the configuration, ids, content sniffing. */
import type { Config } from '../config.js';
import { diskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';
import { s3Storage } from './s3-storage.js';

export { FILES_ROUTE, fileIdFromUrl, isFileId, newFileId, uploadInfo, uploadPath, uploadsDir, type UploadInfo } from './files.js';
export { ARTIFACT_KEY, AVATAR_KEY, isStoredKey, type FileStorage, type StoredUpload } from './file-storage.js';
export { artifactsDir, diskStorage } from './disk-storage.js';
export { s3Storage } from './s3-storage.js';
export { uploadIdFromTarget } from './upload-id.js';
export { SNIFFED_MIME, sniffFileType, sniffUpload, type SniffedType } from './sniff.js';

/** S3 when S3_BUCKET (and the rest) is configured, else local disk under DATA_DIR. */
export function createFileStorage(config: Config): FileStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(config.dataDir);
}
