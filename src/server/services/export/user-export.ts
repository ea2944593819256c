/**
 * "Your data, exported": everything Observa holds about one user, as a zip of JSON and CSV.
 *
 *   profile.json                 the user's own document (the full projection: it is theirs)
 *   observations.json / .csv     the observations they take part in (observer, faculty member or initiating HOD),
 *                                built as THEY may see them: a faculty member's export never carries the
 *                                observer's scores, even when a Super_Admin downloads it
 *   plans.csv                    every teaching / reflection plan answer of those observations
 *   notes.json / .csv            the evidence notes of those observations the user may read (a faculty member:
 *                                the shared notes of locked rubrics only)
 *   messages.json / .csv         the conversations of those observations
 *   notifications.json / .csv    their notifications
 *   README.txt                   what each file holds
 *
 * Who: the user themselves; Super_Admin for anyone (checked here, 403 otherwise). CSV cells go through
 * `csvSafeRow` (no formula injection). The zip is built in memory: one user's data is small (their own cycles).
 */
import { isUuid } from '../../../shared/ids.js';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import Papa from 'papaparse';
import { projectUser } from '../../../shared/contract/user-projection.js';
import type { Observation } from '../../../shared/contract/observations.js';
import { csvSafeRow } from '../../../shared/csv.js';
import type { Role } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { evidenceNotes, notifications, observationMessages, observations, users } from '../../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { messageDocuments } from '../observations/chat.js';
import { buildDocuments } from '../observations/document.js';
import { notesForViewer } from '../evidence/notes.js';
import { userDocumentById } from '../users/user-document.js';


export interface UserExport {
  filename: string;
  zip: Uint8Array;
}

const csv = (rows: Record<string, unknown>[]) => Papa.unparse(rows.map(csvSafeRow), { newline: '\r\n' });
const json = (value: unknown) => JSON.stringify(value, null, 2);

function observationRows(docs: Observation[]) {
  return docs.map((o) => ({
    id: o.id,
    semester: o.semester,
    course: o.course ? `${o.course.courseCode} ${o.course.name}` : '',
    faculty: o.faculty.name,
    observer: o.observer.name,
    hod: o.hod?.name ?? '',
    status: o.status,
    stage: o.cycleLabel,
    progress: o.observationProgress,
    informedObserverScore: o.meetings.informedObservation?.observerScore ?? '',
    informedFacultyScore: o.meetings.informedObservation?.facultyScore ?? '',
    informedPercentage: o.meetings.informedObservation?.percentage ?? '',
    uninformedObserverScore: o.meetings.uninformedObservation?.observerScore ?? '',
    uninformedFacultyScore: o.meetings.uninformedObservation?.facultyScore ?? '',
    uninformedPercentage: o.meetings.uninformedObservation?.percentage ?? '',
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  }));
}

function planRows(docs: Observation[]) {
  return docs.flatMap((o) =>
    [o.obsRequest?.teachingPlan, o.meetings.postObservation?.reflectionPlan].flatMap((plan) =>
      plan
        ? plan.steps.map((s) => ({ observationId: o.id, plan: plan.type, editedAt: plan.editedAt ?? '', step: s.code, question: s.name, answer: s.response ?? '' }))
        : [],
    ),
  );
}

export async function exportUserData(db: Db, requester: AuthUser, subjectId: string, now: Date): Promise<UserExport> {
  if (!isUuid(subjectId)) throw notFound(MSG.notFound);
  if (requester.id !== subjectId && requester.role !== 'Super_Admin') throw forbidden(MSG.forbidden);
  const profile = await userDocumentById(db, subjectId);
  if (!profile) throw notFound(MSG.notFound);
  const [row] = await db
    .select({ id: users.id, role: users.role, departmentId: users.departmentId, name: users.name, email: users.email, campus: users.campus })
    .from(users)
    .where(eq(users.id, subjectId));
  // The export is what the subject would see: every visibility rule below runs as them.
  const subject: AuthUser = { ...row, role: row.role as Role, campus: String(row.campus ?? ''), sessionId: '' };

  const taking = await db
    .select()
    .from(observations)
    .where(or(eq(observations.observerId, subjectId), eq(observations.facultyId, subjectId), eq(observations.hodId, subjectId)))
    .orderBy(asc(observations.createdAt));
  const docs = await buildDocuments(db, subject, taking);
  const ids = taking.map((o) => o.id);
  const messageRows = ids.length
    ? await db.select().from(observationMessages).where(inArray(observationMessages.observationId, ids)).orderBy(asc(observationMessages.createdAt))
    : [];
  const messages = await messageDocuments(db, messageRows);
  const noteRows = ids.length ? await db.select().from(evidenceNotes).where(inArray(evidenceNotes.observationId, ids)).orderBy(asc(evidenceNotes.createdAt)) : [];
  const notesSeen = (await notesForViewer(db, subject, noteRows, new Map(taking.map((o) => [o.id, o])))).flatMap((n) => (n.doc ? [n.doc] : []));
  const own = await db.select().from(notifications).where(eq(notifications.userId, subjectId)).orderBy(asc(notifications.createdAt));
  const notes = own.map((n) => ({ id: n.id, title: n.title, message: n.message, route: n.route, open: n.open, createdAt: n.createdAt.toISOString() }));

  const readme = [
    `Observa data export for ${profile.name} <${profile.email}>, made ${now.toISOString()}.`,
    '',
    'profile.json            your user record',
    'observations.json       the observations you take part in, as you see them in the app',
    'observations.csv        one line per observation (scores you may see, stage, progress)',
    'plans.csv               your teaching and reflection plan answers, one line per step',
    'notes.json / .csv       the evidence notes of those observations you may read',
    'messages.json / .csv    the conversations of those observations',
    'notifications.json/.csv your notifications',
    '',
  ].join('\r\n');

  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(readme),
    'profile.json': strToU8(json(projectUser(profile, 'full'))),
    'observations.json': strToU8(json(docs)),
    'observations.csv': strToU8(csv(observationRows(docs))),
    'plans.csv': strToU8(csv(planRows(docs))),
    'notes.json': strToU8(json(notesSeen)),
    'notes.csv': strToU8(csv(notesSeen.map((n) => ({ observationId: n.observationId, rubric: n.kind, minute: Math.floor(n.offsetSeconds / 60), shared: n.shared, rubricItemIds: n.rubricItemIds.join(' '), note: n.body, createdAt: n.createdAt })))),
    'messages.json': strToU8(json(messages)),
    'messages.csv': strToU8(csv(messages.map((m) => ({ observationId: m.observationId, author: m.authorName, role: m.authorRole, createdAt: m.createdAt, message: m.body })))),
    'notifications.json': strToU8(json(notes)),
    'notifications.csv': strToU8(csv(notes)),
  };
  const stamp = now.toISOString().slice(0, 10);
  const slug = profile.email.split('@')[0].replace(/[^a-z0-9._-]/gi, '_');
  return { filename: `observa-export-${slug}-${stamp}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}
