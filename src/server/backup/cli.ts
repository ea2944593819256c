/**
 * `npm run backup [-- <archive>]` and `npm run restore -- <archive>` (docs/operations/backup-and-restore.md), with
 * the server's own settings (DATA_DIR, DATABASE_URL, S3_*), validated as at start. Exit 0 done, 1 refused or failed
 * (the message says why), 2 wrong usage.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

const USAGE = 'usage: npm run backup [-- <archive.tar>]  |  npm run restore -- <archive.tar>';

export async function cli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || rest.length > 0 || (command === 'restore' && !file)) {
    console.error(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (command === 'backup') {
      const archive = file ?? `observa-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`;
      const { manifest } = await createBackup(config, archive);
      console.log(`Backup written to ${archive}: the ${manifest.engine} database and ${manifest.files.length} files (${manifest.storage}).`);
    } else {
      const { manifest, floor } = await restoreBackup(config, file!);
      console.log(
        `Restored ${file} (taken ${manifest.createdAt}): the ${manifest.engine} database and ${manifest.files.length} files. ` +
          `Devices download afresh on their next pull (feed floor ${floor}). Start the server now.`,
      );
    }
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await cli(process.argv.slice(2));
}
