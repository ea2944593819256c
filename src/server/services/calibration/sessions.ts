/**
 * Calibration sessions (docs/adr/2026-11-28-calibration.md): creation by an organiser, the session as its reader
 * may see it (blind before it closes: a participant reads only their own scores and notes), the list of a user's
 * sessions and the lesson's video. Who: src/shared/access-policy/calibration.ts.
 */
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { managesCalibration, maySeeCalibration, mayOrganiseCalibration, mayTakePartInCalibration, rubricServesDepartment, seesCalibrationReference } from '../../../shared/access-policy/index.js';
import type { CalibrationSession, CalibrationSessionCreate } from '../../../shared/contract/calibration.js';
import { ARTIFACT_KIND_MAX_BYTES } from '../../../shared/contract/files.js';
import { isUuid } from '../../../shared/ids.js';
import { MSG } from '../../../shared/messages.js';
import { isScaleValue } from '../../../shared/rubric.js';
import type { Db, Tx } from '../../db/client.js';
import { calibrationNotes, calibrationParticipants, calibrationSessions, departments, rubricItems, users } from '../../db/schema.js';
import { sniffUpload, type FileStorage } from '../../storage/index.js';
import type { AuthUser } from '../deps.js';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../errors.js';
import { ID_IN_USE } from '../observations/access.js';
import { storeUpload, uploadIdFrom } from '../observations/artifact-files.js';
import { loadVersion } from '../rubrics/versions.js';
import type { WriteContext } from '../write-context.js';

export type SessionRow = typeof calibrationSessions.$inferSelect;
export type ParticipantRow = typeof calibrationParticipants.$inferSelect;

export const CALIBRATION_MSG = {
  closed: 'This calibration session is closed: its scores can no longer change.',
  submitted: 'You have submitted your calibration scores: they can no longer change.',
  notParticipant: 'You do not take part in this calibration session.',
  notClosed: 'The results are shown once every participant has submitted or the deadline has passed.',
  version: 'rubricVersionId: choose a published rubric version',
  versionDepartment: 'rubricVersionId: the rubric is not of the institution or of this department',
  department: 'departmentId: unknown department',
  participant: 'participantIds: each must be an active observer of the session’s department (any observer for an institution session)',
  deadline: 'deadline: must be in the future',
  referenceItem: 'reference.items: each item must be an item of the rubric version, once',
  referenceScore: 'reference.items: each score must be a level of the version’s scale',
  video: 'lesson: upload the lesson’s video first (an MP4 file)',
  videoType: 'lesson: only MP4 videos can be a calibration lesson',
  editClosed: 'This calibration session is closed: it can no longer be changed.',
  deleteClosed: 'This calibration session is closed and cannot be deleted: its results back certifications.',
  scored: 'can no longer change: a participant has saved scores on this session (the rubric version, the lesson and the reference stay fixed once anyone has scored)',
  removeSubmitted: 'participantIds: a participant who has submitted cannot be removed',
  referenceVersion: 'reference: a new rubric version needs its own reference (or null: none)',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const videoUrl = (id: string) => `/api/calibration/sessions/${id}/video`;

/** Closed once set by the last submission or by housekeeping, and from the deadline on in any case. */
export function isClosed(s: Pick<SessionRow, 'closedAt' | 'deadline'>, now: Date): boolean {
  return s.closedAt != null || s.deadline.getTime() <= now.getTime();
}

export async function loadSession(db: Db | Tx, id: string, lock?: 'update'): Promise<SessionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const q = db.select().from(calibrationSessions).where(eq(calibrationSessions.id, id));
  const [row] = lock ? await q.for(lock) : await q;
  return row;
}

export async function participantsOf(db: Db | Tx, sessionIds: readonly string[]): Promise<(ParticipantRow & { name: string })[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select({ p: calibrationParticipants, name: users.name })
    .from(calibrationParticipants)
    .innerJoin(users, eq(users.id, calibrationParticipants.userId))
    .where(inArray(calibrationParticipants.sessionId, [...sessionIds]))
    .orderBy(asc(calibrationParticipants.userId));
  return rows.map((r) => ({ ...r.p, name: r.name }));
}

/** The session as `u` may see it, or 404 (neither organiser nor participant). */
export async function visibleSession(db: Db | Tx, u: AuthUser, id: string): Promise<{ session: SessionRow; participants: (ParticipantRow & { name: string })[] }> {
  const session = await loadSession(db, id);
  if (!session) throw notFound();
  const participants = await participantsOf(db, [session.id]);
  if (!maySeeCalibration(u, session, participants.some((p) => p.userId === u.id))) throw notFound();
  return { session, participants };
}

/** Documents of the sessions for `u` (each as that viewer may see it). */
export async function sessionDocs(db: Db | Tx, u: AuthUser, sessions: readonly SessionRow[], now: Date): Promise<CalibrationSession[]> {
  if (sessions.length === 0) return [];
  const ids = sessions.map((s) => s.id);
  const participants = await participantsOf(db, ids);
  const notes = await db
    .select()
    .from(calibrationNotes)
    .where(and(inArray(calibrationNotes.sessionId, ids), eq(calibrationNotes.authorId, u.id)))
    .orderBy(asc(calibrationNotes.offsetSeconds), asc(calibrationNotes.createdAt));
  return sessions.map((s) => {
    const mineAll = participants.filter((p) => p.sessionId === s.id);
    const me = mineAll.find((p) => p.userId === u.id);
    const closed = isClosed(s, now);
    const manages = managesCalibration(u, s);
    return {
      id: s.id,
      title: s.title,
      rubricVersionId: s.rubricVersionId,
      departmentId: s.departmentId,
      organiserId: s.organiserId,
      lesson: {
        kind: s.lessonKind as 'video' | 'live',
        videoURL: s.videoKey ? videoUrl(s.id) : null,
        description: s.liveDescription,
        date: s.liveDate,
      },
      deadline: s.deadline.toISOString(),
      namesParticipants: s.namesParticipants,
      status: closed ? 'closed' : 'open',
      closedAt: iso(s.closedAt),
      participants: { total: mineAll.length, submitted: mineAll.filter((p) => p.submittedAt).length },
      roster: manages ? mineAll.map((p) => ({ userId: p.userId, name: p.name, submitted: p.submittedAt != null })) : null,
      mine: me
        ? {
            scores: me.scores,
            submittedAt: iso(me.submittedAt),
            notes: notes.filter((n) => n.sessionId === s.id).map((n) => ({ id: n.id, body: n.body, offsetSeconds: n.offsetSeconds, createdAt: n.createdAt.toISOString() })),
          }
        : null,
      reference:
        s.reference && s.expertName && seesCalibrationReference(u, s, closed)
          ? { expertName: s.expertName, items: Object.entries(s.reference).map(([itemId, r]) => ({ itemId, score: r.score, rationale: r.rationale })) }
          : null,
      version: s.version,
    };
  });
}

/** SQL: sessions `u` takes part in (what a device replicates). */
export function takesPartWhere(u: AuthUser): SQL {
  return sql`exists (select 1 from ${calibrationParticipants} where ${calibrationParticipants.sessionId} = ${calibrationSessions.id} and ${calibrationParticipants.userId} = ${u.id})`;
}

/** GET /calibration/sessions: those `u` takes part in and those `u` organises (their department's, or the institution's). */
export async function listSessions(db: Db, u: AuthUser, now: Date): Promise<CalibrationSession[]> {
  const organised: SQL[] = [];
  if (mayOrganiseCalibration(u, null)) organised.push(isNull(calibrationSessions.departmentId));
  if (u.departmentId != null && mayOrganiseCalibration(u, u.departmentId)) organised.push(eq(calibrationSessions.departmentId, u.departmentId));
  const rows = await db
    .select()
    .from(calibrationSessions)
    .where(or(takesPartWhere(u), ...organised))
    .orderBy(asc(calibrationSessions.deadline), asc(calibrationSessions.id));
  return sessionDocs(db, u, rows, now);
}

export async function getSession(db: Db, u: AuthUser, id: string, now: Date): Promise<CalibrationSession> {
  const { session } = await visibleSession(db, u, id);
  const [doc] = await sessionDocs(db, u, [session], now);
  return doc!;
}

/** Stores the organiser's finished upload as the lesson's video (MP4 by content); its key and size. */
async function storeVideo(u: AuthUser, storage: FileStorage, lesson: { uploadId?: string; fileURL?: string }): Promise<{ key: string; size: number }> {
  const uploadId = uploadIdFrom(lesson.uploadId, lesson.fileURL);
  const info = uploadId ? await storage.upload(uploadId) : null;
  if (!uploadId || !info || !info.complete || info.metadata.owner !== u.id || info.offset === 0) throw badRequest(CALIBRATION_MSG.video);
  const kind = await sniffUpload(storage, uploadId, info.offset);
  if (kind !== 'mp4') throw badRequest(CALIBRATION_MSG.videoType);
  if (info.offset > ARTIFACT_KIND_MAX_BYTES.mp4) throw tooLarge(MSG.artifactTooLarge);
  return { key: await storeUpload(storage, uploadId, kind), size: info.offset };
}

/** A published version of the institution's or the department's rubric, under a share lock (400 otherwise). */
export async function usableVersion(tx: Tx, versionId: string, departmentId: number | null) {
  const found = await loadVersion(tx, versionId, 'share');
  if (!found || found.version.status !== 'published') throw badRequest(CALIBRATION_MSG.version);
  if (departmentId == null ? found.rubric.departmentId != null : !rubricServesDepartment(found.rubric, departmentId)) throw badRequest(CALIBRATION_MSG.versionDepartment);
  return found;
}

/** The distinct participant ids, each an active observer who may take part in a session of the department (400 otherwise). */
export async function checkParticipants(tx: Tx, participantIds: readonly string[], departmentId: number | null): Promise<string[]> {
  const ids = [...new Set(participantIds)];
  const people = await tx
    .select({ id: users.id, role: users.role, departmentId: users.departmentId, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(inArray(users.id, ids));
  if (people.length !== ids.length || people.some((p) => p.deactivatedAt || !mayTakePartInCalibration(p, departmentId))) throw badRequest(CALIBRATION_MSG.participant);
  return ids;
}

/** The expert's reference as stored: each item of the version once, each score a level of its scale (400 otherwise). */
export async function referenceOn(
  tx: Tx,
  version: { id: string; scale: Parameters<typeof isScaleValue>[1] },
  items: readonly { itemId: string; score: number; rationale: string }[],
): Promise<Record<string, { score: number; rationale: string }>> {
  const known = new Set((await tx.select({ id: rubricItems.id }).from(rubricItems).where(eq(rubricItems.rubricVersionId, version.id))).map((i) => i.id));
  const reference: Record<string, { score: number; rationale: string }> = {};
  for (const r of items) {
    if (!known.has(r.itemId) || reference[r.itemId]) throw badRequest(CALIBRATION_MSG.referenceItem);
    if (!isScaleValue(r.score, version.scale)) throw badRequest(CALIBRATION_MSG.referenceScore);
    reference[r.itemId] = { score: r.score, rationale: r.rationale };
  }
  return reference;
}

export async function createSession(ctx: WriteContext, u: AuthUser, body: z.output<typeof CalibrationSessionCreate>): Promise<CalibrationSession> {
  const { tx, now } = ctx;
  // A HOD's session is their department's unless they name one; an administrator's is the institution's.
  const departmentId = body.departmentId !== undefined ? body.departmentId : u.role === 'Head_of_Department' ? u.departmentId : null;
  if (!mayOrganiseCalibration(u, departmentId)) throw forbidden();
  if (departmentId != null && (await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId))).length === 0) {
    throw badRequest(CALIBRATION_MSG.department);
  }
  const found = await usableVersion(tx, body.rubricVersionId, departmentId);
  if (new Date(body.deadline).getTime() <= now.getTime()) throw badRequest(CALIBRATION_MSG.deadline);

  const ids = await checkParticipants(tx, body.participantIds, departmentId);
  const reference = body.reference ? await referenceOn(tx, found.version, body.reference.items) : null;
  if (body.id && (await loadSession(tx, body.id))) throw conflict(ID_IN_USE);

  const video = body.lesson.kind === 'video' ? await storeVideo(u, ctx.deps.storage, body.lesson) : null;
  const [row] = await tx
    .insert(calibrationSessions)
    .values({
      ...(body.id ? { id: body.id } : {}),
      title: body.title,
      rubricVersionId: found.version.id,
      departmentId,
      organiserId: u.id,
      lessonKind: body.lesson.kind,
      videoKey: video?.key ?? null,
      videoSize: video?.size ?? null,
      liveDescription: body.lesson.kind === 'live' ? body.lesson.description : null,
      liveDate: body.lesson.kind === 'live' ? body.lesson.date : null,
      expertName: body.reference?.expertName ?? null,
      reference,
      deadline: new Date(body.deadline),
      namesParticipants: body.namesParticipants,
    })
    .returning();
  await tx.insert(calibrationParticipants).values(ids.map((userId) => ({ sessionId: row!.id, userId })));
  ctx.audit({ actorId: u.id, action: 'calibration.create', entity: 'calibration_sessions', entityId: row!.id, detail: { departmentId, rubricVersionId: found.version.id, participants: ids.length } });
  const [doc] = await sessionDocs(tx, u, [row!], now);
  return doc!;
}

export interface CalibrationVideo {
  storageKey: string;
  size: number;
}

/** The lesson's video for its organisers and participants (404 for anyone else, and for a live lesson). */
export async function videoForDownload(db: Db, u: AuthUser, storage: FileStorage, id: string): Promise<CalibrationVideo> {
  const { session } = await visibleSession(db, u, id);
  if (!session.videoKey) throw notFound();
  const size = await storage.artifactSize(session.videoKey);
  if (size == null) throw notFound();
  return { storageKey: session.videoKey, size };
}
