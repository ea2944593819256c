/**
 * The lesson's video goes up with the app's tus uploader (sync/tus-uploader.ts, resumable, in BLOB_CHUNK_BYTES
 * chunks) straight from the chosen file: creating a session is online only, so the file is not kept on the device
 * as an outbox upload is. The answer is the upload's path (/api/files/<id>), the session's `lesson.fileURL`.
 */
import { getSession } from '../../stores/session.js';
import { getClientId } from '../../sync/meta.js';
import { tusUploader } from '../../sync/tus-uploader.js';
import { filePath } from '../../sync/blob-lane.js';
import { getDb } from '../../sync/index.js';

export interface VideoUpload {
  done: Promise<string>;
  abort(): void;
}

export function uploadLessonVideo(file: File, onProgress: (loaded: number, total: number) => void): VideoUpload {
  const controller = new AbortController();
  const done = (async () => {
    const uploader = tusUploader(`${location.origin}/api/files`);
    const blob = {
      id: crypto.randomUUID(),
      mutationId: '',
      name: file.name,
      type: file.type || 'video/mp4',
      size: file.size,
      chunkCount: 0,
      uploadUrl: null,
      uploadedBytes: 0,
      status: 'pending' as const,
      lastError: null,
      createdAt: Date.now(),
    };
    const source = { size: file.size, slice: async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer()) };
    const url = await uploader.upload(blob, source, {
      token: getSession()?.token ?? null,
      clientId: await getClientId(getDb()),
      onUrl: async () => undefined,
      onProgress,
      signal: controller.signal,
    });
    return filePath(url);
  })();
  return { done, abort: () => controller.abort() };
}
