/**
 * `npm run restore <archive>`: puts a backup (backup.ts) into an EMPTY deployment — an empty PostgreSQL database (or
 * an empty DATA_DIR for the embedded database) and an empty file store (DATA_DIR or the S3 bucket) — with no server
 * running on it. Checks before writing anything: the archive's manifest and every checksum, the engine (a pg_dump
 * goes to PostgreSQL, a PGlite copy to PGlite; files go to either kind of store), and that the targets are empty.
 *
 * Then: the database, the files, the migrations this build ships (a backup from an older version is brought up to
 * date, as a start would), and the feed's floor raised (sync/restore-floor.ts) so every device downloads afresh.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDb } from '../db/client.js';
import { loadEmbedded, postgresIsEmpty, restorePostgres } from '../db/snapshot.js';
import { createFileStorage, isStoredKey } from '../storage/index.js';
import { raiseFloorAfterRestore } from '../sync/restore-floor.js';
import { FORMAT, FORMAT_VERSION, MANIFEST, sha256File, unpack, type Manifest } from './archive.js';

export interface RestoreResult {
  manifest: Manifest;
  /** The feed's new floor: cursors issued before it get resetRequired. */
  floor: number;
}

async function readManifest(dir: string, archive: string): Promise<Manifest> {
  let m: Manifest;
  try {
    m = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new Error(`${archive} is not an Observa backup (no readable ${MANIFEST}).`);
  }
  if (m.format !== FORMAT || m.version !== FORMAT_VERSION) throw new Error(`${archive} is not an Observa backup of format ${FORMAT_VERSION} (found ${String(m.format)} ${String(m.version)}).`);
  const check = async (rel: string, sha256: string) => {
    const file = path.join(dir, rel);
    if (!existsSync(file) || (await sha256File(file)) !== sha256) throw new Error(`${archive} is damaged: ${rel} is missing or differs from its checksum.`);
  };
  await check(m.database.file, m.database.sha256);
  for (const f of m.files) {
    if (!isStoredKey(f.key)) throw new Error(`${archive} names a file that is not a stored file key: ${JSON.stringify(f.key)}.`);
    await check(path.join('files', f.key), f.sha256);
  }
  return m;
}

export async function restoreBackup(config: Config, archive: string): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new Error(`${archive} does not exist.`);
  const work = await mkdtemp(path.join(tmpdir(), 'observa-restore-'));
  try {
    await unpack(path.resolve(archive), work);
    const manifest = await readManifest(work, archive);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new Error(
        manifest.engine === 'postgres'
          ? 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.'
          : 'This backup holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to an empty directory to restore it.',
      );
    }
    const dbDir = path.join(config.dataDir, 'db');
    if (engine === 'postgres' ? !(await postgresIsEmpty(config.databaseUrl!)) : existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      throw new Error(engine === 'postgres' ? 'The database DATABASE_URL names is not empty: restore into a new, empty database.' : `${dbDir} is not empty: restore into a new DATA_DIR.`);
    }
    const storage = createFileStorage(config);
    const present = await storage.listStored();
    if (present.length > 0) throw new Error(`The file store (${storage.kind}) already holds ${present.length} files: restore into an empty store.`);

    const dump = path.join(work, manifest.database.file);
    if (engine === 'postgres') await restorePostgres(config.databaseUrl!, dump);
    else await loadEmbedded(dbDir, dump);
    for (const f of manifest.files) await storage.putStoredFile(f.key, path.join(work, 'files', f.key));

    // Opening migrates (a backup from an older version is brought up to date); no seed runs.
    const handle = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: engine === 'pglite' ? dbDir : undefined });
    try {
      return { manifest, floor: await raiseFloorAfterRestore(handle.db) };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
