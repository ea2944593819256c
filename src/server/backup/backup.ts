/**
 * `npm run backup`: the database and the stored files of one deployment, together, into one archive (archive.ts).
 *
 * Consistency (docs/operations/backup-and-restore.md):
 *   PGlite      the server must be stopped: the backup takes the data directory's lock (refused, with the directory
 *               named, while a server holds it), so nothing changes while database and files are copied.
 *   PostgreSQL  instances keep running. Files are copied before the dump and again after it: a file is removed only
 *               after the change that stops using it has committed, so every file a row of the dump names was
 *               present during the first pass (then copied) or was added before the dump's snapshot and is still
 *               there in the second. Files added after the snapshot come along unused (harmless).
 * Unfinished uploads are not copied: a device whose upload was interrupted starts it again.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { dumpEmbedded, dumpPostgres, postgresMigrations } from '../db/snapshot.js';
import { createFileStorage, type FileStorage } from '../storage/index.js';
import { FORMAT, FORMAT_VERSION, MANIFEST, pack, sha256File, type Manifest } from './archive.js';

async function copyFiles(storage: FileStorage, dir: string, done: Map<string, { bytes: number; sha256: string }>): Promise<void> {
  for (const key of await storage.listStored()) {
    if (done.has(key)) continue;
    const to = path.join(dir, 'files', key);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await pipeline(await storage.openArtifact(key), createWriteStream(to));
    } catch (err) {
      // Removed between the listing and the copy: a file no committed row uses any more (see above).
      if ((await storage.artifactSize(key)) === null) {
        await rm(to, { force: true });
        continue;
      }
      throw err;
    }
    done.set(key, { bytes: (await stat(to)).size, sha256: await sha256File(to) });
  }
}

export interface BackupResult {
  archive: string;
  manifest: Manifest;
}

export async function createBackup(config: Config, archive: string): Promise<BackupResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'observa-backup-'));
  try {
    const storage = createFileStorage(config);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    const dbFile = engine === 'postgres' ? 'database.pgdump' : 'database.pglite.tar';
    const files = new Map<string, { bytes: number; sha256: string }>();
    let migrations: number;
    if (engine === 'pglite') {
      // Under the data directory's lock from the dump to the end of the copy: nothing can change in between.
      const dbDir = path.join(config.dataDir, 'db');
      ({ migrations } = await dumpEmbedded(dbDir, path.join(work, dbFile), () => copyFiles(storage, work, files)));
    } else {
      await copyFiles(storage, work, files);
      await dumpPostgres(config.databaseUrl!, path.join(work, dbFile));
      // The same count as in the dump: migrations run only at start, under the start-up lock, never while serving.
      migrations = await postgresMigrations(config.databaseUrl!);
      await copyFiles(storage, work, files);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      engine,
      storage: storage.kind,
      database: { file: dbFile, bytes: (await stat(path.join(work, dbFile))).size, sha256: await sha256File(path.join(work, dbFile)) },
      migrations,
      files: [...files].map(([key, f]) => ({ key, ...f })).sort((a, b) => a.key.localeCompare(b.key)),
    };
    await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(archive)), { recursive: true });
    await pack(work, path.resolve(archive));
    return { archive: path.resolve(archive), manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
