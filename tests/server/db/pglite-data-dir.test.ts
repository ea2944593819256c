/**
 * PGlite's data directory with file lengths remembered (src/server/db/pglite-data-dir.ts): seeks to a file's end
 * stop asking the kernel, and every length it answers is the real one through the commands that grow, shrink,
 * replace and remove PostgreSQL's files; the directory it writes is one PGlite's stock NodeFS opens. Check mode
 * (OBSERVA_PGLITE_FS_CHECK=1) compares each remembered length with fstat() and throws on a difference. One of the
 * checks docs/database-drivers.md names for an upgrade of PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PgliteDataDir } from '../../../src/server/db/pglite-data-dir.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-pglite-dir-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** fstat() calls made while `fn` runs (PGlite's NodeFS and PgliteDataDir both call fs.fstatSync; the spy only counts). */
async function fstatCalls(fn: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(fs, 'fstatSync');
  await fn();
  const n = spy.mock.calls.length;
  spy.mockRestore();
  return n;
}

async function reads(pg: PGlite, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await pg.query('select count(*) from t where v like $1', [`${i % 10}%`]);
}

describe('PGlite data directory with file lengths remembered', () => {
  it("answers seeks to a file's end without fstat(), where PGlite's NodeFS makes one per scan", async () => {
    const plain = new PGlite({ dataDir: tempDir() });
    const kept = new PGlite({ fs: new PgliteDataDir(tempDir()) });
    try {
      for (const pg of [plain, kept]) {
        await pg.exec(`create table t (id int primary key, v text); insert into t select g, g::text from generate_series(1, 1000) g`);
        await reads(pg, 20); // every file the loop touches opened once
      }
      const before = await fstatCalls(() => reads(plain, 200));
      const after = await fstatCalls(() => reads(kept, 200));
      expect(before).toBeGreaterThanOrEqual(200); // NodeFS: at least one per sequential scan
      expect(after).toBeLessThan(before / 20);
    } finally {
      await plain.close();
      await kept.close();
    }
  });

  it("every remembered length equals the file's real one through growth, truncation, rewrites and drops, and PGlite's NodeFS reads what it wrote", async () => {
    const dir = tempDir();
    const pg = new PGlite({ fs: new PgliteDataDir(dir, true) });
    // One statement per call: VACUUM cannot run inside the implicit transaction of a multi-statement exec.
    for (const statement of [
      'create table t (id int primary key, v text)',
      'create index t_v on t (v)',
      `insert into t select g, repeat('x', 200) || g from generate_series(1, 20000) g`,
      'delete from t where id > 5000',
      'vacuum t', // trailing empty pages cut off (ftruncate)
      `insert into t select g, 'again' || g from generate_series(5001, 9000) g`,
      'vacuum full t', // rewritten into new files, the old ones unlinked
      'create table u (id int primary key, b bytea)',
      `insert into u select g, decode(repeat('ab', 4000), 'hex') from generate_series(1, 300) g`, // TOAST
      'truncate u', // new empty files
      `insert into u values (1, '\\x00')`,
      'create table gone as select * from t',
      'drop table gone',
      'checkpoint',
    ]) {
      await pg.exec(statement);
    }
    const before = await pg.query(`select count(*)::int as n, sum(length(v))::text as s from t`);
    const sizes = await pg.query(`select pg_relation_size('t')::text as t, pg_relation_size('u')::text as u`);
    await pg.close();
    // Reopened with PGlite's own NodeFS: what it reads from disk is what was written through the remembered lengths.
    const again = new PGlite({ dataDir: dir });
    try {
      expect((await again.query(`select count(*)::int as n, sum(length(v))::text as s from t`)).rows).toEqual(before.rows);
      expect((await again.query(`select pg_relation_size('t')::text as t, pg_relation_size('u')::text as u`)).rows).toEqual(sizes.rows);
      expect((await again.query<{ n: number }>(`select count(*)::int as n from u`)).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
    // And the other way: a directory NodeFS wrote opens through PgliteDataDir.
    const back = new PGlite({ fs: new PgliteDataDir(dir, true) });
    try {
      expect((await back.query(`select count(*)::int as n, sum(length(v))::text as s from t`)).rows).toEqual(before.rows);
    } finally {
      await back.close();
    }
  });

  it("check mode finds a length that differs from the file's (so the test above can fail), and a truncation forgets it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'rel'), Buffer.alloc(8192));
    const files = new PgliteDataDir(dir, true);
    const fd = files.open('/rel');
    try {
      expect(files.fstat(fd).size).toBe(8192);
      files.write(fd, new Uint8Array(8192), 0, 8192, 8192);
      expect(files.fstat(fd).size).toBe(16384);
      // Grown behind its back (what the data-directory lock rules out): the remembered length is now wrong.
      fs.appendFileSync(path.join(dir, 'rel'), Buffer.alloc(100));
      expect(() => files.fstat(fd)).toThrow(/remembered as 16384, is 16484/);
      files.truncate('/rel', 4096);
      expect(files.fstat(fd).size).toBe(4096);
    } finally {
      files.close(fd);
    }
  });

  it("turns Node's errors into the errno numbers PGlite expects", () => {
    const files = new PgliteDataDir(tempDir());
    expect(() => files.lstat('/missing')).toThrow(expect.objectContaining({ code: 44 })); // ENOENT
    files.mkdir('/d');
    expect(() => files.mkdir('/d')).toThrow(expect.objectContaining({ code: 20 })); // EEXIST
  });
});
