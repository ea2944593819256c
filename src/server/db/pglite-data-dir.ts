/**
 * PGlite's data directory on disk through PGlite's public custom-file-system interface (`BaseFilesystem`,
 * `@electric-sql/pglite/basefs`), each open file's length remembered instead of asked of the kernel at every
 * seek to its end. One of the driver-specific speed-ups listed in docs/database-drivers.md; with
 * DB_PREPARED_STATEMENTS=off PGlite gets its stock NodeFS instead.
 *
 * Why: PostgreSQL learns a relation's length by seeking to the end of its file (mdnblocks), once for every scan
 * of the relation, and PGlite's file system answers each such seek with an `fstat` of the file. On this
 * project's machines that system call, with Node's binding around it, was the largest single difference in CPU
 * per request between the read routes and the baseline they are measured against (docs/performance.md,
 * server-reads).
 *
 *   seek to end ─► length known for the file? ──yes──► that length (no system call)
 *                        │ no
 *                        ▼
 *                   fstat() ──► length remembered
 *   write(position, n)       ──► length = max(length, position + n)     (a file grows only by a write)
 *   truncate / writeFile     ──► length forgotten (asked again at the next seek)
 *
 * Invariants:
 *   - Only this process writes the directory (data-dir-lock.ts holds it), so every change of a file's length
 *     passes through the operations above.
 *   - A length is kept per file (device and inode, learnt once at open), not per descriptor: the same file open
 *     twice shares it, a rename keeps it, and it goes with the file's last descriptor. An unlinked file still open
 *     keeps its inode, so a new file cannot take it while the length is remembered.
 *   - OBSERVA_PGLITE_FS_CHECK=1 compares every remembered length with fstat() and throws on a difference
 *     (tests/server/db/pglite-data-dir.test.ts runs PostgreSQL's file-shrinking commands that way).
 *
 * PGlite hands this class paths relative to the data directory ("/base/5/1259") and expects errors to carry
 * Emscripten's errno numbers in `code`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseFilesystem, ERRNO_CODES, type FsStats } from '@electric-sql/pglite/basefs';

/** Errno numbers of PGlite's WebAssembly build (WASI's) for Node's error codes; any other → EINVAL. */
const ERRNO: Record<string, number> = { ...ERRNO_CODES, EACCES: 2, EBUSY: 10, EIO: 29, EMFILE: 33, ENOSPC: 51, EPERM: 63, EROFS: 69, EXDEV: 75 };

class FsError extends Error {
  constructor(
    readonly code: number,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Runs a Node file-system call, turning its error into the errno PGlite's file system expects. */
function sys<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new FsError((code ? ERRNO[code] : undefined) ?? ERRNO_CODES.EINVAL, err);
  }
}

function toStats(s: fs.Stats): FsStats {
  return {
    dev: s.dev,
    ino: s.ino,
    mode: s.mode,
    nlink: s.nlink,
    uid: s.uid,
    gid: s.gid,
    rdev: s.rdev,
    size: s.size,
    blksize: s.blksize,
    blocks: s.blocks,
    atime: s.atimeMs,
    mtime: s.mtimeMs,
    ctime: s.ctimeMs,
  };
}

/** One file as this process has it open: its stats at the last fstat, its length if known, its descriptors. */
interface OpenFile {
  key: string;
  stats: FsStats;
  /** The remembered length in bytes; undefined = ask the kernel at the next fstat. */
  size: number | undefined;
  fds: number;
}

export class PgliteDataDir extends BaseFilesystem {
  private readonly root: string;
  /** Open files by device:inode. */
  private readonly files = new Map<string, OpenFile>();
  /** Descriptor → its file. */
  private readonly byFd = new Map<number, OpenFile>();

  constructor(
    dataDir: string,
    private readonly check = process.env.OBSERVA_PGLITE_FS_CHECK === '1',
  ) {
    super(dataDir);
    this.root = path.resolve(dataDir);
    fs.mkdirSync(this.root, { recursive: true });
  }

  private real(p: string): string {
    return path.join(this.root, p);
  }

  /** The open file at `p`, if this process has it open (a truncate or rewrite must forget its length). */
  private openAt(p: string): OpenFile | undefined {
    if (this.files.size === 0) return undefined;
    let s: fs.Stats;
    try {
      s = fs.statSync(this.real(p));
    } catch {
      return undefined;
    }
    return this.files.get(`${s.dev}:${s.ino}`);
  }

  open(p: string): number {
    const fd = sys(() => fs.openSync(this.real(p), 'r+'));
    const stats = toStats(sys(() => fs.fstatSync(fd)));
    const key = `${stats.dev}:${stats.ino}`;
    let file = this.files.get(key);
    if (!file) {
      file = { key, stats, size: stats.size, fds: 0 };
      this.files.set(key, file);
    }
    file.fds++;
    this.byFd.set(fd, file);
    return fd;
  }

  close(fd: number): void {
    const file = this.byFd.get(fd);
    this.byFd.delete(fd);
    if (file && --file.fds === 0) this.files.delete(file.key);
    sys(() => fs.closeSync(fd));
  }

  fstat(fd: number): FsStats {
    const file = this.byFd.get(fd);
    if (!file) return toStats(sys(() => fs.fstatSync(fd)));
    if (file.size === undefined) {
      file.stats = toStats(sys(() => fs.fstatSync(fd)));
      file.size = file.stats.size;
    } else if (this.check) {
      const real = sys(() => fs.fstatSync(fd)).size;
      if (real !== file.size) throw new Error(`PGlite file length remembered as ${file.size}, is ${real}`);
    }
    return { ...file.stats, size: file.size };
  }

  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    return sys(() => fs.readSync(fd, buffer, offset, length, position));
  }

  write(fd: number, buffer: Uint8Array | ArrayBufferLike, offset: number, length: number, position: number): number {
    // PGlite passes the WebAssembly heap's ArrayBuffer.
    const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
    const written = sys(() => fs.writeSync(fd, bytes, offset, length, position));
    const file = this.byFd.get(fd);
    if (file?.size !== undefined) file.size = Math.max(file.size, position + written);
    return written;
  }

  truncate(p: string, len: number): void {
    const file = this.openAt(p);
    if (file) file.size = undefined;
    sys(() => fs.truncateSync(this.real(p), len));
  }

  writeFile(p: string, data: string | Uint8Array, options?: { encoding?: string; mode?: number; flag?: string }): void {
    const file = this.openAt(p);
    if (file) file.size = undefined;
    sys(() => fs.writeFileSync(this.real(p), data, options as fs.WriteFileOptions));
  }

  lstat(p: string): FsStats {
    return toStats(sys(() => fs.lstatSync(this.real(p))));
  }

  chmod(p: string, mode: number): void {
    sys(() => fs.chmodSync(this.real(p), mode));
  }

  mkdir(p: string, options?: { recursive?: boolean; mode?: number }): void {
    sys(() => fs.mkdirSync(this.real(p), options));
  }

  readdir(p: string): string[] {
    return sys(() => fs.readdirSync(this.real(p)));
  }

  rename(from: string, to: string): void {
    sys(() => fs.renameSync(this.real(from), this.real(to)));
  }

  rmdir(p: string): void {
    sys(() => fs.rmdirSync(this.real(p)));
  }

  unlink(p: string): void {
    sys(() => fs.unlinkSync(this.real(p)));
  }

  utimes(p: string, atime: number, mtime: number): void {
    sys(() => fs.utimesSync(this.real(p), atime / 1000, mtime / 1000));
  }

  /** Closes what PGlite left open (its stock NodeFS closes every stream at close too). */
  override async closeFs(): Promise<void> {
    for (const fd of this.byFd.keys()) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    this.byFd.clear();
    this.files.clear();
  }
}
