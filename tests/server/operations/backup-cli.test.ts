/**
 * What `npm run restore` refuses before writing anything (src/server/backup/): wrong usage, a missing file, a file
 * that is no backup, a damaged archive (a checksum differs), a backup of the other engine, a deployment that is not
 * empty. The full round trip on every engine is tests/instances/backup-restore.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT, type Manifest } from '../../../src/server/backup/archive.js';
import { createBackup } from '../../../src/server/backup/backup.js';
import { cli } from '../../../src/server/backup/cli.js';
import { openDb } from '../../../src/server/db/client.js';
import { testConfig } from '../support/helpers.js';

const root = mkdtempSync(path.join(tmpdir(), 'observa-backup-cli-'));
const source = path.join(root, 'source');
const archive = path.join(root, 'backup.tar');
let manifest: Manifest;
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  // A migrated embedded database on disk (no server running on it), then its backup.
  const handle = await openDb({ pgliteDir: path.join(source, 'db') });
  await handle.close();
  ({ manifest } = await createBackup(testConfig({ dataDir: source, inMemoryDb: false }), archive));
}, 120_000);

/** Runs the CLI in-process and returns its exit code and what it printed. */
async function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  let out = '';
  const log = console.log;
  const error = console.error;
  console.log = console.error = (...a: unknown[]) => void (out += `${a.join(' ')}\n`);
  try {
    return { code: await cli(args, env), out };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** The archive unpacked, changed by `edit`, packed again. */
function tampered(name: string, edit: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(root, 'edit-'));
  execFileSync('tar', ['-xf', archive, '-C', dir]);
  edit(dir);
  const out = path.join(root, name);
  execFileSync('tar', ['-cf', out, '-C', dir, '.']);
  return out;
}

describe('npm run backup / restore', () => {
  it('writes a manifest naming the engine, the store and the database with its checksum', () => {
    expect(manifest).toMatchObject({ format: FORMAT, version: 1, engine: 'pglite', storage: 'disk', files: [] });
    expect(manifest.database.file).toBe('database.pglite.tar');
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.migrations).toBeGreaterThan(20);
  });

  it('answers wrong usage with the usage line (exit 2)', async () => {
    for (const args of [[], ['restore'], ['backup', 'a.tar', 'b.tar'], ['dump']]) {
      const r = await run(args, {});
      expect(r.code).toBe(2);
      expect(r.out).toMatch(/^usage: npm run backup/);
    }
  });

  it('refuses, before writing anything, what it cannot restore (exit 1, saying why)', async () => {
    const empty = (name: string) => ({ DATA_DIR: path.join(root, name) });
    const cases: [string, Record<string, string>, RegExp][] = [
      [path.join(root, 'missing.tar'), empty('t1'), /missing\.tar does not exist/],
      [tampered('no-manifest.tar', (d) => rmSync(path.join(d, 'manifest.json'))), empty('t2'), /is not an Observa backup \(no readable manifest\.json\)/],
      [
        tampered('other-format.tar', (d) => writeFileSync(path.join(d, 'manifest.json'), JSON.stringify({ ...manifest, format: 'something-else' }))),
        empty('t3'),
        /is not an Observa backup of format 1/,
      ],
      [
        tampered('damaged.tar', (d) => {
          const f = path.join(d, 'database.pglite.tar');
          const bytes = readFileSync(f);
          bytes[bytes.length >> 1] ^= 0xff;
          writeFileSync(f, bytes);
        }),
        empty('t4'),
        /is damaged: database\.pglite\.tar is missing or differs from its checksum/,
      ],
      [
        tampered('bad-key.tar', (d) => writeFileSync(path.join(d, 'manifest.json'), JSON.stringify({ ...manifest, files: [{ key: '../../etc/passwd', bytes: 1, sha256: 'x' }] }))),
        empty('t5'),
        /names a file that is not a stored file key/,
      ],
      [archive, { ...empty('t6'), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' }, /holds an embedded \(PGlite\) database: unset DATABASE_URL/],
      [archive, { DATA_DIR: source }, /db is not empty: restore into a new DATA_DIR/],
    ];
    for (const [file, env, message] of cases) {
      const r = await run(['restore', file], env);
      expect(r.out).toMatch(message);
      expect(r.code).toBe(1);
    }
  });

  it('refuses a bad setting the way the server does', async () => {
    const r = await run(['backup'], { DATA_DIR: source, PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Invalid configuration:\n {2}PORT:/);
  });
});
