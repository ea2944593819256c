/**
 * Staged observations for the demo (SEED_DEMO with cycles on, the default for `npm start`): a Physics department
 * with its own HOD, observer and six faculty members, one observation at each stage of the cycle, so a first look
 * at the dashboard, the lists and the charts shows the product. Every step goes through the same services the
 * routes call (initiate, scheduling, rubrics, post-observation, chat), as the people of that observation, with
 * `now` set to the day the step "happened"; only the artifact files are placed directly (there is no tus upload
 * to register in a seed), as the rows registerArtifact writes. The accounts the test journeys use are untouched.
 */
import { nextDayOn, utcDay } from '../../shared/class-dates.js';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import {
  InitiateRequest,
  PostCreateRequest,
  PostUpdateRequest,
  RubricUpdateRequest,
  SchedulingCreateRequest,
  SchedulingUpdateRequest,
  UninformedCreateRequest,
} from '../../shared/contract/observations.js';
import type { Tx } from '../db/client.js';
import { artifacts, auditLog, notifications, observations, postObservations, rubricItems, SPEC_RUBRIC_VERSION_ID, slots, emailIs, users } from '../db/schema.js';
import type { AuthUser } from '../services/deps.js';
import { artifactsDir } from '../storage/index.js';
import { seedContext } from './seed-context.js';
import { sendMessage } from '../services/observations/chat.js';
import { artifactUrl, buildDocuments } from '../services/observations/document.js';
import { initiateObservations } from '../services/observations/initiate.js';
import { createPost, updatePost } from '../services/observations/post-observation.js';
import { startUninformed, updateRubrics } from '../services/observations/rubrics.js';
import { createScheduling, updateScheduling } from '../services/observations/scheduling.js';

/** How far each staged observation has gone. */
export const DEMO_STAGES = ['pending', 'scheduling', 'informedDone', 'uninformedDone', 'postObservation', 'completed'] as const;
export type DemoStage = (typeof DEMO_STAGES)[number];

/** The faculty member of each stage (local parts of DEMO_STAGED_ACCOUNTS) and how many days ago it was initiated. */
export const STAGED: readonly { faculty: string; stage: DemoStage; daysAgo: number; semester: 'Fall' | 'Spring' }[] = [
  { faculty: 'faculty.physics1', stage: 'pending', daysAgo: 3, semester: 'Fall' },
  { faculty: 'faculty.physics2', stage: 'scheduling', daysAgo: 12, semester: 'Fall' },
  { faculty: 'faculty.physics3', stage: 'informedDone', daysAgo: 30, semester: 'Fall' },
  { faculty: 'faculty.physics4', stage: 'uninformedDone', daysAgo: 55, semester: 'Spring' },
  { faculty: 'faculty.physics5', stage: 'postObservation', daysAgo: 80, semester: 'Spring' },
  { faculty: 'faculty.physics6', stage: 'completed', daysAgo: 140, semester: 'Spring' },
];

const DAY = 86_400_000;
const at = (base: Date, daysAgo: number) => new Date(base.getTime() - daysAgo * DAY);

type Person = AuthUser;

async function person(tx: Tx, email: string): Promise<Person> {
  const [u] = await tx.select().from(users).where(emailIs(email));
  if (!u) throw new Error(`demo seed: no ${email}`);
  return { id: u.id, name: u.name, email: u.email, role: u.role as AuthUser['role'], campus: u.campus, departmentId: u.departmentId, sessionId: 'demo-seed' };
}

/** Plan answers that pass the SPEC §5 rules (write-ups: narratives of at least 60 words). */
function answers(steps: { id: string; code: string; name: string }[]) {
  const narrative =
    'The session opened with a short recap of the previous lecture, then students worked in pairs on a problem about ' +
    'forces on an inclined plane. Most pairs reached a correct free-body diagram, and the discussion afterwards showed ' +
    'that the idea of normal force is now clearer. Next time I will leave more time for the pairs to present their ' +
    'reasoning, because the explanations students gave each other were the most useful part of the class.';
  return steps.map((s) => ({ id: s.id, response: /Reflective/i.test(s.code) ? narrative : `${s.name}: covered as planned, with a worked example and a short quiz.` }));
}

/** A one-page PDF and a 1×1 PNG: real files of the types the artifact list shows (link and thumbnail). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 58>>stream\nBT /F1 18 Tf 20 70 Td (Lesson plan: forces and motion) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Scores two real raters would give: the observer's around a level of their own for this teacher (items differ by
 * a point here and there), the faculty member's own view mostly the same or a point higher, sometimes a point
 * lower, now and then two higher — so agreement, highlights and the heatmap have something to show.
 * Deterministic (a small linear congruential generator), so every demo database is the same.
 */
export function demoScores(seed: number, items: number): { observer: number[]; faculty: number[] } {
  let x = (seed * 2654435761) >>> 0 || 1;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const level = 2 + (seed % 2);
  const clamp = (v: number) => Math.max(0, Math.min(4, v));
  const observer = Array.from({ length: items }, () => {
    const r = next();
    return clamp(level + (r < 0.2 ? -1 : r > 0.8 ? 1 : 0));
  });
  const faculty = observer.map((o) => {
    const r = next();
    return clamp(o + (r < 0.5 ? 0 : r < 0.8 ? 1 : r < 0.93 ? -1 : 2));
  });
  return { observer, faculty };
}

export async function seedDemoCycles(tx: Tx, domain: string, dataDir: string, base = new Date()): Promise<string[]> {
  const email = (local: string) => `${local}@${domain}`.toLowerCase();
  const hod = await person(tx, email('hod.physics'));
  const observer = await person(tx, email('observer.physics'));
  const items = await tx
    .select({ id: rubricItems.id, code: rubricItems.code })
    .from(rubricItems)
    .where(eq(rubricItems.rubricVersionId, SPEC_RUBRIC_VERSION_ID))
    .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  const groups = ['1-A', '1-B', '1-C', '1-D'].map((code) => items.filter((i) => i.code === code).map((i) => i.id));
  const ctx = seedContext(tx, hod, base);
  const ids: string[] = [];

  // Every row this transaction writes is stamped with its start time (now(), constant in a transaction);
  // restamping those rows after each step gives the audit trail and the notifications the times the steps
  // "happened": spread over days and working hours. Restamped rows lie in the past, so `>= now()` finds only new ones.
  const fresh = sql`now()`;

  for (const [n, s] of STAGED.entries()) {
    const faculty = await person(tx, email(s.faculty));
    const day = (offset: number) => at(base, s.daysAgo - offset);
    const id = randomUUID();
    let tick = 0;
    /** The moment of a step on day `offset`: working hours, a few minutes after the step before; never after `base`. */
    const moment = (offset: number) => {
      const d = day(offset);
      const t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8, 30) + (tick++ % 48) * 11 * 60_000;
      return new Date(Math.min(t, base.getTime() - 60_000));
    };
    const restamp = async (offset: number) => {
      await ctx.flush();
      const when = moment(offset);
      await tx.update(auditLog).set({ at: when }).where(and(eq(auditLog.observationId, id), gte(auditLog.at, fresh)));
      await tx.update(notifications).set({ createdAt: when }).where(and(eq(notifications.observationId, id), gte(notifications.createdAt, fresh)));
    };
    await initiateObservations(ctx, hod, InitiateRequest.parse({ facultyIds: [faculty.id], observerId: observer.id, semester: s.semester, ids: { [faculty.id]: id } }));
    await tx.update(observations).set({ createdAt: day(0) }).where(eq(observations.id, id));
    await restamp(0);
    ids.push(id);
    const rank = DEMO_STAGES.indexOf(s.stage);
    if (rank < 1) continue;

    // Scheduling: the observer picks the faculty's course, the faculty fills in the teaching plan and offers slots.
    const document = async (viewer: Person) => {
      const [row] = await tx.select().from(observations).where(eq(observations.id, id));
      return (await buildDocuments(tx, viewer, [row]))[0];
    };
    const [ownSlot] = await tx.select({ courseId: slots.courseId, day: slots.day, time: slots.time }).from(slots).where(eq(slots.facultyId, faculty.id)).limit(1);
    await createScheduling(ctx, observer, SchedulingCreateRequest.parse({ observationsId: id, facultyId: faculty.id, courseId: ownSlot.courseId }), day(1));
    await restamp(1);
    const teaching = (await document(faculty)).obsRequest!.teachingPlan!.steps;
    const sched = async (b: object, who: Person, d: number) => {
      await updateScheduling(ctx, who, SchedulingUpdateRequest.parse({ observationsId: id, ...b }), day(d));
      await restamp(d);
    };
    await sched({ templateResponse: answers(teaching) }, faculty, 2);
    const slot = { day: ownSlot.day, time: ownSlot.time };
    await sched({ timeSlotsByFaculty: [slot] }, faculty, 2);
    if (rank < 2) {
      // Yesterday the observer picked the coming class on the slot's weekday: the faculty member's turn to confirm.
      const upcoming = nextDayOn(utcDay(base), slot.day);
      await sched({ timeSlotByObserver: [slot], scheduledOn: `${upcoming}T00:00:00.000Z` }, observer, s.daysAgo - 1);
      continue;
    }

    // The class: the first day on the slot's weekday from day 4 on (day 4 … 10), picked on day 3 (the scheduling rules).
    const classDay = nextDayOn(utcDay(day(4)), slot.day);
    const classOffset = 4 + Math.round((Date.parse(`${classDay}T00:00:00Z`) - Date.parse(`${utcDay(day(4))}T00:00:00Z`)) / DAY);
    await sched({ timeSlotByObserver: [slot], scheduledOn: `${classDay}T00:00:00.000Z` }, observer, 3);
    await sched({ facultyAccepted: true }, faculty, 3);
    await sched({ observerAccepted: true }, observer, 4);
    await sched({ status: 'Completed', informedId: randomUUID() }, observer, 4);

    // Rubrics: both sides score every group and submit; the observer locks. Realistic disagreement (demoScores).
    const flat = groups.flat();
    const score = async (kind: 'informed' | 'uninformed', who: Person, values: number[], d: number) => {
      for (const g of groups) {
        await updateRubrics(ctx, who, kind, RubricUpdateRequest.parse({ observationsId: id, rubricsFinal: g.map((itemId) => ({ id: itemId, score: values[flat.indexOf(itemId)] })) }), day(d));
        await restamp(d);
      }
      await updateRubrics(ctx, who, kind, RubricUpdateRequest.parse({ observationsId: id, submit: true }), day(d));
      await restamp(d);
    };
    const informed = demoScores(n * 2 + 1, flat.length);
    await score('informed', observer, informed.observer, classOffset);
    await score('informed', faculty, informed.faculty, classOffset);
    await updateRubrics(ctx, observer, 'informed', RubricUpdateRequest.parse({ observationsId: id, status: 'Completed' }), day(classOffset + 1));
    await restamp(classOffset + 1);
    if (rank < 3) continue;

    await startUninformed(ctx, observer, UninformedCreateRequest.parse({ observationsId: id, id: randomUUID() }), day(15));
    await restamp(15);
    const uninformed = demoScores(n * 2 + 2, flat.length);
    await score('uninformed', observer, uninformed.observer, 16);
    await score('uninformed', faculty, uninformed.faculty, 16);
    await updateRubrics(ctx, observer, 'uninformed', RubricUpdateRequest.parse({ observationsId: id, status: 'Completed' }), day(17));
    await restamp(17);
    if (rank < 4) continue;

    // Post-observation meeting: the observer offers slots and a room; the faculty gives the reflection plan,
    // shares artifacts and picks a slot.
    const postId = randomUUID();
    // The meeting still to hold is today at 14:00 (or tomorrow at 10:00); a held one was on days 23–24.
    const today = utcDay(base);
    const offered =
      s.stage === 'postObservation'
        ? [`${today}T14:00:00.000Z`, `${utcDay(base, 1)}T10:00:00.000Z`].map((dateTime) => ({ id: randomUUID(), dateTime }))
        : [1, 2].map((k) => ({ id: randomUUID(), dateTime: `${utcDay(day(22 + k))}T${k === 1 ? '14' : '10'}:00:00.000Z` }));
    await createPost(ctx, observer, PostCreateRequest.parse({ observationsId: id, facultyId: faculty.id, id: postId, timeSlotsByObserver: offered, location: 'Meeting room P-204' }), day(18));
    await restamp(18);
    const reflection = (await document(faculty)).meetings.postObservation!.reflectionPlan!.steps;
    const post = async (b: object, who: Person, d: number) => {
      await updatePost(ctx, who, PostUpdateRequest.parse({ observationsId: id, ...b }), day(d));
      await restamp(d);
    };
    await post({ templateResponse: answers(reflection) }, faculty, 19);
    // The faculty chooses a slot only after sharing at least one artifact (the service's rule).
    await placeArtifacts(tx, dataDir, postId, faculty);
    if (s.stage === 'postObservation') {
      await sendMessage(ctx, observer, id, 'Thanks for a lively class. Could you share the worksheet you used for the pair work?');
      await sendMessage(ctx, faculty, id, 'Of course: I have uploaded the lesson plan and a photo of the board. Happy to talk it through.');
      await sendMessage(ctx, hod, id, 'Good to see the reflection already in. Please pick one of the meeting slots this week.');
    }
    await post({ timeSlotByFaculty: offered[0].id }, faculty, 20);
    await post({ status: 'Scheduled' }, observer, 21);
    if (rank < 5) continue;

    await post({ status: 'Completed' }, observer, 24);
  }
  await ctx.flush();
  return ids;
}

/** Artifact files and rows as registerArtifact leaves them (file under DATA_DIR/artifacts, row with its key). */
async function placeArtifacts(tx: Tx, dataDir: string, postId: string, faculty: Person): Promise<void> {
  const [post] = await tx.select({ id: postObservations.id }).from(postObservations).where(eq(postObservations.id, postId));
  if (!post) throw new Error('demo seed: post-observation missing');
  const dir = artifactsDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (const [name, kind, bytes] of [
    ['Lesson plan - forces and motion.pdf', 'pdf', PDF],
    ['Board after pair work.png', 'png', PNG],
  ] as const) {
    const artifactId = randomUUID();
    const storageKey = `${randomUUID()}.${kind}`;
    await writeFile(path.join(dir, storageKey), bytes);
    await tx.insert(artifacts).values({
      id: artifactId,
      postObservationId: post.id,
      name,
      type: kind,
      fileUrl: artifactUrl(artifactId),
      storageKey,
      size: bytes.length,
      uploadedBy: faculty.id,
    });
  }
}
