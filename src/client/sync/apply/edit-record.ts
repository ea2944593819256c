/**
 * Read-modify-write of one replica record, in ONE IndexedDB round trip when this tab has edited it before.
 *
 * An optimistic apply must merge the change into the stored record, so it reads before it writes: two round
 * trips, where a raw put costs one. Most edits follow an edit of the same record in the same tab (scoring rubric
 * rows, answering plan steps, a profile form), so the tab keeps the last copy it wrote and writes a guess at once:
 *
 *   copy known? ── no ──► get ──► put(change(actual))                                       2 round trips
 *       │ yes
 *       ▼
 *   get + put(change(copy)) issued together ──► get answers (the record BEFORE the guess)
 *       │
 *       ├─ change(actual) equals the guess ──► done                                         1 round trip
 *       └─ it differs (another tab, a pull, an aborted transaction) ──► put(change(actual))  corrective
 *
 * Invariants: the requests of one IndexedDB transaction run in the order they were issued, so the get always
 * sees the record as it was before the guess, and the corrective write lands before the commit — no reader ever
 * observes a wrong guess. The copy is only a hint: correctness never depends on it, a stale copy costs one more
 * request. `change` must be deterministic (the applies are: set semantics, `now` fixed per mutation).
 */
import Dexie from 'dexie';
import type { SyncEntity } from '../../../shared/sync/protocol.js';
import { replicaTable, type ReplicaDb, type ReplicaRecord } from '../../db/db.js';

/** Copies kept per database (least recently written dropped first). */
const MAX_COPIES = 64;
const copies = new WeakMap<ReplicaDb, Map<string, ReplicaRecord>>();

const done = (): void => undefined;

/**
 * Applies `change` (which edits the record it is given in place) to record `id` of `entity`; skips quietly when
 * the record is absent. Runs inside the caller's transaction; returns a Dexie promise (no native awaits, so it is
 * safe inside the rebase's long transaction).
 */
export function editRecord<T extends ReplicaRecord>(db: ReplicaDb, entity: SyncEntity, id: string, change: (doc: T) => void): Promise<void> {
  const table = replicaTable(db, entity);
  const key = `${entity}/${id}`;
  const cache = copiesOf(db);
  const copy = cache.get(key) as T | undefined;
  const changed = (doc: T): T => {
    change(doc);
    return doc;
  };
  const read = table.get(id);
  const guess = copy ? guessFrom(copy, changed) : undefined;
  const speculative = guess ? table.put(guess) : undefined;
  return read.then((actual) => {
    if (!actual) {
      cache.delete(key);
      return guess ? Dexie.Promise.all([speculative, table.delete(id)]).then(done) : undefined;
    }
    const next = changed(actual as T);
    remember(cache, key, next);
    if (guess && sameValue(guess, next)) return speculative!.then(done);
    return Dexie.Promise.all([speculative, table.put(next)]).then(done);
  });
}

/** The change applied to a clone of the copy; none when that throws (the copy is a hint, never a failure). */
function guessFrom<T extends ReplicaRecord>(copy: T, changed: (doc: T) => T): T | undefined {
  try {
    return changed(structuredClone(copy));
  } catch {
    return undefined;
  }
}

/** Drops every copy (sign-out, reset): they are hints, but they are also user data held in memory. */
export function forgetCopies(db: ReplicaDb): void {
  copies.delete(db);
}

function copiesOf(db: ReplicaDb): Map<string, ReplicaRecord> {
  let m = copies.get(db);
  if (!m) copies.set(db, (m = new Map()));
  return m;
}

function remember(cache: Map<string, ReplicaRecord>, key: string, doc: ReplicaRecord): void {
  cache.delete(key);
  // Kept as is: only editRecord holds `doc` after the put, and it only ever changes clones of it.
  cache.set(key, doc);
  if (cache.size > MAX_COPIES) cache.delete(cache.keys().next().value!);
}

/** Structural equality of two stored documents (plain JSON-like data; key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameValue(x, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
