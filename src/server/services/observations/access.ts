/**
 * Who may see and do what on an observation (DESIGN.md § API: every rule on the server).
 *
 * Read: services/scope (one rule for REST and the sync feed). Write: only the side whose turn it is, checked by
 * each service.
 */
import { eq, getTableName } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { rawRows } from '../../db/raw.js';
import { holdsRowLock, noteRowLock } from '../../db/tx-locks.js';
import { parseJson, rowFromJson } from '../../db/results.js';
import { observations } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { canSeeObservation, takesPart, type ObservationRow, type Viewer } from '../scope/index.js';

// Visibility itself lives in services/scope (shared with the sync feed); these names stay for the services.
export { isHodOf, observationScope as visibleWhere } from '../scope/index.js';
export type { ObservationRow, Viewer };

export const canView = canSeeObservation;

/** The chat of an observation: its observer, its faculty member and its HOD. */
export const canChat = takesPart;

/** Loads an observation the user may see (404 when missing, 403 when not theirs). */
export async function loadVisible(db: Db | Tx, u: Viewer, id: string): Promise<ObservationRow> {
  const [row] = await db.select().from(observations).where(eq(observations.id, id));
  return requireVisible(u, row);
}

/** The row when the user may see it: 404 when missing, 403 when not theirs. */
export function requireVisible(u: Viewer, row: ObservationRow | undefined): ObservationRow {
  if (!row) throw notFound();
  if (!canView(u, row)) throw forbidden();
  return row;
}

/**
 * Loads an observation for a write and locks its row for the transaction, so two writes to one cycle (say the
 * faculty's and the observer's acceptance arriving together) are judged one after the other.
 */
export async function loadForWrite(tx: Tx, u: Viewer, id: string): Promise<ObservationRow> {
  const [found] = await rawRows<{ row: unknown }>(tx, FOR_WRITE_TEXT, [id]);
  const row = observationFromJson(found?.row);
  if (row) noteRowLock(tx, lockKey(id));
  return requireVisible(u, row);
}

/** Fixed text (every observation write runs it; Drizzle's building of it cost more than the row lock itself). */
const FOR_WRITE_TEXT = `select row_to_json(o) as row from "${getTableName(observations)}" o where o.id = $1 for update`;
export const LOCK_TEXT = `select true as found from "${getTableName(observations)}" o where o.id = $1 for update`;

const lockKey = (id: string) => `observations:${id}`;

/**
 * Locks an observation's row for the transaction, as loadForWrite does, without reading it: for a write that reads
 * the row in its next statement (the rubric's one statement). No statement when this transaction already holds the
 * lock (db/tx-locks.ts): an earlier row of the same batched push took it. Whoever reads the row after this must
 * judge it with requireVisible, as loadForWrite does (a missing row is not an error here).
 *
 * The lock is taken in a statement of its own so that the statement after it reads what was committed while it
 * waited: a statement sees the database as of its own start, and a concurrent write it waited for (a meeting
 * locked meanwhile) would be invisible to the statement that waited.
 */
export async function lockForWrite(tx: Tx, id: string): Promise<void> {
  if (holdsRowLock(tx, lockKey(id))) return;
  const [found] = await rawRows<{ found: boolean }>(tx, LOCK_TEXT, [id]);
  if (found) noteRowLock(tx, lockKey(id));
}

/** An observation row from its row_to_json (undefined for none). */
export function observationFromJson(json: unknown): ObservationRow | undefined {
  const parsed = parseJson<Record<string, unknown>>(json);
  return parsed ? rowFromJson(observations, parsed) : undefined;
}

/** A client-chosen id (offline create) that already names another record. */
export const ID_IN_USE = 'That id is already in use!';

export type Side = 'observer' | 'faculty';

/** The caller's side in this observation, from the token (never from the body); 403 for anyone else. */
export function sideOf(u: Viewer, o: ObservationRow): Side {
  if (u.id === o.observerId) return 'observer';
  if (u.id === o.facultyId) return 'faculty';
  throw forbidden();
}

export function requireObserver(u: Viewer, o: ObservationRow): void {
  if (u.id !== o.observerId) throw forbidden();
}
export function requireFaculty(u: Viewer, o: ObservationRow): void {
  if (u.id !== o.facultyId) throw forbidden();
}

/** The faculty member and the observer may still write only while the observation is not Completed. */
export function requireOpen(o: ObservationRow, conflictMessage: string = MSG.observationCompleted): void {
  if (o.status === 'Completed') throw conflict(conflictMessage);
}
