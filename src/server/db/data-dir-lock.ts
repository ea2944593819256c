/**
 * One process per embedded database. PGlite's data directory belongs to one process: two servers on one DATA_DIR
 * would both write it and corrupt it. The server therefore holds `<dir>.lock` while the database is open; a second
 * process finds a live holder and refuses to start (DataDirLockedError, exit code EXIT_DATA_DIR_LOCKED).
 *
 * Why a pid file and not an OS lock: Node has no flock/fcntl without a native module. The file names its holder
 * by pid AND by the process's start time (Linux: /proc/<pid>/stat field 22, with the boot id), so
 *   - a holder killed with SIGKILL leaves a file whose pid is gone → stale, taken over at the next start;
 *   - a pid reused by an unrelated process has another start time → stale too (where /proc is missing, e.g.
 *     macOS, only the pid is compared: a reused pid then blocks until the file is deleted, which the message says);
 *   - after a reboot the boot id differs → stale.
 * A holder on another host (shared network directory) cannot be checked and counts as live.
 *
 * Invariants: the lock file appears with its whole content at once (written to a private file, then hard-linked
 * into place: link fails when the name exists, so exactly one creator wins). A stale file is taken over by
 * renaming it aside and checking that what was moved is the stale content that was judged; a fresh lock moved by
 * mistake (its creator won a race in between) is linked back. Residual race: a third process creating the lock in
 * the instant between that rename and the link-back; it needs three starts within microseconds on a stale lock.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Exit code of a server refused because another process holds its embedded database (EX_TEMPFAIL). */
export const EXIT_DATA_DIR_LOCKED = 75;

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly lockFile: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Observa process` +
        `${holderPid ? ` (pid ${holderPid})` : ''}. Only one process may use it: stop that process first, or set ` +
        `DATABASE_URL to share a PostgreSQL database between several processes. (If no such process is running, ` +
        `delete ${lockFile}.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  /** Process start time in clock ticks since boot (Linux); null where unknown. */
  start: string | null;
  boot: string | null;
  host: string;
  nonce: string;
}

function readOr(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const bootId = () => readOr('/proc/sys/kernel/random/boot_id')?.trim() || null;

/** Start time of a process (Linux), null when unknown. Field 22 of /proc/<pid>/stat, counted after "(comm)". */
function startTimeOf(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // fields[0] is field 3 (state)
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLive(h: Holder): boolean {
  if (h.host !== hostname()) return true; // cannot look at another machine's processes
  const boot = bootId();
  if (h.boot && boot && h.boot !== boot) return false;
  if (!pidExists(h.pid)) return false;
  if (h.start) {
    const now = startTimeOf(h.pid);
    if (now && now !== h.start) return false; // the pid now belongs to another process
  }
  return true;
}

function parse(raw: string): Holder | null {
  try {
    const h = JSON.parse(raw) as Holder;
    return Number.isInteger(h.pid) && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Takes `<dir>.lock` for this process, or throws DataDirLockedError naming the directory. */
export function lockDataDir(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  const me: Holder = { pid: process.pid, start: startTimeOf(process.pid), boot: bootId(), host: hostname(), nonce: randomBytes(8).toString('hex') };
  const content = JSON.stringify(me);
  const draft = `${file}.${process.pid}.${me.nonce}`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, file);
        return ownLock(file, content);
      } catch (err) {
        if (errno(err) !== 'EEXIST') throw err;
      }
      const seen = readOr(file);
      if (seen === null) continue; // released meanwhile
      const holder = parse(seen);
      if (holder && isLive(holder)) throw new DataDirLockedError(dir, file, holder.pid);
      // Stale (or unreadable): move it aside, and make sure what moved is what was judged.
      const aside = `${file}.stale.${me.nonce}`;
      try {
        renameSync(file, aside);
      } catch (err) {
        if (errno(err) === 'ENOENT') continue;
        throw err;
      }
      if (readOr(aside) !== seen) {
        try {
          linkSync(aside, file); // a fresh lock taken in between: put it back
        } catch {
          // someone else holds the name now; the next attempt judges them
        }
      }
      unlinkSync(aside);
    }
    throw new DataDirLockedError(dir, file, undefined);
  } finally {
    unlinkSync(draft);
  }
}

function ownLock(file: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock is removed (never one a later process took over after ours was judged stale).
    if (readOr(file) === content) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  // A process that exits without closing the database still frees the directory for the next start.
  process.on('exit', release);
  return { file, release };
}
