/**
 * FileStorage in an S3-compatible object store (S3_* variables): resumable uploads through @tus/s3-store,
 * artifacts under `artifacts/<key>` in the same bucket.
 *
 *   <id>                 the upload (an S3 multipart upload while unfinished, one object once finished)
 *   <id>.info            tus metadata (size, metadata incl. owner, creation date), written by @tus/s3-store
 *   <id>.part            bytes of an unfinished upload below S3's minimum part size (@tus/s3-store)
 *   <id>.parts/<n>.<size>.<etag>   one empty marker object per uploaded part (below)
 *   artifacts/<key>      a registered artifact
 *
 * Part markers: @tus/s3-store learns an upload's offset from ListParts, which several S3-compatible servers do
 * not implement (s3rver, the test server, answers 405). The store below records each part it uploads as an
 * empty marker object and reads the part list back with ListObjectsV2, which every S3-compatible server has.
 * A marker is written after its part, so a crash in between only makes the client resend that part (same part
 * number, overwritten). Only consecutive parts from 1 count. Abort of a multipart upload is best effort for the
 * same reason; a bucket lifecycle rule that aborts incomplete multipart uploads is advised in production.
 *
 * No metadata cache: every instance reads `<id>.info` from the bucket, so an upload begun on one instance
 * continues on another and its owner is the same everywhere.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import type { S3Config } from '../config.js';
import { isStoredKey, type FileStorage, type StoredUpload } from './file-storage.js';
import { isFileId } from './files.js';

const ARTIFACTS = 'artifacts/';
const MARKER = /^([0-9a-f]{32})\.parts\/(\d{5})\.(\d+)\.([0-9a-zA-Z-]+)$/;

/** A KvStore that never remembers: metadata is always read from the bucket (see above). */
const noCache = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

function notFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

type Part = { PartNumber: number; ETag: string; Size: number };

class MarkedPartsS3Store extends S3Store {
  get bucketName(): string {
    return this.bucket;
  }
  get s3() {
    return this.client;
  }

  protected override async uploadPart(metadata: MetadataValue, readStream: Parameters<S3Store['write']>[0] | Buffer, partNumber: number): Promise<string> {
    const size = Buffer.isBuffer(readStream) ? readStream.length : (await stat(String((readStream as { path?: string | Buffer }).path))).size;
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    const tag = etag.replace(/"/g, '');
    await this.client.putObject({ Bucket: this.bucket, Key: `${metadata.file.id}.parts/${String(partNumber).padStart(5, '0')}.${size}.${tag}`, Body: '' });
    return etag;
  }

  protected override async retrieveParts(id: string): Promise<Part[]> {
    const parts = new Map<number, Part>();
    for (const key of await this.keys(`${id}.parts/`)) {
      const m = MARKER.exec(key);
      if (m && m[1] === id) parts.set(Number(m[2]), { PartNumber: Number(m[2]), Size: Number(m[3]), ETag: `"${m[4]}"` });
    }
    const out: Part[] = [];
    for (let n = 1; parts.has(n); n++) out.push(parts.get(n)!);
    return out;
  }

  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (err) {
      if (notFound(err)) throw ERRORS.FILE_NOT_FOUND;
      throw err;
    }
    if (uploadId) await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch(() => undefined);
    await this.deleteKeys([id, `${id}.info`, `${id}.part`, ...(await this.keys(`${id}.parts/`))]);
  }

  /** Every key under `prefix`, with its last modification; with `topLevel`, none below a further `/`. */
  async list(prefix: string, topLevel = false): Promise<{ key: string; modified: Date }[]> {
    const out: { key: string; modified: Date }[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: prefix || undefined, Delimiter: topLevel ? '/' : undefined, ContinuationToken: token });
      for (const o of res.Contents ?? []) if (o.Key) out.push({ key: o.Key, modified: o.LastModified ?? new Date(0) });
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async keys(prefix: string): Promise<string[]> {
    return (await this.list(prefix)).map((o) => o.key);
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } });
    }
  }
}

export function s3Storage(cfg: S3Config): FileStorage {
  const store = new MarkedPartsS3Store({
    cache: noCache,
    s3ClientConfig: {
      bucket: cfg.bucket,
      region: cfg.region,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
      // Checksums only where S3 requires them: S3-compatible servers vary in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  if (cfg.endpoint) {
    // Path-style bucket requests (list, multi-delete) go out as `/<bucket>/`; S3 accepts `/<bucket>` as well, and
    // some S3-compatible servers (s3rver) sign only that form. Rewritten before signing, so both sides agree.
    store.s3.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request && typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'observaBucketPathNoTrailingSlash' },
    );
  }
  const Bucket = cfg.bucket;
  const artifactKey = (key: string) => {
    if (!isStoredKey(key)) throw new Error('Not a stored file key');
    return `${ARTIFACTS}${key}`;
  };

  async function upload(id: string, modifiedAt?: Date): Promise<StoredUpload | null> {
    if (!isFileId(id)) return null;
    try {
      const u = await store.getUpload(id);
      const size = typeof u.size === 'number' ? u.size : null;
      // The newest of its objects, part markers included (an upload still receiving parts is not abandoned).
      const objs = [...(await store.list(id, true)).filter((o) => o.key === id || o.key.startsWith(`${id}.`)), ...(await store.list(`${id}.parts/`))];
      const modified = new Date(Math.max(modifiedAt?.getTime() ?? 0, ...objs.map((o) => o.modified.getTime())));
      return { id, size, offset: u.offset, metadata: (u.metadata ?? {}) as Record<string, string | null>, complete: size !== null && u.offset === size, modifiedAt: modified };
    } catch {
      return null;
    }
  }

  return {
    kind: 's3',
    datastore: store,
    upload: (id) => upload(id),
    async listUploads() {
      // Uploads are the bucket's top-level `<id>…` objects (artifacts/ and part markers are one level down).
      const newest = new Map<string, number>();
      for (const o of await store.list('', true)) {
        const id = /^([0-9a-f]{32})(\..*)?$/.exec(o.key)?.[1];
        if (id) newest.set(id, Math.max(newest.get(id) ?? 0, o.modified.getTime()));
      }
      const out: StoredUpload[] = [];
      for (const [id, t] of newest) {
        out.push((await upload(id, new Date(t))) ?? { id, size: null, offset: 0, metadata: {}, complete: false, modifiedAt: new Date(t) });
      }
      return out;
    },
    async removeUpload(id) {
      if (!isFileId(id)) return;
      try {
        await store.remove(id);
      } catch {
        // no .info (a leftover): remove whatever objects are there
        await store.deleteKeys([id, `${id}.info`, `${id}.part`, ...(await store.keys(`${id}.parts/`))]);
      }
    },
    async readUpload(id, position, length) {
      if (!isFileId(id) || length <= 0) return Buffer.alloc(0);
      const res = await store.s3.getObject({ Bucket, Key: id, Range: `bytes=${position}-${position + length - 1}` });
      return Buffer.from((await res.Body?.transformToByteArray()) ?? []);
    },
    async promoteUpload(id, key) {
      if (!isFileId(id)) throw new Error('Not an uploaded file id');
      await store.s3.copyObject({ Bucket, Key: artifactKey(key), CopySource: `${Bucket}/${id}` });
      await store.deleteKeys([id, `${id}.info`, `${id}.part`, ...(await store.keys(`${id}.parts/`))]);
    },
    async writeStored(key, bytes) {
      await store.s3.putObject({ Bucket, Key: artifactKey(key), Body: bytes, ContentLength: bytes.length });
    },
    async artifactSize(key) {
      if (!isStoredKey(key)) return null;
      try {
        return (await store.s3.headObject({ Bucket, Key: artifactKey(key) })).ContentLength ?? null;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async openArtifact(key, range) {
      const res = await store.s3.getObject({ Bucket, Key: artifactKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
      return res.Body as Readable;
    },
    async removeArtifact(key) {
      if (isStoredKey(key)) await store.s3.deleteObject({ Bucket, Key: artifactKey(key) });
    },
    async listStored() {
      return (await store.keys(ARTIFACTS)).map((k) => k.slice(ARTIFACTS.length)).filter((k) => isStoredKey(k)).sort();
    },
    async putStoredFile(key, file) {
      const { size } = await stat(file);
      await store.s3.putObject({ Bucket, Key: artifactKey(key), Body: createReadStream(file), ContentLength: size });
    },
    async ping() {
      await store.s3.headBucket({ Bucket });
    },
  };
}
