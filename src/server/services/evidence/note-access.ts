/**
 * The evidence rules' server side. Who may see notes, the agenda and the audit trail is the shared access policy
 * (src/shared/access-policy/evidence.ts); here is what a change that takes something out of the faculty member's
 * view must leave behind for their feed.
 */
import type { Tx } from '../../db/client.js';
import { tombstones } from '../../db/schema.js';

export { noteAudience, type NoteAudience } from '../../../shared/access-policy/index.js';

/**
 * A note or an agenda left the faculty member's view (unshared after it was visible to them): their feed gets the
 * removal once — a tombstone addressed to them alone (sync/tombstones.ts). Rows they never saw are never in
 * their feed at all (sync/sources/evidence.ts).
 */
export async function leftFacultyView(tx: Tx, table: 'evidence_notes' | 'meeting_agendas', id: string, facultyId: string): Promise<void> {
  await tx.insert(tombstones).values({ entity: table, entityId: id, audience: facultyId });
}
