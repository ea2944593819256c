/**
 * Evidence notes: the observer writes them in the room on the informed / uninformed rubric page.
 *
 *   create / edit / delete   the observation's observer, while that rubric is open (409 once locked)
 *   shared                   the observer may mark a note shared (or not) also after the lock: sharing is decided
 *                            for the post-observation meeting, the note's content is not changed by it
 *   photo                    a finished tus upload of the observer, JPEG or PNG by content, moved under a
 *                            generated key (the artifacts' path), while the rubric is open
 *   read                     see note-access.ts
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ARTIFACT_KIND_MAX_BYTES } from '../../../shared/contract/files.js';
import type { EvidenceNote, NoteCreateRequest, NotePhotoRequest, NoteUpdateRequest } from '../../../shared/contract/evidence.js';
import { MSG } from '../../../shared/messages.js';
import { facultySeesNote } from '../../../shared/access-policy/index.js';
import type { Db, Tx } from '../../db/client.js';
import { evidenceNotes, meetings, rubricItems } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { sniffUpload, type FileStorage } from '../../storage/index.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, loadVisible, requireObserver, type ObservationRow } from '../observations/access.js';
import { storeUpload, uploadIdFrom, type ArtifactKind } from '../observations/artifact-files.js';
import { leftFacultyView, noteAudience } from './note-access.js';

export type NoteRow = typeof evidenceNotes.$inferSelect;
type Kind = 'informed' | 'uninformed';

export const NOTE_MSG = {
  rubricLocked: 'The rubric is locked: its notes can no longer be changed!',
  unknownItem: 'rubricItemIds: unknown rubric item',
  photoType: 'Only JPEG and PNG photos can be attached to a note!',
} as const;

export const notePhotoUrl = (observationId: string, noteId: string) => `/api/observation/${observationId}/notes/${noteId}/photo`;

export function noteDocument(r: NoteRow): EvidenceNote {
  return {
    id: r.id,
    observationId: r.observationId,
    kind: r.kind as Kind,
    authorId: r.authorId,
    body: r.body,
    offsetSeconds: r.offsetSeconds,
    rubricItemIds: r.rubricItemIds,
    shared: r.shared,
    photoURL: r.photoKey ? notePhotoUrl(r.observationId, r.id) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}

async function meetingOf(tx: Db | Tx, observationId: string, kind: string) {
  const [m] = await tx.select({ id: meetings.id, status: meetings.status }).from(meetings).where(and(eq(meetings.observationId, observationId), eq(meetings.kind, kind)));
  return m;
}

/** 409 unless the rubric of `kind` is started and not locked. */
async function requireRubricOpen(tx: Tx, o: ObservationRow, kind: string): Promise<void> {
  const m = await meetingOf(tx, o.id, kind);
  if (!m) throw conflict(MSG.meetingNotStarted);
  if (m.status === 'Completed') throw conflict(NOTE_MSG.rubricLocked);
}

/** The ids name items of the observation's own rubric version. */
async function checkItems(tx: Tx, o: ObservationRow, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw badRequest(NOTE_MSG.unknownItem);
  const found = await tx
    .select({ id: rubricItems.id })
    .from(rubricItems)
    .where(and(inArray(rubricItems.id, unique), eq(rubricItems.rubricVersionId, o.rubricVersionId)));
  if (found.length !== unique.length) throw badRequest(NOTE_MSG.unknownItem);
  return unique;
}

async function loadNote(tx: Tx, o: ObservationRow, noteId: string): Promise<NoteRow> {
  const [n] = await tx.select().from(evidenceNotes).where(and(eq(evidenceNotes.id, noteId), eq(evidenceNotes.observationId, o.id)));
  if (!n) throw notFound();
  return n;
}

export async function createNote(ctx: WriteContext, u: AuthUser, observationId: string, body: z.infer<typeof NoteCreateRequest>): Promise<EvidenceNote> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, observationId);
  requireObserver(u, o);
  await requireRubricOpen(tx, o, body.kind);
  const [taken] = await tx.select({ id: evidenceNotes.id }).from(evidenceNotes).where(eq(evidenceNotes.id, body.id));
  if (taken) throw conflict(ID_IN_USE);
  const rubricItemIds = await checkItems(tx, o, body.rubricItemIds);
  const [row] = await tx
    .insert(evidenceNotes)
    .values({ id: body.id, observationId: o.id, kind: body.kind, authorId: u.id, body: body.body, offsetSeconds: body.offsetSeconds, rubricItemIds, shared: body.shared })
    .returning();
  ctx.audit({ actorId: u.id, action: 'note.create', entity: 'observations', entityId: o.id, detail: { noteId: row.id, kind: row.kind } });
  return noteDocument(row);
}

export async function updateNote(ctx: WriteContext, u: AuthUser, observationId: string, noteId: string, body: z.infer<typeof NoteUpdateRequest>, now: Date): Promise<EvidenceNote> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, observationId);
  requireObserver(u, o);
  const note = await loadNote(tx, o, noteId);
  const changesContent = body.body !== undefined || body.offsetSeconds !== undefined || body.rubricItemIds !== undefined;
  if (changesContent) await requireRubricOpen(tx, o, note.kind);
  const set: Partial<NoteRow> = { updatedAt: now };
  if (body.body !== undefined) set.body = body.body;
  if (body.offsetSeconds !== undefined) set.offsetSeconds = body.offsetSeconds;
  if (body.rubricItemIds !== undefined) set.rubricItemIds = await checkItems(tx, o, body.rubricItemIds);
  if (body.shared !== undefined) set.shared = body.shared;
  const [row] = await tx.update(evidenceNotes).set(set).where(eq(evidenceNotes.id, note.id)).returning();
  if (note.shared && !row.shared && (await lockedKindsOf(tx, [o.id])).get(o.id)?.has(note.kind)) {
    // It was visible to the faculty member (shared, rubric locked) and no longer is: one removal for them.
    await leftFacultyView(tx, 'evidence_notes', note.id, o.facultyId);
  }
  ctx.audit({
    actorId: u.id,
    action: body.shared !== undefined && !changesContent ? (body.shared ? 'note.share' : 'note.unshare') : 'note.update',
    entity: 'observations',
    entityId: o.id,
    detail: { noteId: note.id },
  });
  return noteDocument(row);
}

/** Deletes the note; returns the photo's storage key to remove after commit. */
export async function deleteNote(ctx: WriteContext, u: AuthUser, observationId: string, noteId: string): Promise<string | null> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, observationId);
  requireObserver(u, o);
  const note = await loadNote(tx, o, noteId);
  await requireRubricOpen(tx, o, note.kind);
  await tx.delete(evidenceNotes).where(eq(evidenceNotes.id, note.id));
  ctx.audit({ actorId: u.id, action: 'note.delete', entity: 'observations', entityId: o.id, detail: { noteId: note.id } });
  return note.photoKey;
}

export async function attachPhoto(
  ctx: WriteContext,
  u: AuthUser,
  storage: FileStorage,
  observationId: string,
  noteId: string,
  body: z.infer<typeof NotePhotoRequest>,
  now: Date,
): Promise<{ note: EvidenceNote; replacedKey: string | null }> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, observationId);
  requireObserver(u, o);
  const note = await loadNote(tx, o, noteId);
  await requireRubricOpen(tx, o, note.kind);
  // Only a finished upload by this same user (the tus endpoint records the owner).
  const uploadId = uploadIdFrom(body.uploadId, body.fileURL);
  const info = uploadId ? await storage.upload(uploadId) : null;
  if (!uploadId || !info || !info.complete || info.metadata.owner !== u.id || info.offset === 0) throw badRequest(MSG.uploadNotFound);
  const kind = await sniffUpload(storage, uploadId, info.offset);
  if (kind !== 'jpeg' && kind !== 'png') throw badRequest(NOTE_MSG.photoType);
  if (info.offset > ARTIFACT_KIND_MAX_BYTES[kind]) throw tooLarge(MSG.artifactTooLarge);
  const photoKey = await storeUpload(storage, uploadId, kind);
  // Its size counts in the author's quota (services/uploads/quota.ts), as the upload's did.
  const [row] = await tx.update(evidenceNotes).set({ photoKey, photoSize: info.offset, updatedAt: now }).where(eq(evidenceNotes.id, note.id)).returning();
  ctx.audit({ actorId: u.id, action: 'note.photo', entity: 'observations', entityId: o.id, detail: { noteId: note.id, type: kind, size: info.offset } });
  return { note: noteDocument(row), replacedKey: note.photoKey };
}

/** Whether a faculty member may see this note now (the policy's facultySeesNote: shared, rubric locked). */
function facultyMaySee(note: Pick<NoteRow, 'shared' | 'kind'>, lockedKinds: ReadonlySet<string>): boolean {
  return facultySeesNote(note, lockedKinds.has(note.kind));
}

async function lockedKindsOf(db: Db | Tx, observationIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (observationIds.length === 0) return out;
  const rows = await db
    .select({ observationId: meetings.observationId, kind: meetings.kind })
    .from(meetings)
    .where(and(inArray(meetings.observationId, [...new Set(observationIds)]), eq(meetings.status, 'Completed')));
  for (const r of rows) out.set(r.observationId, (out.get(r.observationId) ?? new Set()).add(r.kind));
  return out;
}

/**
 * The notes as `u` may see them: a document, or null where the viewer may not (a faculty member's view of an
 * unshared or not-yet-locked note). `observationsById` holds the observations of the rows.
 */
export async function notesForViewer(
  db: Db | Tx,
  u: AuthUser,
  rows: NoteRow[],
  observationsById: Map<string, Pick<ObservationRow, 'id' | 'observerId' | 'facultyId' | 'departmentId' | 'hodId' | 'mode'>>,
): Promise<{ row: NoteRow; doc: EvidenceNote | null }[]> {
  const facultyObs = rows.filter((r) => {
    const o = observationsById.get(r.observationId);
    return o && noteAudience(u, o) === 'faculty';
  });
  const locked = await lockedKindsOf(db, facultyObs.map((r) => r.observationId));
  const out: { row: NoteRow; doc: EvidenceNote | null }[] = [];
  for (const r of rows) {
    const o = observationsById.get(r.observationId);
    const audience = o ? noteAudience(u, o) : 'none';
    if (audience === 'full') out.push({ row: r, doc: noteDocument(r) });
    else if (audience === 'faculty') out.push({ row: r, doc: facultyMaySee(r, locked.get(r.observationId) ?? new Set()) ? noteDocument(r) : null });
  }
  return out;
}

export async function listNotes(db: Db, u: AuthUser, observationId: string): Promise<EvidenceNote[]> {
  const o = await loadVisible(db, u, observationId);
  if (noteAudience(u, o) === 'none') throw forbidden();
  const rows = await db.select().from(evidenceNotes).where(eq(evidenceNotes.observationId, o.id)).orderBy(asc(evidenceNotes.kind), asc(evidenceNotes.offsetSeconds), asc(evidenceNotes.createdAt));
  const seen = await notesForViewer(db, u, rows, new Map([[o.id, o]]));
  return seen.flatMap((s) => (s.doc ? [s.doc] : []));
}

export interface NotePhotoFile {
  storageKey: string;
  kind: ArtifactKind;
  size: number;
}

export async function notePhotoForDownload(db: Db, u: AuthUser, storage: FileStorage, observationId: string, noteId: string): Promise<NotePhotoFile> {
  const o = await loadVisible(db, u, observationId);
  if (noteAudience(u, o) === 'none') throw forbidden();
  const [n] = await db.select().from(evidenceNotes).where(and(eq(evidenceNotes.id, noteId), eq(evidenceNotes.observationId, o.id)));
  if (!n) throw notFound();
  const [seen] = await notesForViewer(db, u, [n], new Map([[o.id, o]]));
  if (!seen?.doc || !n.photoKey) throw notFound();
  const size = await storage.artifactSize(n.photoKey);
  if (size == null) throw notFound();
  return { storageKey: n.photoKey, kind: n.photoKey.endsWith('.png') ? 'png' : 'jpeg', size };
}
