/**
 * Sync sources of the evidence (notes, agendas), filtered per viewer (services/evidence/note-access.ts):
 *   notes     every note of the observations the viewer may see. The full audience gets documents; the faculty
 *             member gets a document for a shared note of a locked rubric and nothing for any other note (a
 *             removal would tell them how many private notes exist and when). A note that becomes visible
 *             (shared, or its rubric locked: migration 0007 moves the note's version then) arrives; one that
 *             leaves their view (unshared after the lock) reaches them once as a removal addressed to them
 *             (services/evidence/note-access.ts leftFacultyView). Admin and Campus_Director get nothing.
 *   agendas   the agenda of each visible observation: full audience always, faculty once shared (the same way).
 * Deleted notes and agendas arrive as removals to the audience they had (sync/tombstones.ts removalsFor).
 */
import { and, asc, gt, inArray, lte } from 'drizzle-orm';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { evidenceNotes, meetingAgendas, observations } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { agendaForViewer, type AgendaRow } from '../../services/evidence/agenda.js';
import { noteAudience } from '../../services/evidence/note-access.js';
import { notesForViewer, type NoteRow } from '../../services/evidence/notes.js';
import { visibleWhere } from '../../services/observations/access.js';
import type { SyncSource } from './types.js';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const obsColumns = { id: observations.id, observerId: observations.observerId, facultyId: observations.facultyId, departmentId: observations.departmentId, hodId: observations.hodId, mode: observations.mode };

async function observationsOf(db: Db, user: AuthUser, ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(obsColumns)
    .from(observations)
    .where(and(inArray(observations.id, [...new Set(ids)]), visibleWhere(user)));
  return new Map(rows.map((r) => [r.id, r]));
}

async function noteChanges(db: Db, user: AuthUser, rows: NoteRow[]): Promise<SyncChange[]> {
  const obs = await observationsOf(db, user, rows.map((r) => r.observationId));
  const seen = await notesForViewer(db, user, rows, obs);
  // Only what the viewer may see: a note the faculty member may not see is not in their feed at all (not even as
  // a removal, which would tell how many private notes exist); one that left their view was sent its removal
  // then (services/evidence/note-access.ts leftFacultyView).
  return seen.flatMap(({ row, doc }) => (doc ? [{ entity: 'notes' as const, id: row.id, version: row.version, data: doc as unknown as Record<string, unknown> }] : []));
}

export const notesSource: SyncSource = {
  entity: 'notes',
  async changedSince(db, user, since, upTo, limit) {
    // Admin / Campus_Director see observations but never notes: skip the query.
    if (user.role === 'Admin' || user.role === 'Campus_Director') return [];
    const visible = db.select({ id: observations.id }).from(observations).where(visibleWhere(user));
    const rows = await db
      .select()
      .from(evidenceNotes)
      .where(and(gt(evidenceNotes.version, since), lte(evidenceNotes.version, upTo), inArray(evidenceNotes.observationId, visible)))
      .orderBy(asc(evidenceNotes.version))
      .limit(limit);
    return noteChanges(db, user, rows);
  },
  async byIds(db, user, ids, upTo) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(evidenceNotes)
      .where(and(inArray(evidenceNotes.id, wanted), lte(evidenceNotes.version, upTo)));
    return noteChanges(db, user, rows);
  },
};

async function agendaChanges(db: Db, user: AuthUser, rows: AgendaRow[]): Promise<SyncChange[]> {
  const obs = await observationsOf(db, user, rows.map((r) => r.observationId));
  return rows.flatMap((r) => {
    const o = obs.get(r.observationId);
    if (!o || noteAudience(user, o) === 'none') return [];
    const doc = agendaForViewer(user, o, r);
    return doc ? [{ entity: 'agendas' as const, id: r.observationId, version: r.version, data: doc as unknown as Record<string, unknown> }] : [];
  });
}

export const agendasSource: SyncSource = {
  entity: 'agendas',
  async changedSince(db, user, since, upTo, limit) {
    if (user.role === 'Admin' || user.role === 'Campus_Director') return [];
    const visible = db.select({ id: observations.id }).from(observations).where(visibleWhere(user));
    const rows = await db
      .select()
      .from(meetingAgendas)
      .where(and(gt(meetingAgendas.version, since), lte(meetingAgendas.version, upTo), inArray(meetingAgendas.observationId, visible)))
      .orderBy(asc(meetingAgendas.version))
      .limit(limit);
    return agendaChanges(db, user, rows);
  },
  async byIds(db, user, ids, upTo) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await db.select().from(meetingAgendas).where(and(inArray(meetingAgendas.observationId, wanted), lte(meetingAgendas.version, upTo)));
    return agendaChanges(db, user, rows);
  },
};

export const EVIDENCE_SOURCES: SyncSource[] = [notesSource, agendasSource];
