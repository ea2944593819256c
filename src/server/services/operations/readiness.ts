/**
 * Readiness (GET /readyz, docs/operations/health.md): can this instance serve requests now? Three checks, run
 * together, each bounded by READINESS_TIMEOUT_MS so a hung dependency answers "not ready" instead of hanging the
 * probe:
 *   database    a round trip (`select 1`)
 *   migrations  every migration this build ships is applied (drizzle's journal against its applied list), so an
 *               instance of a newer build never serves an older schema
 *   storage     the file store answers (S3: HeadBucket; disk: DATA_DIR is writable)
 * The answer names a failing check with a fixed message; the cause (host names, driver errors) goes to the log
 * only, since the probe is open to anyone who can reach the port.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shippedMigrations } from '../../db/migration-journal.js';
import { rowsOf } from '../../db/results.js';
import type { FileStorage } from '../../storage/file-storage.js';

export const READINESS_TIMEOUT_MS = 2000;

export type CheckName = 'database' | 'migrations' | 'storage';
export interface CheckResult {
  ok: boolean;
  /** Why it failed (a fixed sentence, never a driver's message). */
  error?: string;
}
export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  /** The failures' causes, for the log. */
  causes: { check: CheckName; err: unknown }[];
}

/**
 * How many shipped migrations the database lacks: each one is recognised by its journal time or its hash in
 * drizzle.__drizzle_migrations. Not drizzle's own rule ("anything later than the newest applied"): a database whose
 * recorded times are not yet in step with the journal (db/migration-journal.ts) would be counted wrongly by it.
 */
export async function missingMigrations(db: Db, entries = shippedMigrations()): Promise<number> {
  const applied = rowsOf<{ hash: string; at: string | null }>(await db.execute(sql`select hash, created_at::text as at from drizzle.__drizzle_migrations`));
  const hashes = new Set(applied.map((r) => r.hash));
  const times = new Set(applied.map((r) => r.at));
  return entries.filter((m) => !hashes.has(m.hash) && !times.has(String(m.folderMillis))).length;
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function readiness(db: Db, storage: FileStorage, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const causes: Readiness['causes'] = [];
  const run = async (check: CheckName, work: () => Promise<string | null>, failed: string): Promise<CheckResult> => {
    try {
      const problem = await bounded(work(), timeoutMs);
      return problem ? { ok: false, error: problem } : { ok: true };
    } catch (err) {
      causes.push({ check, err });
      return { ok: false, error: failed };
    }
  };
  const database = run('database', async () => (await db.execute(sql`select 1`), null), 'The database does not answer.');
  const migrations = (async (): Promise<CheckResult> => {
    // Without a database there is nothing to compare: reported once, under "database".
    if (!(await database).ok) return { ok: false, error: 'Not checked: the database does not answer.' };
    return run(
      'migrations',
      async () => {
        const n = await missingMigrations(db);
        return n === 0 ? null : `${n} migration${n === 1 ? ' is' : 's are'} not applied yet.`;
      },
      'The applied migrations could not be read.',
    );
  })();
  const store = run('storage', async () => (await storage.ping(), null), `The file store (${storage.kind}) does not answer.`);
  const checks = { database: await database, migrations: await migrations, storage: await store };
  return { ready: Object.values(checks).every((c) => c.ok), checks, causes };
}
