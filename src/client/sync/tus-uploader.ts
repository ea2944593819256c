/**
 * The Uploader over tus-js-client: resumable upload of a stored file's chunks to POST/PATCH /api/files.
 * Resumption is ours, not tus-js-client's URL storage: the engine stores the upload URL in the blob row
 * (onUrl) and passes it back as `uploadUrl`, so a killed tab resumes from the offset the server reports.
 * tus-js-client retries are off: the engine's backoff decides when to try again.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { BLOB_CHUNK_BYTES } from '../../shared/constants.js';
import { SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '../../shared/sync/protocol-version.js';
import type { Uploader, UploadError } from './ports.js';

const noUrlStorage = {
  findAllUploads: async () => [],
  findUploadsByFingerprint: async () => [],
  removeUpload: async () => undefined,
  addUpload: async () => '',
};

export function tusUploader(endpoint: string, chunkBytes = BLOB_CHUNK_BYTES): Uploader {
  return {
    upload(blob, source, cb) {
      return new Promise<string>((resolve, reject) => {
        const headers: Record<string, string> = { 'x-client-id': cb.clientId, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) };
        if (cb.token) headers.authorization = `Bearer ${cb.token}`;
        const upload: Upload = new Upload({ read: async () => ({ done: true, value: undefined }) }, {
          endpoint,
          uploadUrl: blob.uploadUrl,
          uploadSize: blob.size,
          chunkSize: chunkBytes,
          retryDelays: null,
          headers,
          metadata: { filename: blob.name, filetype: blob.type },
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: false,
          urlStorage: noUrlStorage,
          fingerprint: async () => `observa-${blob.id}`,
          fileReader: {
            openFile: async () => ({
              size: source.size,
              // tus-js-client measures a slice by `value.size` (Blob-like); a Uint8Array is sent as-is by both the
              // browser (XHR) and node HTTP stacks, so give it that property.
              slice: async (start: number, end: number) => {
                const bytes = await source.slice(start, end);
                return { value: Object.assign(bytes, { size: bytes.length }), done: end >= source.size };
              },
              close: () => undefined,
            }),
          },
          onUploadUrlAvailable: () => {
            if (upload.url) void cb.onUrl(upload.url);
          },
          onProgress: (sent, total) => cb.onProgress(sent, total),
          onSuccess: () => resolve(upload.url ?? ''),
          onError: (e) => {
            const err = e as UploadError & Partial<DetailedError>;
            const status = err.originalResponse?.getStatus();
            if (status) err.status = status;
            const body = err.originalResponse?.getBody();
            if (body) {
              try {
                const parsed = JSON.parse(body) as { error?: string };
                if (parsed.error) err.message = parsed.error;
              } catch {
                /* not JSON: keep tus-js-client's message */
              }
            }
            reject(err);
          },
        });
        cb.signal.addEventListener('abort', () => void upload.abort(false), { once: true });
        upload.start();
      });
    },
  };
}
