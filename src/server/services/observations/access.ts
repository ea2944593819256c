/**
 * Who may see and do what on an observation (every rule on the server: docs/architecture.md).
 *
 * Read: services/scope (one rule for REST and the sync feed). Write: only the side whose turn it is, checked by
 * each service.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { parseJson, rowFromJson } from '../../db/results.js';
import { observations } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { Parties } from '../../../shared/access-policy/index.js';
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
export function requireVisible<R extends Parties>(u: Viewer, row: R | undefined): R {
  if (!row) throw notFound();
  if (!canView(u, row)) throw forbidden();
  return row;
}

/**
 * Loads an observation for a write and locks its row for the transaction, so two writes to one cycle (say the
 * faculty's and the observer's acceptance arriving together) are judged one after the other.
 */
export async function loadForWrite(tx: Tx, u: Viewer, id: string): Promise<ObservationRow> {
  const [row] = await tx.select().from(observations).where(eq(observations.id, id)).for('update');
  return requireVisible(u, row);
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
export function sideOf(u: Viewer, o: Pick<ObservationRow, 'observerId' | 'facultyId'>): Side {
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
export function requireOpen(o: Pick<ObservationRow, 'status'>, conflictMessage: string = MSG.observationCompleted): void {
  if (o.status === 'Completed') throw conflict(conflictMessage);
}
