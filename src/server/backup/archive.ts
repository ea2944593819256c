/**
 * The backup archive: one uncompressed tar (the system's `tar`; most of its bytes are already-compressed pictures,
 * videos and documents) holding
 *
 *   manifest.json          what the archive holds (Manifest below), written last
 *   database.pglite.tar    PGlite's data directory (engine "pglite"), or
 *   database.pgdump        pg_dump's custom format (engine "postgres")
 *   files/<key>            every stored file: artifacts/<uuid>.<kind> keys as `files/<uuid>.<kind>`,
 *                          pictures as `files/avatars/<uuid>.<kind>`
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'observa-backup';
export const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Where the files came from (a restore may put them in either kind of store). */
  storage: 'disk' | 's3';
  database: { file: string; bytes: number; sha256: string };
  /** Migrations applied in the copied database (drizzle's journal tags are not stored: their count suffices). */
  migrations: number;
  files: { key: string; bytes: number; sha256: string }[];
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar failed (exit ${code}): ${err.trim()}`))));
  });
}

/** Packs the directory's contents into `archive`. */
export function pack(dir: string, archive: string): Promise<void> {
  return tar(['-cf', archive, '-C', dir, '.']);
}

export function unpack(archive: string, dir: string): Promise<void> {
  // No absolute names, no `..`: GNU tar refuses both by default; --no-same-owner keeps root from restoring owners.
  return tar(['-xf', archive, '-C', dir, '--no-same-owner']);
}
