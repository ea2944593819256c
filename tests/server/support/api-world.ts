/**
 * The API surface and a populated world for the whole-API suites (fuzz.test.ts, authz-matrix.test.ts).
 *
 * `API_ROUTES` lists every route of the API table in docs/api.md (method + Fastify path); `registeredRoutes` reads the
 * routes the real app registered, so a suite can fail when a route is added without being listed here.
 *
 * `buildWorld` drives the real API (no database shortcuts except reading ids) to a state where every route has
 * something to act on, in two departments:
 *   - `full`: a Computer Science cycle taken through both scored observations to a post-observation meeting with a
 *     registered artifact and a chat message (observer@ / faculty@ / hod@), a shared evidence note with a photo and a
 *     shared agenda;
 *   - `fresh`: a Computer Science observation just initiated (faculty2@), for the scheduling start;
 *   - `math`: a Mathematics observation (hod.math@ initiates for faculty.math@ with observer.math@, an observer
 *     created here through POST /auth/create because the demo seed has none in Mathematics);
 *   - an unregistered tus upload of faculty@, a notification of faculty@, template and course ids;
 *   - `calibration`: a Computer Science calibration session of hod@ (a video lesson, an expert reference) with
 *     observer@ taking part, on a published version of its own.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  courses,
  departments,
  emailTemplates,
  notifications,
  planTemplateSteps,
  planTemplates,
  slots,
} from '../../../src/server/db/schema.js';
import { DEMO_PASSWORD, type TestApp } from './helpers.js';
import { actors, bothObservationsDone, initiate, key, type Actors } from './observations-fixture.js';
import { SAMPLES, uploadArtifact, writeUpload } from './observations-upload.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
export interface ApiRoute {
  method: Method;
  /** Fastify path under /api, with `:param` segments (`*` for the tus wildcard). */
  path: string;
}

const r = (method: Method, path: string): ApiRoute => ({ method, path });

/** Every route of the API table (docs/api.md). */
export const API_ROUTES: readonly ApiRoute[] = [
  r('POST', '/auth/login'),
  r('POST', '/auth/logout'),
  r('GET', '/auth/me'),
  r('POST', '/auth/create'),
  r('POST', '/auth/accept-invitation'),
  r('PUT', '/auth/reset-password'),
  r('GET', '/auth/methods'),
  r('GET', '/auth/oidc/start'),
  r('GET', '/auth/oidc/callback'),
  r('POST', '/auth/oidc/session'),
  r('GET', '/sso-requests'),
  r('POST', '/sso-requests/:id/approve'),
  r('POST', '/sso-requests/:id/reject'),
  r('GET', '/user/:id'),
  r('PUT', '/user/update/:id'),
  r('PUT', '/user/avatar'),
  r('GET', '/avatar/:key'),
  r('GET', '/user/:id/export'),
  r('GET', '/user/:id/open-observations'),
  r('PUT', '/user/:id/deactivate'),
  r('PUT', '/user/:id/reactivate'),
  r('PUT', '/user/:id/reassign-observations'),
  r('POST', '/provisioning/:kind/preview'),
  r('POST', '/provisioning/:kind/apply'),
  r('GET', '/user/calendar-feed'),
  r('POST', '/user/calendar-feed'),
  r('DELETE', '/user/calendar-feed'),
  r('GET', '/calendar/:file'),
  r('GET', '/observation/:id/calendar.ics'),
  r('GET', '/users'),
  r('GET', '/department'),
  r('PUT', '/department/:id/observation-mode'),
  r('GET', '/notifications'),
  r('PUT', '/notifications/:id/open'),
  r('PUT', '/notifications/read-all'),
  r('GET', '/sync/changes'),
  r('POST', '/sync/push'),
  // An endless stream: the suites drive it over a real socket (`streamRequest`), not through inject.
  r('GET', '/sync/events'),
  r('POST', '/files'),
  r('HEAD', '/files/*'),
  r('PATCH', '/files/*'),
  r('GET', '/files/*'),
  r('DELETE', '/files/*'),
  r('GET', '/files/limits'),
  r('GET', '/openapi.json'),
  r('GET', '/data/super-data'),
  r('GET', '/data/:role/:departmentId'),
  r('GET', '/dashboard'),
  r('GET', '/analytics'),
  r('GET', '/analytics/export.csv'),
  r('GET', '/analytics/goals'),
  r('GET', '/courses'),
  r('GET', '/course/:id'),
  r('POST', '/course'),
  r('PUT', '/course/user/:facultyId'),
  r('POST', '/course/:id/slot'),
  r('PUT', '/course/:id/slot/:slotId'),
  r('DELETE', '/course/:id/slot/:slotId'),
  r('DELETE', '/course/:id/slot/:slotId/faculty'),
  r('GET', '/template/:id'),
  r('PUT', '/template/:id'),
  r('GET', '/email/:id'),
  r('PUT', '/email/:id'),
  r('POST', '/observation/prompt/preview'),
  r('POST', '/observation/prompt'),
  r('POST', '/observation/initiate'),
  r('GET', '/observations'),
  r('GET', '/observation/:id'),
  r('DELETE', '/observation/:id'),
  r('POST', '/observation/scheduling'),
  r('PUT', '/observation/scheduling'),
  r('PUT', '/observation/informed'),
  r('PUT', '/observation/uninformed'),
  r('POST', '/observation/uninformed'),
  r('POST', '/observation/post-scheduling'),
  r('PUT', '/observation/post-scheduling'),
  r('PUT', '/observation/acknowledge'),
  r('PUT', '/observation/response'),
  r('PUT', '/observation/sign-off'),
  r('PUT', '/observation/goal'),
  r('DELETE', '/observation/:id/goal/:goalId'),
  r('PUT', '/observation/goal-review'),
  r('GET', '/observation/:id/report'),
  r('GET', '/reports/dossier'),
  r('POST', '/upload-artifact/:id'),
  r('GET', '/artifacts/:id/file'),
  r('GET', '/observation/:id/messages'),
  r('POST', '/observation/:id/messages'),
  r('GET', '/observation/:id/notes'),
  r('POST', '/observation/:id/notes'),
  r('PUT', '/observation/:id/notes/:noteId'),
  r('DELETE', '/observation/:id/notes/:noteId'),
  r('PUT', '/observation/:id/notes/:noteId/photo'),
  r('GET', '/observation/:id/notes/:noteId/photo'),
  r('GET', '/observation/:id/agenda'),
  r('PUT', '/observation/:id/agenda'),
  r('GET', '/observation/:id/audit'),
  r('GET', '/rubrics'),
  r('POST', '/rubrics'),
  r('GET', '/rubrics/versions/:id'),
  r('GET', '/rubrics/versions/:id/export'),
  r('PUT', '/rubrics/versions/:id'),
  r('DELETE', '/rubrics/versions/:id'),
  r('POST', '/rubrics/versions/:id/publish'),
  r('POST', '/rubrics/versions/:id/draft'),
  r('POST', '/rubrics/versions/:id/retire'),
  r('PUT', '/rubrics/defaults/:departmentId'),
  r('GET', '/calibration/sessions'),
  r('POST', '/calibration/sessions'),
  r('GET', '/calibration/sessions/:id'),
  r('PUT', '/calibration/sessions/:id'),
  r('DELETE', '/calibration/sessions/:id'),
  r('GET', '/calibration/sessions/:id/video'),
  r('GET', '/calibration/sessions/:id/results'),
  r('PUT', '/calibration/sessions/:id/scores'),
  r('POST', '/calibration/sessions/:id/submit'),
  r('POST', '/calibration/sessions/:id/notes'),
  r('GET', '/calibration/thresholds/:versionId'),
  r('PUT', '/calibration/thresholds/:versionId'),
  r('GET', '/calibration/due'),
  r('GET', '/calibration/severity/:observerId'),
];

/** A small valid rubric definition (src/shared/rubric-definition.ts) for the rubric routes. */
export const RUBRIC_DEFINITION = {
  name: 'World rubric',
  groups: [{ code: 'G1', title: 'Group', items: [{ code: 'G1.1', title: 'Item', guidance: 'Look for it', descriptors: { '1': 'Seen' } }] }],
  scale: [
    { value: 0, label: 'No' },
    { value: 1, label: 'Yes' },
  ],
};

export const routeName = (route: ApiRoute) => `${route.method} ${route.path}`;

/**
 * The /api routes the app registered, as "METHOD /path" (HEAD routes Fastify adds for GETs and the tus OPTIONS
 * preflight left out), read from Fastify's route tree.
 */
export function registeredRoutes(t: TestApp): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│\s]*)(?:├──|└──)\s(\S+)\s\(([^)]+)\)/.exec(line) ?? /^([│\s]*)(?:├──|└──)\s(\S+)\s*$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack[depth] = m[2];
    if (!m[3]) continue;
    // The tus wildcard prints as a child "*" of "/api/files".
    const path = stack.join('').replace(/\/?\*$/, '/*');
    // Swagger UI's pages and assets under /api/docs are static documentation (tests/server/api/openapi-cors.test.ts).
    if (!path.startsWith('/api/') || path === '/api/docs' || path.startsWith('/api/docs/')) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method === 'OPTIONS' || (method === 'HEAD' && path !== '/api/files/*')) continue;
      out.add(`${method} ${path.slice(4)}`);
    }
  }
  return [...out].sort();
}

/** The callers of both suites: every role, in both departments where the role has one. */
export const CALLERS = {
  superadmin: { email: 'superadmin', role: 'Super_Admin', department: null },
  admin: { email: 'admin', role: 'Admin', department: null },
  director: { email: 'director', role: 'Campus_Director', department: null },
  hod: { email: 'hod', role: 'Head_of_Department', department: 'cs' },
  hodMath: { email: 'hod.math', role: 'Head_of_Department', department: 'math' },
  observer: { email: 'observer', role: 'Observer', department: 'cs' },
  observerMath: { email: 'observer.math', role: 'Observer', department: 'math' },
  faculty: { email: 'faculty', role: 'Faculty', department: 'cs' },
  facultyMath: { email: 'faculty.math', role: 'Faculty', department: 'math' },
} as const;
export type Caller = keyof typeof CALLERS;
export const CALLER_NAMES = Object.keys(CALLERS) as Caller[];

export interface World {
  a: Actors;
  tokens: Record<Caller, string>;
  userIds: Record<Caller, string> & { faculty2: string; faculty3: string };
  dept: { cs: number; math: number };
  /** The Computer Science cycle with scores, post-observation, artifact and message. */
  full: { id: string; postId: string; artifactId: string; noteId: string };
  fresh: { id: string };
  math: { id: string };
  /** An unregistered tus upload of faculty@. */
  uploadId: string;
  /** A notification of faculty@. */
  notificationId: string;
  /** CSC-101 (Computer Science only; faculty@ teaches it). */
  csCourseId: string;
  /** Unassigned slots of Computer Science courses (CSC-201 B, CSC-340 B). */
  /** faculty@'s slot of CSC-101 (assigned: a delete is refused with 409). */
  assignedCsSlotId: string;
  freeCsSlotIds: string[];
  /** The course of each free slot (same order). */
  freeCsSlotCourseIds: string[];
  teachingPlanId: string;
  teachingStepId: string;
  emailTemplateId: string;
  /**
   * Computer Science rubrics of hod@, one version each for the rubric routes: `published` (read, copied, retired),
   * `draft` (saved), `toPublish` and `toDelete` (drafts).
   */
  rubric: { published: string; draft: string; toPublish: string; toDelete: string };
  /**
   * A Computer Science calibration session of hod@ with observer@ taking part, its lesson a video, an expert's
   * reference, open until a week from now; on `versionId` (a published version of its own, never retired here)
   * whose only item is `itemId`. `toDelete`: a second open session of hod@ (a live lesson, observer@) to delete.
   */
  calibration: { sessionId: string; versionId: string; itemId: string; toDelete: string };
}

/** A session body for POST /calibration/sessions on the world's calibration version (a live lesson). */
export function calibrationSessionBody(w: { calibration: { versionId: string; itemId: string }; dept: { cs: number }; userIds: { observer: string } }): Record<string, unknown> {
  return {
    title: 'World calibration',
    rubricVersionId: w.calibration.versionId,
    departmentId: w.dept.cs,
    lesson: { kind: 'live', description: 'A lesson', date: '2026-12-01' },
    participantIds: [w.userIds.observer],
    reference: { expertName: 'Dr Expert', items: [{ itemId: w.calibration.itemId, score: 1, rationale: 'Seen' }] },
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  };
}

export async function login(t: TestApp, who: Caller | string): Promise<string> {
  const email = who in CALLERS ? CALLERS[who as Caller].email : who;
  return t.login(email, DEMO_PASSWORD);
}

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await actors(t);
  const [deptCs] = await t.db.select().from(departments).where(eq(departments.name, 'Computer Science'));
  const [deptMath] = await t.db.select().from(departments).where(eq(departments.name, 'Mathematics'));

  // Mathematics has no observer in the demo seed: its HOD creates one through the API.
  const created = await t.post(
    '/api/auth/create',
    { name: 'Mira Observer', email: 'observer.math@university.edu', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer' },
    a.hodMath,
    key(),
  );
  expect(created.statusCode, created.body).toBe(201);

  const tokens = {} as Record<Caller, string>;
  for (const c of CALLER_NAMES) tokens[c] = await login(t, c);
  const userIds = {} as World['userIds'];
  for (const c of CALLER_NAMES) userIds[c] = await t.userId(CALLERS[c].email);
  userIds.faculty2 = a.ids.faculty2;
  userIds.faculty3 = a.ids.faculty3;

  // The full Computer Science cycle.
  const fullId = await initiate(t, a);
  // An evidence note with a photo, shared, written while the informed rubric is open.
  const noteId = randomUUID();
  await bothObservationsDone(t, a, fullId, async () => {
    const n = await t.post(`/api/observation/${fullId}/notes`, { id: noteId, kind: 'informed', body: 'Evidence from the room', offsetSeconds: 60, shared: true }, a.observer, key());
    expect(n.statusCode, n.body).toBe(201);
    const photo = writeUpload(t, SAMPLES.jpeg(), a.ids.observer);
    const p = await t.put(`/api/observation/${fullId}/notes/${noteId}/photo`, { uploadId: photo }, a.observer, key());
    expect(p.statusCode, p.body).toBe(200);
  });
  const agenda = await t.put(`/api/observation/${fullId}/agenda`, { items: [], summary: 'Strengths first', shared: true }, a.observer, key());
  expect(agenda.statusCode, agenda.body).toBe(200);
  const postId = randomUUID();
  const post = await t.post(
    '/api/observation/post-scheduling',
    { observationsId: fullId, id: postId, timeSlotsByObserver: ['2026-10-05T09:00:00Z'], location: 'Room 1' },
    a.observer,
    key(),
  );
  expect(post.statusCode, post.body).toBe(201);
  const art = await uploadArtifact(t, postId, a.faculty, 'pdf');
  expect(art.statusCode, art.body).toBe(201);
  const msg = await t.post(`/api/observation/${fullId}/messages`, { body: 'Hello from the observer' }, a.observer, key());
  expect(msg.statusCode, msg.body).toBe(201);

  const freshId = await initiate(t, a, a.ids.faculty2);

  const mathId = randomUUID();
  const mi = await t.post(
    '/api/observation/initiate',
    { facultyIds: [userIds.facultyMath], observerId: userIds.observerMath, semester: 'Fall', ids: { [userIds.facultyMath]: mathId } },
    tokens.hodMath,
    key(),
  );
  expect(mi.statusCode, mi.body).toBe(201);

  const uploadId = writeUpload(t, SAMPLES.png(), a.ids.faculty);
  const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, a.ids.faculty)).limit(1);
  const [csc101] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CSC-101'));
  const [assignedCs] = await t.db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.courseId, csc101.id), eq(slots.facultyId, a.ids.faculty)));
  const freeCs = await Promise.all(
    ['CSC-201', 'CSC-340'].map(async (code) => {
      const [row] = await t.db
        .select({ id: slots.id, courseId: slots.courseId })
        .from(slots)
        .innerJoin(courses, eq(courses.id, slots.courseId))
        .where(and(eq(courses.courseCode, code), eq(slots.sectionCode, 'B'), isNull(slots.facultyId)));
      return row;
    }),
  );
  const [plan] = await t.db.select().from(planTemplates).where(eq(planTemplates.type, 'Teaching'));
  const [step] = await t.db.select().from(planTemplateSteps).where(eq(planTemplateSteps.templateId, plan.id)).orderBy(asc(planTemplateSteps.position)).limit(1);
  const [emailTpl] = await t.db.select().from(emailTemplates).limit(1);

  const rubricDraft = async () => {
    const res = await t.post('/api/rubrics', { definition: RUBRIC_DEFINITION }, a.hod, key());
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const rubric = { published: await rubricDraft(), draft: await rubricDraft(), toPublish: await rubricDraft(), toDelete: await rubricDraft() };
  const pub = await t.post(`/api/rubrics/versions/${rubric.published}/publish`, undefined, a.hod, key());
  expect(pub.statusCode, pub.body).toBe(200);

  const calibrationVersion = await rubricDraft();
  const cpub = await t.post(`/api/rubrics/versions/${calibrationVersion}/publish`, undefined, a.hod, key());
  expect(cpub.statusCode, cpub.body).toBe(200);
  const calibrationItem = (cpub.json() as { groups: { items: { id: string }[] }[] }).groups[0].items[0].id;
  const video = writeUpload(t, SAMPLES.mp4(), a.ids.hod);
  const session = await t.post(
    '/api/calibration/sessions',
    {
      title: 'World calibration',
      rubricVersionId: calibrationVersion,
      lesson: { kind: 'video', uploadId: video },
      participantIds: [userIds.observer],
      reference: { expertName: 'Dr Expert', items: [{ itemId: calibrationItem, score: 1, rationale: 'Seen' }] },
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
    a.hod,
    key(),
  );
  expect(session.statusCode, session.body).toBe(201);
  const toDelete = await t.post('/api/calibration/sessions', calibrationSessionBody({ calibration: { versionId: calibrationVersion, itemId: calibrationItem }, dept: { cs: deptCs.id }, userIds }), a.hod, key());
  expect(toDelete.statusCode, toDelete.body).toBe(201);

  return {
    a,
    tokens,
    userIds,
    dept: { cs: deptCs.id, math: deptMath.id },
    full: { id: fullId, postId, artifactId: art.json().id, noteId },
    fresh: { id: freshId },
    math: { id: mathId },
    uploadId,
    notificationId: note.id,
    csCourseId: csc101.id,
    assignedCsSlotId: assignedCs.id,
    freeCsSlotIds: freeCs.map((r) => r.id),
    freeCsSlotCourseIds: freeCs.map((r) => r.courseId),
    teachingPlanId: plan.id,
    teachingStepId: step.id,
    emailTemplateId: emailTpl.id,
    rubric,
    calibration: { sessionId: (session.json() as { id: string }).id, versionId: calibrationVersion, itemId: calibrationItem, toDelete: (toDelete.json() as { id: string }).id },
  };
}

/**
 * GET /api/sync/events over a real socket (the stream never ends, so inject cannot drive it): the status, the
 * content type and, for an error, its body; a stream that opened is closed at once.
 */
export async function streamRequest(base: string, headers: Record<string, string>, query = ''): Promise<{ status: number; contentType: string; body: string }> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/sync/events${query ? `?${query}` : ''}`, { headers, signal: ctrl.signal });
  const contentType = res.headers.get('content-type') ?? '';
  if (res.status === 200) {
    ctrl.abort();
    return { status: res.status, contentType, body: '' };
  }
  return { status: res.status, contentType, body: await res.text() };
}

/**
 * Valid rows of a batched push (POST /api/sync/push) for the routes added last, on the world's Computer Science
 * records (another department's for the Mathematics callers) and the caller's own profile.
 */
export function pushRows(w: World, caller: Caller): { name: string; args: Record<string, unknown> }[] {
  const obs = w.full.id;
  return [
    { name: 'note.create', args: { observationId: obs, id: randomUUID(), kind: 'informed', body: 'Pushed note', offsetSeconds: 12, rubricItemIds: [], shared: false } },
    { name: 'note.update', args: { observationId: obs, id: w.full.noteId, shared: true } },
    { name: 'note.delete', args: { observationId: obs, id: w.full.noteId } },
    { name: 'agenda.save', args: { observationId: obs, items: [], summary: 'Pushed agenda', shared: true } },
    { name: 'user.updateProfile', args: { userId: w.userIds[caller], changes: { designation: 'Lecturer' } } },
    { name: 'notification.open', args: { id: w.notificationId } },
    { name: 'calibration.note', args: { sessionId: w.calibration.sessionId, id: randomUUID(), body: 'Pushed note', offsetSeconds: 42 } },
  ];
}
