/**
 * PGlite's data directory with file sizes remembered (src/server/db/pglite-fs.ts): seeks to a file's end stop
 * asking the kernel, and every size it answers is the real one, through the commands that grow, shrink, replace
 * and remove PostgreSQL's files. Check mode compares each remembered size with fstat() and throws on a difference.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberFileSizes, SizeKeepingNodeFS } from '../../../src/server/db/pglite-fs.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-pglite-fs-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** fstat() calls made while `fn` runs (NODEFS and this module both call fs.fstatSync). */
async function fstatCalls(fn: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(fs, 'fstatSync');
  await fn();
  const n = spy.mock.calls.length;
  spy.mockRestore();
  return n;
}

async function updates(pg: PGlite, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await pg.query('update t set v = $1 where id = $2', [`v${i}`, (i % 100) + 1]);
}

describe('PGlite file sizes remembered', () => {
  it('answers seeks to the end without fstat(), where PGlite\'s NodeFS makes several per statement', async () => {
    const plain = new PGlite({ dataDir: tempDir() });
    const fsys = new SizeKeepingNodeFS(tempDir());
    const kept = new PGlite({ fs: fsys });
    try {
      for (const pg of [plain, kept]) {
        await pg.exec('create table t (id int primary key, v text); insert into t select g, g::text from generate_series(1, 100) g');
        await updates(pg, 20); // every file the loop touches opened and sized once
      }
      expect(fsys.patched).toBe(true);
      const before = await fstatCalls(() => updates(plain, 200));
      const after = await fstatCalls(() => updates(kept, 200));
      expect(before).toBeGreaterThanOrEqual(200); // NodeFS: at least one per update
      expect(after).toBeLessThan(before / 20);
    } finally {
      await plain.close();
      await kept.close();
    }
  });

  it('every remembered size equals the file\'s real one through growth, truncation, rewrites and drops, and the data survives a reopen', async () => {
    vi.stubEnv('OBSERVA_PGLITE_FS_CHECK', '1');
    const dir = tempDir();
    const pg = new PGlite({ fs: new SizeKeepingNodeFS(dir) });
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
    const before = await pg.query<{ n: number; s: string }>(`select count(*)::int as n, sum(length(v))::text as s from t`);
    const sizes = await pg.query<{ t: string; u: string }>(`select pg_relation_size('t')::text as t, pg_relation_size('u')::text as u`);
    await pg.close();
    // Reopened with PGlite's own NodeFS: what it reads from disk is what was written through the remembered sizes.
    const again = new PGlite({ dataDir: dir });
    try {
      expect((await again.query(`select count(*)::int as n, sum(length(v))::text as s from t`)).rows).toEqual(before.rows);
      expect((await again.query(`select pg_relation_size('t')::text as t, pg_relation_size('u')::text as u`)).rows).toEqual(sizes.rows);
      expect((await again.query<{ n: number }>(`select count(*)::int as n from u`)).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('check mode finds a size that differs from the file\'s (so the test above can fail)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'rel');
    fs.writeFileSync(file, Buffer.alloc(8192));
    const fd = fs.openSync(file, 'r+');
    try {
      const node = { mode: 0o100600 } as { mode: number; observaSize?: number };
      const stream = { node, nfd: fd, position: 0 };
      // A stand-in of NODEFS's shape: its own seek is never reached for a seek to the end; its write writes nothing.
      const nodefs = {
        stream_ops: {
          llseek: (_stream: unknown, _offset: number, _whence: number): number => {
            throw new Error('not reached for a seek to the end');
          },
          write: (_stream: unknown, _buffer: Uint8Array, _offset: number, length: number, _position: number) => length,
        },
        node_ops: { setattr: (_node: unknown, _attr: unknown) => undefined },
      };
      expect(rememberFileSizes(nodefs, true)).toBe(true);
      expect(nodefs.stream_ops.llseek(stream as never, 0, 2)).toBe(8192);
      nodefs.stream_ops.write(stream as never, new Uint8Array(8192), 0, 8192, 8192);
      expect(node.observaSize).toBe(16384); // grown by the write through NODEFS (the stand-in wrote nothing to disk)
      expect(() => nodefs.stream_ops.llseek(stream as never, 0, 2)).toThrow(/remembered as 16384, is 8192/);
      nodefs.node_ops.setattr(node as never, { size: 0 });
      expect(node.observaSize).toBeUndefined(); // truncation forgets it
    } finally {
      fs.closeSync(fd);
    }
  });

  it('leaves a NODEFS of another shape as it is', () => {
    expect(rememberFileSizes(undefined)).toBe(false);
    expect(rememberFileSizes({ stream_ops: {} })).toBe(false);
  });
});
