/**
 * Where uploads and artifacts live, behind one small interface so the rules built on top (ownership, size
 * limits, quota, content sniffing, housekeeping) are the same for every store:
 *
 *   disk (default)  DATA_DIR/uploads/<id> + <id>.json (tus file store), DATA_DIR/artifacts/<key>,
 *                   DATA_DIR/avatars/<uuid>.<kind>
 *   s3              <id> + <id>.info (+ parts) in the bucket (tus S3 store), artifacts/<key> in the bucket
 *                   (profile pictures as artifacts/avatars/<uuid>.<kind>)
 *
 * A finished upload is promoted to a stored file under a key. Upload ids are server-generated (files.ts: 32 hex);
 * keys are `<uuid>.<kind>` for artifacts and `avatars/<uuid>.<kind>` for profile pictures (STORED_KEY); neither store ever
 * builds a path or object key from anything else. The owner of an upload is tus metadata (`owner`), written by
 * the server at creation and kept by the store itself, so any app instance sharing the store can read it.
 */
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

export interface StoredUpload {
  id: string;
  /** Declared Upload-Length; null while deferred (the server refuses deferred lengths). */
  size: number | null;
  /** Bytes received so far. */
  offset: number;
  /** tus Upload-Metadata: filename, filetype, and `owner` (the uploading user's id, set by the server). */
  metadata: Record<string, string | null>;
  complete: boolean;
  /** Last time the store was written for this upload (housekeeping's age). */
  modifiedAt: Date;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** The tus datastore behind /api/files. */
  readonly datastore: DataStore;
  /** What the store holds for an upload, or null when it holds nothing (or the id is not a generated one). */
  upload(id: string): Promise<StoredUpload | null>;
  /** Every upload held: unfinished, or finished and not yet registered. */
  listUploads(): Promise<StoredUpload[]>;
  /** Removes an upload and its tus metadata; no error when it is already gone. */
  removeUpload(id: string): Promise<void>;
  /** Up to `length` bytes of an upload from `position` (content sniffing reads the head and the zip directory). */
  readUpload(id: string, position: number, length: number): Promise<Buffer>;
  /** Moves a finished upload to stored files under `key` (STORED_KEY) and drops the upload. */
  promoteUpload(id: string, key: string): Promise<void>;
  /** Writes bytes the server made (a re-encoded picture) as a stored file under `key` (STORED_KEY). */
  writeStored(key: string, bytes: Buffer): Promise<void>;
  /** Size of a stored file (artifact or picture), or null when there is none under that key. */
  artifactSize(key: string): Promise<number | null>;
  /** The stored file, or only bytes `range.start`…`range.end` (inclusive) of it: the store's own ranged read. */
  openArtifact(key: string, range?: { start: number; end: number }): Promise<Readable>;
  removeArtifact(key: string): Promise<void>;
  /** Every stored file's key (artifacts and pictures; never unfinished uploads): what a backup copies. */
  listStored(): Promise<string[]>;
  /** Writes a stored file from a local file (a restore: large files are streamed, never held in memory). */
  putStoredFile(key: string, file: string): Promise<void>;
  /** Throws when the store cannot be reached or written (readiness, GET /readyz). */
  ping(): Promise<void>;
}

/** Artifact keys are generated: `<uuid>.<kind>`; anything else names no artifact. */
export const ARTIFACT_KEY = /^[0-9a-f-]{36}\.(pdf|docx|jpeg|png|mp4)$/;
/** Profile pictures live apart from artifacts: a picture key can never name an artifact, nor the reverse. */
export const AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\.(jpeg|png|webp)$/;
/** Every key a store accepts: generated ones only, so no path or object key is ever built from user input. */
export const isStoredKey = (key: string): boolean => ARTIFACT_KEY.test(key) || AVATAR_KEY.test(key);
