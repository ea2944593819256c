/** File storage helpers for routes and services (artifact registration uses these). */
export { FILES_ROUTE, fileIdFromUrl, isFileId, newFileId, uploadInfo, uploadPath, uploadsDir, type UploadInfo } from './files.js';
export { SNIFFED_MIME, sniffFileType, type SniffedType } from './sniff.js';
