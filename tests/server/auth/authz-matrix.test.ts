/**
 * Authorisation matrix: every route of the API × every role, in the caller's own department and in the
 * other one (Computer Science and Mathematics), each with a VALID request.
 *
 * The expectations are written here from the API table of docs/api.md ("Who may call") and SPEC §6 — deliberately not
 * from the server's permission code, so a wrong rule in the server fails this test:
 *   allowed → 2xx, or a 4xx other than 401/403/404 when the record's state refuses it (400/409/422);
 *   denied  → 403 or 404.
 * The targets are Computer Science records (tests/server/support/api-world.ts): the `cs` callers are in their own
 * department, the `math` callers in the other one; Super_Admin, Admin and Campus_Director have no department.
 */
import { importTemplate } from '../../../src/shared/contract/provisioning.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growthGoals, loginThrottle, rubricItems, SPEC_RUBRIC_ID, SPEC_RUBRIC_VERSION_ID, ssoRequests } from '../../../src/server/db/schema.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/helpers.js';
import { API_ROUTES, buildWorld, calibrationSessionBody, CALLERS, login, pushRows, registeredRoutes, routeName, RUBRIC_DEFINITION, streamRequest, type Caller, type World } from '../support/api-world.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

let t: TestApp;
let w: World;
let dataDir: string;
/** A tus upload of faculty@ for the /files routes (the world's own is registered as an artifact here). */
let tusId: string;
/** Uploads of faculty@ to register, one per allowed attempt. */
let artifactUploads: string[];
/** A person single sign-on holds as pending (inserted as the callback does: no provider runs in this world). */
let ssoRequestId: string;

let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-authz-'));
  t = await createTestApp({ config: { dataDir } });
  await t.reset();
  w = await buildWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tusId = writeUpload(t, SAMPLES.png(), w.userIds.faculty);
  artifactUploads = [writeUpload(t, SAMPLES.pdf(), w.userIds.faculty)];
  [{ id: ssoRequestId }] = await t.db
    .insert(ssoRequests)
    .values({ issuer: 'https://idp.university.edu', subject: 'sub-authz', email: 'sso.authz@university.edu', name: 'Sso Authz', claims: {} })
    .returning({ id: ssoRequests.id });
  await keepGoal();
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ───────────────────────────── who may call (docs/api.md, SPEC §6) ─────────────────────────────

const ALL: readonly Caller[] = ['admin', 'director', 'hod', 'hodMath', 'observer', 'observerMath', 'faculty', 'facultyMath', 'superadmin'];
/** Super_Admin last: its DELETE of an observation must come after everyone else was refused. */
const ORDER = ALL;
/** Super_Admin, Admin, Campus_Director: see every user, course and observation (read only for observations). */
const ALL_SEEING: readonly Caller[] = ['superadmin', 'admin', 'director'];
/** Those who may see the Computer Science observation: its HOD, observer, faculty and the all-seeing roles. */
const SEES_CS_OBSERVATION: readonly Caller[] = [...ALL_SEEING, 'hod', 'observer', 'faculty'];
const TEMPLATE_EDITORS: readonly Caller[] = ['superadmin', 'admin'];
/** Evidence notes and the agenda: the observer, the HOD, Super_Admin — and the faculty member (shared only). */
const NOTE_READERS: readonly Caller[] = ['superadmin', 'hod', 'observer', 'faculty'];
/** Who builds rubrics: administrators (institution rubrics) and every HOD (their department's). */
const RUBRIC_BUILDERS: readonly Caller[] = ['superadmin', 'admin', 'hod', 'hodMath'];
/** A Computer Science rubric's published versions: the all-seeing roles and the department's people. */
const SEES_CS_RUBRIC: readonly Caller[] = [...ALL_SEEING, 'hod', 'observer', 'faculty'];
/** The world's calibration session: its organiser (hod@) and its participant (observer@). */
const CALIBRATION_PEOPLE: readonly Caller[] = ['hod', 'observer'];

interface Req {
  url: string;
  /** The endless event stream: sent over a real socket (api-world.ts streamRequest), not through inject. */
  stream?: boolean;
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  path: string;
  allowed: readonly Caller[];
  /** The rule, in the words of docs/api.md / SPEC. */
  rule: string;
  request: (c: Caller) => Req;
  /** Runs after the request (a logout or password reset ends or changes the caller's session). */
  after?: (c: Caller) => Promise<void>;
}

const relogin = async (c: Caller) => {
  await t.handle.db.delete(loginThrottle); // the fuzz's wrong passwords must not block the re-login
  w.tokens[c] = await login(t, c);
};
const creatorsOf = (c: Caller) => `authz.${c.toLowerCase()}.${randomUUID().slice(0, 8)}@university.edu`;
const tus = { 'tus-resumable': '1.0.0' };

const MATRIX: Row[] = [
  { method: 'POST', path: '/auth/login', allowed: ALL, rule: 'anyone', request: (c) => ({ url: '/api/auth/login', token: null, body: { email: `${CALLERS[c].email}@university.edu`, password: DEMO_PASSWORD } }) },
  { method: 'POST', path: '/auth/logout', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/auth/logout' }), after: relogin },
  { method: 'GET', path: '/auth/me', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/auth/me' }) },
  // The emailed token is the authority, not a session: anyone may try one, and an unknown one is a 400.
  { method: 'POST', path: '/auth/accept-invitation', allowed: ALL, rule: 'anyone', request: () => ({ url: '/api/auth/accept-invitation', token: null, body: { token: 'not-an-invitation', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } }) },
  // Single sign-on. Not set up in this world: the start and the callback answer their redirect to the login page
  // (with the message) to anyone; the ticket trade refuses an unknown ticket with a 400.
  { method: 'GET', path: '/auth/methods', allowed: ALL, rule: 'anyone', request: () => ({ url: '/api/auth/methods', token: null }) },
  { method: 'GET', path: '/auth/oidc/start', allowed: ALL, rule: 'anyone (a browser navigation)', request: () => ({ url: '/api/auth/oidc/start', token: null }) },
  { method: 'GET', path: '/auth/oidc/callback', allowed: ALL, rule: 'anyone (the browser, sent by the provider)', request: () => ({ url: '/api/auth/oidc/callback?code=x&state=y', token: null }) },
  { method: 'POST', path: '/auth/oidc/session', allowed: ALL, rule: 'anyone with the ticket', request: () => ({ url: '/api/auth/oidc/session', token: null, body: { ticket: 'not-a-ticket' } }) },
  { method: 'GET', path: '/sso-requests', allowed: TEMPLATE_EDITORS, rule: 'Super_Admin, Admin', request: () => ({ url: '/api/sso-requests' }) },
  // One pending person (ssoRequestId, held as the callback holds them): the first permitted caller approves (200), the
  // next finds it decided (409); the rejection after it is 409 for the permitted, 403 for the others.
  {
    method: 'POST',
    path: '/sso-requests/:id/approve',
    allowed: TEMPLATE_EDITORS,
    rule: 'Super_Admin, Admin',
    request: () => ({ url: `/api/sso-requests/${ssoRequestId}/approve`, body: { role: 'Observer', department: w.dept.cs } }),
  },
  { method: 'POST', path: '/sso-requests/:id/reject', allowed: TEMPLATE_EDITORS, rule: 'Super_Admin, Admin', request: () => ({ url: `/api/sso-requests/${ssoRequestId}/reject` }) },
  {
    method: 'POST',
    path: '/auth/create',
    allowed: ['superadmin', 'admin', 'director', 'hod', 'hodMath'],
    rule: 'Super_Admin, Admin, Campus_Director, Head_of_Department (an Observer is in every creator\'s matrix)',
    request: (c) => ({
      url: '/api/auth/create',
      body: { name: 'Authz Observer', email: creatorsOf(c), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer', department: w.dept.cs },
    }),
  },
  {
    method: 'PUT',
    path: '/auth/reset-password',
    allowed: ALL,
    rule: 'signed in (own account)',
    request: () => ({ url: '/api/auth/reset-password', body: { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } }),
    after: relogin,
  },
  {
    method: 'GET',
    path: '/user/:id',
    allowed: [...ALL_SEEING, 'hod', 'observer', 'faculty'],
    rule: 'yourself, or a user your role may see: all-seeing roles, the HOD of the department, those sharing an observation',
    request: () => ({ url: `/api/user/${w.userIds.faculty}` }),
  },
  // Offboarding: faculty3 (Computer Science, no caller) is deactivated by the first allowed caller; the next get 409.
  { method: 'GET', path: '/user/:id/open-observations', allowed: [...ALL_SEEING, 'hod'], rule: 'who creates whom (HOD: own department)', request: () => ({ url: `/api/user/${w.userIds.faculty3}/open-observations` }) },
  { method: 'PUT', path: '/user/:id/deactivate', allowed: [...ALL_SEEING, 'hod'], rule: 'who creates whom (HOD: own department)', request: () => ({ url: `/api/user/${w.userIds.faculty3}/deactivate` }) },
  { method: 'PUT', path: '/user/:id/reactivate', allowed: [...ALL_SEEING, 'hod'], rule: 'who creates whom (HOD: own department)', request: () => ({ url: `/api/user/${w.userIds.faculty3}/reactivate` }) },
  {
    method: 'PUT',
    path: '/user/:id/reassign-observations',
    allowed: [...ALL_SEEING, 'hod'],
    rule: 'who creates whom (HOD: own department); here refused with 400 (to the same observer), nothing moves',
    request: () => ({ url: `/api/user/${w.userIds.observer}/reassign-observations`, body: { observerId: w.userIds.observer, observationIds: [w.fresh.id] } }),
  },
  // Provisioning: a preview of the users template writes nothing; an apply of a file with an error is a 400 that writes nothing.
  { method: 'POST', path: '/provisioning/:kind/preview', allowed: [...ALL_SEEING, 'hod', 'hodMath'], rule: 'users: the roles that create users', request: () => ({ url: '/api/provisioning/users/preview', body: { csv: importTemplate('users') } }) },
  { method: 'POST', path: '/provisioning/:kind/apply', allowed: [...ALL_SEEING, 'hod', 'hodMath'], rule: 'users: the roles that create users (here a file with an error: 400)', request: () => ({ url: '/api/provisioning/users/apply', body: { csv: 'name,email,role,department\n,x,Faculty,' } }) },
  { method: 'PUT', path: '/user/update/:id', allowed: ['faculty'], rule: 'the user themselves', request: () => ({ url: `/api/user/update/${w.userIds.faculty}`, body: { phone: '+1 555 0101' } }) },
  { method: 'GET', path: '/users', allowed: [...ALL_SEEING, 'hod', 'hodMath'], rule: 'Super_Admin, Admin, Campus_Director; Head_of_Department (own department)', request: () => ({ url: '/api/users?page=1' }) },
  { method: 'GET', path: '/files/limits', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/files/limits' }) },
  { method: 'GET', path: '/openapi.json', allowed: ALL, rule: 'anyone (the API document)', request: () => ({ url: '/api/openapi.json', token: null }) },
  { method: 'GET', path: '/department', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/department' }) },
  { method: 'GET', path: '/notifications', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/notifications' }) },
  { method: 'PUT', path: '/notifications/:id/open', allowed: ['faculty'], rule: "the notification's owner", request: () => ({ url: `/api/notifications/${w.notificationId}/open` }) },
  { method: 'PUT', path: '/notifications/read-all', allowed: ALL, rule: 'signed in (own notifications only)', request: () => ({ url: '/api/notifications/read-all', body: {} }) },
  { method: 'POST', path: '/sync/push', allowed: ALL, rule: 'signed in (each row is judged by its own route)', request: () => ({ url: '/api/sync/push', body: { rows: [{ mutationId: randomUUID(), name: 'no.such.mutation', args: {} }] } }) },
  { method: 'GET', path: '/sync/changes', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/sync/changes?since=0&limit=50' }) },
  { method: 'GET', path: '/sync/events', allowed: ALL, rule: 'signed in (own stream; a real socket: streamRequest)', request: () => ({ url: '/api/sync/events', stream: true }) },
  { method: 'POST', path: '/files', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/files', headers: { ...tus, 'upload-length': '10' } }) },
  { method: 'HEAD', path: '/files/*', allowed: ['faculty'], rule: 'an upload is visible to its creator only', request: () => ({ url: `/api/files/${tusId}`, headers: tus }) },
  {
    method: 'PATCH',
    path: '/files/*',
    allowed: ['faculty'],
    rule: 'an upload is visible to its creator only',
    request: () => ({ url: `/api/files/${tusId}`, headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(SAMPLES.png().length) }, body: '' }),
  },
  { method: 'GET', path: '/files/*', allowed: ['faculty'], rule: 'an upload is visible to its creator only', request: () => ({ url: `/api/files/${tusId}`, headers: tus }) },
  { method: 'DELETE', path: '/files/*', allowed: ['faculty'], rule: 'an upload is visible to its creator only', request: () => ({ url: `/api/files/${tusId}`, headers: tus }) },
  { method: 'GET', path: '/data/super-data', allowed: ['superadmin'], rule: 'Super_Admin', request: () => ({ url: '/api/data/super-data' }) },
  {
    method: 'GET',
    path: '/data/:role/:departmentId',
    allowed: [...ALL_SEEING, 'hod'],
    rule: "{role} the caller's; Head_of_Department only their department; Super_Admin, Admin, Campus_Director any (others load their own user record, SPEC §6)",
    request: (c) => ({ url: `/api/data/${CALLERS[c].role}/${w.dept.cs}` }),
  },
  { method: 'GET', path: '/dashboard', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/dashboard' }) },
  {
    method: 'GET',
    path: '/analytics',
    allowed: [...ALL_SEEING, 'hod'],
    rule: 'Super_Admin, Admin, Campus_Director any department; Head_of_Department own department; never Observer or Faculty (observer scores)',
    request: () => ({ url: `/api/analytics?departmentId=${w.dept.cs}` }),
  },
  {
    method: 'GET',
    path: '/analytics/export.csv',
    allowed: [...ALL_SEEING, 'hod'],
    rule: 'as /analytics: the department export carries observer totals',
    request: () => ({ url: `/api/analytics/export.csv?departmentId=${w.dept.cs}` }),
  },
  {
    method: 'GET',
    path: '/analytics/goals',
    allowed: [...ALL_SEEING, 'hod'],
    rule: 'as /analytics: the department’s growth goals by rubric item',
    request: () => ({ url: `/api/analytics/goals?departmentId=${w.dept.cs}` }),
  },
  {
    method: 'PUT',
    path: '/department/:id/observation-mode',
    allowed: ['superadmin', 'admin'],
    rule: 'Super_Admin and Admin choose formative or summative per department',
    request: () => ({ url: `/api/department/${w.dept.cs}/observation-mode`, body: { mode: 'summative' } }),
  },
  { method: 'GET', path: '/courses', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/courses' }) },
  {
    method: 'GET',
    path: '/course/:id',
    allowed: [...ALL_SEEING, 'hod', 'observer', 'faculty'],
    rule: "who may see the course: all for the full-menu roles, a department's own (faculty@ teaches CSC-101)",
    request: () => ({ url: `/api/course/${w.csCourseId}` }),
  },
  {
    method: 'POST',
    path: '/course',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (for their own department: not hod.math for Computer Science)',
    request: (c) => ({
      url: '/api/course',
      body: { courseCode: `AZ-${c.slice(0, 6).toUpperCase()}`, name: 'Authz course', credits: 3, departments: [w.dept.cs], slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:00', location: 'R1' }] },
    }),
  },
  {
    method: 'PUT',
    path: '/course/user/:facultyId',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (own department)',
    request: () => ({ url: `/api/course/user/${w.userIds.faculty}`, body: { slots: [w.freeCsSlotIds[0]] } }),
  },
  {
    method: 'POST',
    path: '/course/:id/slot',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (own department: not hod.math for CSC-101)',
    request: (c) => ({ url: `/api/course/${w.csCourseId}/slot`, body: { sectionCode: `Z${c.slice(0, 6)}`, day: 'Tuesday', time: '11:00-12:00', location: 'R2' } }),
  },
  {
    method: 'PUT',
    path: '/course/:id/slot/:slotId',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (own department); an unassigned slot of CSC-340',
    request: (c) => ({
      url: `/api/course/${w.freeCsSlotCourseIds[1]}/slot/${w.freeCsSlotIds[1]}`,
      body: { sectionCode: 'B', day: 'Thursday', time: '14:00-15:00', location: `Room ${c}` },
    }),
  },
  {
    method: 'DELETE',
    path: '/course/:id/slot/:slotId',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (own department); faculty@’s assigned CSC-101 slot: 409 for them, 403 for the rest',
    request: () => ({ url: `/api/course/${w.csCourseId}/slot/${w.assignedCsSlotId}` }),
  },
  {
    method: 'DELETE',
    path: '/course/:id/slot/:slotId/faculty',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin, Admin, Head_of_Department (own department); faculty@ has an open observation of CSC-101: 409 for them, 403 for the rest',
    request: () => ({ url: `/api/course/${w.csCourseId}/slot/${w.assignedCsSlotId}/faculty` }),
  },
  {
    method: 'PUT',
    path: '/user/avatar',
    allowed: ALL,
    rule: 'signed in (own picture; no upload named → 400)',
    request: () => ({ url: '/api/user/avatar', body: {} }),
  },
  {
    method: 'GET',
    path: '/avatar/:key',
    allowed: [],
    rule: 'anyone with the unguessable URL; a made-up key names no picture, so every caller gets 404',
    request: () => ({ url: `/api/avatar/${randomUUID()}.webp`, token: null }),
  },
  {
    method: 'GET',
    path: '/user/:id/export',
    allowed: ['faculty', 'superadmin'],
    rule: 'the user themselves (faculty@’s export) or Super_Admin',
    request: () => ({ url: `/api/user/${w.userIds.faculty}/export` }),
  },
  { method: 'GET', path: '/user/calendar-feed', allowed: ALL, rule: 'signed in (own feed)', request: () => ({ url: '/api/user/calendar-feed' }) },
  { method: 'POST', path: '/user/calendar-feed', allowed: ALL, rule: 'signed in (own feed)', request: () => ({ url: '/api/user/calendar-feed' }) },
  { method: 'DELETE', path: '/user/calendar-feed', allowed: ALL, rule: 'signed in (own feed)', request: () => ({ url: '/api/user/calendar-feed' }) },
  {
    method: 'GET',
    path: '/calendar/:file',
    allowed: [],
    rule: 'anyone with the secret URL; a made-up secret names no feed, so every caller gets 404',
    request: () => ({ url: `/api/calendar/${'Q'.repeat(43)}.ics`, token: null }),
  },
  {
    method: 'GET',
    path: '/observation/:id/calendar.ics',
    allowed: ['observer', 'faculty'],
    rule: 'its participants: the observer and the faculty member (not the HOD nor the read-all roles)',
    request: () => ({ url: `/api/observation/${w.full.id}/calendar.ics` }),
  },
  { method: 'GET', path: '/template/:id', allowed: ALL, rule: 'signed in', request: () => ({ url: '/api/template/Teaching' }) },
  { method: 'PUT', path: '/template/:id', allowed: TEMPLATE_EDITORS, rule: 'Super_Admin, Admin', request: () => ({ url: '/api/template/Teaching', body: { stepId: w.teachingStepId, name: 'Program outcomes', field: 'Which outcomes does the session serve?' } }) },
  { method: 'GET', path: '/email/:id', allowed: TEMPLATE_EDITORS, rule: 'Super_Admin, Admin', request: () => ({ url: '/api/email/CreateUser' }) },
  { method: 'PUT', path: '/email/:id', allowed: TEMPLATE_EDITORS, rule: 'Super_Admin, Admin', request: () => ({ url: '/api/email/CreateUser', body: { email: 'Welcome {{name}} ({{email}}).' } }) },
  {
    method: 'POST',
    path: '/observation/prompt/preview',
    allowed: ['superadmin', 'admin'],
    rule: 'Super_Admin, Admin',
    request: () => ({ url: '/api/observation/prompt/preview', body: { departmentId: w.dept.cs, campus: 'Main_Campus', threshold: 80 } }),
  },
  {
    method: 'POST',
    path: '/observation/prompt',
    allowed: ['superadmin', 'admin'],
    rule: 'Super_Admin, Admin',
    request: () => ({ url: '/api/observation/prompt', body: { departmentId: w.dept.cs, campus: 'Main_Campus', threshold: 80 } }),
  },
  {
    method: 'POST',
    path: '/observation/initiate',
    allowed: ['hod'],
    rule: 'Head_of_Department (faculty and observer of their department)',
    request: () => ({ url: '/api/observation/initiate', body: { facultyIds: [w.userIds.faculty3], observerId: w.userIds.observer, semester: 'Fall' } }),
  },
  { method: 'GET', path: '/observations', allowed: ALL, rule: 'signed in (the visible ones)', request: () => ({ url: '/api/observations' }) },
  { method: 'GET', path: '/observation/:id', allowed: SEES_CS_OBSERVATION, rule: 'its HOD, observer, faculty, and the all-seeing roles', request: () => ({ url: `/api/observation/${w.full.id}` }) },
  { method: 'DELETE', path: '/observation/:id', allowed: ['superadmin'], rule: 'Super_Admin', request: () => ({ url: `/api/observation/${w.fresh.id}` }) },
  {
    method: 'POST',
    path: '/observation/scheduling',
    allowed: ['observer'],
    rule: "the observation's observer",
    request: () => ({ url: '/api/observation/scheduling', body: { observationsId: w.full.id, facultyId: w.userIds.faculty, courseId: w.csCourseId } }),
  },
  {
    method: 'PUT',
    path: '/observation/scheduling',
    allowed: ['observer', 'faculty'],
    rule: 'its faculty or observer, by step',
    request: (c) => ({
      url: '/api/observation/scheduling',
      body: c === 'faculty' ? { observationsId: w.full.id, facultyAccepted: true } : { observationsId: w.full.id, observerAccepted: true },
    }),
  },
  { method: 'PUT', path: '/observation/informed', allowed: ['observer', 'faculty'], rule: 'its faculty or observer', request: () => ({ url: '/api/observation/informed', body: { observationsId: w.full.id, submit: true } }) },
  { method: 'PUT', path: '/observation/uninformed', allowed: ['observer', 'faculty'], rule: 'its faculty or observer', request: () => ({ url: '/api/observation/uninformed', body: { observationsId: w.full.id, submit: true } }) },
  { method: 'POST', path: '/observation/uninformed', allowed: ['observer'], rule: 'its observer', request: () => ({ url: '/api/observation/uninformed', body: { observationsId: w.full.id } }) },
  {
    method: 'POST',
    path: '/observation/post-scheduling',
    allowed: ['observer'],
    rule: 'its observer',
    request: () => ({ url: '/api/observation/post-scheduling', body: { observationsId: w.full.id, timeSlotsByObserver: ['2026-10-06T09:00:00Z'], location: 'Room 9' } }),
  },
  {
    method: 'PUT',
    path: '/observation/post-scheduling',
    allowed: ['observer', 'faculty'],
    rule: 'its observer (slots, location) or faculty (chosen slot)',
    request: (c) => ({
      url: '/api/observation/post-scheduling',
      body: c === 'faculty' ? { observationsId: w.full.id, timeSlotByFaculty: w.full.postId } : { observationsId: w.full.id, timeSlotsByObserver: ['2026-10-07T09:00:00Z'], location: 'Room 10' },
    }),
  },
  // Closing the cycle: the world's cycle is not completed, so the allowed caller is refused by state (409).
  { method: 'PUT', path: '/observation/acknowledge', allowed: ['faculty'], rule: 'its faculty', request: () => ({ url: '/api/observation/acknowledge', body: { observationsId: w.full.id, fullName: 'Faculty Member' } }) },
  { method: 'PUT', path: '/observation/response', allowed: ['faculty'], rule: 'its faculty', request: () => ({ url: '/api/observation/response', body: { observationsId: w.full.id, response: 'My response' } }) },
  { method: 'PUT', path: '/observation/sign-off', allowed: ['hod'], rule: 'the HOD of its department', request: () => ({ url: '/api/observation/sign-off', body: { observationsId: w.full.id } }) },
  // Growth goals: the world's cycle is at its meeting; an unknown rubric item or goal is refused by input (400).
  {
    method: 'PUT',
    path: '/observation/goal',
    allowed: ['observer', 'faculty'],
    rule: 'its observer and faculty, at the meeting',
    request: () => ({ url: '/api/observation/goal', body: { observationsId: w.full.id, id: randomUUID(), rubricItemIds: [randomUUID()], goal: 'A goal', targetDate: '2027-03-01' } }),
  },
  {
    method: 'DELETE',
    path: '/observation/:id/goal/:goalId',
    allowed: ['observer', 'faculty'],
    rule: 'its observer and faculty, at the meeting',
    request: () => ({ url: `/api/observation/${w.full.id}/goal/${GOAL_ID}` }),
    after: keepGoal,
  },
  {
    method: 'PUT',
    path: '/observation/goal-review',
    allowed: ['observer', 'faculty'],
    rule: 'its observer and faculty',
    request: () => ({ url: '/api/observation/goal-review', body: { observationsId: w.full.id, goalId: randomUUID(), status: 'met' } }),
  },
  {
    method: 'POST',
    path: '/upload-artifact/:id',
    allowed: ['faculty'],
    rule: "the observation's faculty",
    request: () => ({ url: `/api/upload-artifact/${w.full.postId}`, body: { fileURL: `/api/files/${artifactUploads[0]}`, name: 'evidence.pdf', type: 'application/pdf' } }),
  },
  { method: 'GET', path: '/artifacts/:id/file', allowed: SEES_CS_OBSERVATION, rule: 'who may see the observation', request: () => ({ url: `/api/artifacts/${w.full.artifactId}/file` }) },
  { method: 'GET', path: '/reports/dossier', allowed: ['faculty', 'hod'], rule: 'the faculty member, or the HOD of their department', request: () => ({ url: `/api/reports/dossier?facultyId=${w.userIds.faculty}&from=2026-01-01&to=2026-12-31` }) },
  { method: 'GET', path: '/observation/:id/report', allowed: SEES_CS_OBSERVATION, rule: 'who may see the observation', request: () => ({ url: `/api/observation/${w.full.id}/report` }) },
  { method: 'GET', path: '/observation/:id/messages', allowed: SEES_CS_OBSERVATION, rule: 'who may see the observation', request: () => ({ url: `/api/observation/${w.full.id}/messages` }) },
  {
    method: 'POST',
    path: '/observation/:id/messages',
    allowed: ['hod', 'observer', 'faculty'],
    rule: 'its observer, faculty and HOD',
    request: () => ({ url: `/api/observation/${w.full.id}/messages`, body: { body: 'A note on the cycle.' } }),
  },
  // Notes, agenda and audit trail of the CS observation (both rubrics locked, the note and agenda shared).
  { method: 'GET', path: '/observation/:id/notes', allowed: NOTE_READERS, rule: 'observer, HOD, Super_Admin; faculty (shared notes after the lock)', request: () => ({ url: `/api/observation/${w.full.id}/notes` }) },
  {
    method: 'POST',
    path: '/observation/:id/notes',
    allowed: ['observer'],
    rule: 'its observer, while the rubric is open (409 once locked)',
    request: () => ({ url: `/api/observation/${w.full.id}/notes`, body: { id: randomUUID(), kind: 'informed', body: 'Late note', offsetSeconds: 5 } }),
  },
  { method: 'PUT', path: '/observation/:id/notes/:noteId', allowed: ['observer'], rule: 'its observer', request: () => ({ url: `/api/observation/${w.full.id}/notes/${w.full.noteId}`, body: { shared: true } }) },
  { method: 'DELETE', path: '/observation/:id/notes/:noteId', allowed: ['observer'], rule: 'its observer, while the rubric is open (409 once locked)', request: () => ({ url: `/api/observation/${w.full.id}/notes/${w.full.noteId}` }) },
  {
    method: 'PUT',
    path: '/observation/:id/notes/:noteId/photo',
    allowed: ['observer'],
    rule: 'its observer, while the rubric is open (409 once locked)',
    request: () => ({ url: `/api/observation/${w.full.id}/notes/${w.full.noteId}/photo`, body: { uploadId: w.uploadId } }),
  },
  { method: 'GET', path: '/observation/:id/notes/:noteId/photo', allowed: NOTE_READERS, rule: 'who may see the note', request: () => ({ url: `/api/observation/${w.full.id}/notes/${w.full.noteId}/photo` }) },
  { method: 'GET', path: '/observation/:id/agenda', allowed: NOTE_READERS, rule: 'observer, HOD, Super_Admin; faculty once shared', request: () => ({ url: `/api/observation/${w.full.id}/agenda` }) },
  {
    method: 'PUT',
    path: '/observation/:id/agenda',
    allowed: ['observer'],
    rule: 'its observer, once a rubric is locked',
    request: () => ({ url: `/api/observation/${w.full.id}/agenda`, body: { items: [], summary: 'Strengths first', shared: true } }),
  },
  { method: 'GET', path: '/observation/:id/audit', allowed: ['superadmin', 'hod', 'observer'], rule: 'observer, HOD, Super_Admin', request: () => ({ url: `/api/observation/${w.full.id}/audit` }) },
  // Rubrics (docs/adr/2026-11-28-rubric-versions.md): the targets are Computer Science rubrics of hod@.
  { method: 'GET', path: '/rubrics', allowed: ALL, rule: 'signed in (what each may use or edit)', request: () => ({ url: '/api/rubrics' }) },
  {
    method: 'POST',
    path: '/rubrics',
    allowed: RUBRIC_BUILDERS,
    rule: 'Super_Admin and Admin (institution), a HOD (their department)',
    request: () => ({ url: '/api/rubrics', body: { definition: RUBRIC_DEFINITION } }),
  },
  { method: 'GET', path: '/rubrics/versions/:id', allowed: SEES_CS_RUBRIC, rule: 'who may read the rubric', request: () => ({ url: `/api/rubrics/versions/${w.rubric.published}` }) },
  { method: 'GET', path: '/rubrics/versions/:id/export', allowed: SEES_CS_RUBRIC, rule: 'who may read the rubric', request: () => ({ url: `/api/rubrics/versions/${w.rubric.published}/export` }) },
  { method: 'PUT', path: '/rubrics/versions/:id', allowed: ['hod'], rule: 'its editors (the HOD of its department)', request: () => ({ url: `/api/rubrics/versions/${w.rubric.draft}`, body: RUBRIC_DEFINITION }) },
  { method: 'POST', path: '/rubrics/versions/:id/publish', allowed: ['hod'], rule: 'its editors', request: () => ({ url: `/api/rubrics/versions/${w.rubric.toPublish}/publish` }) },
  { method: 'POST', path: '/rubrics/versions/:id/draft', allowed: ['hod'], rule: 'its editors', request: () => ({ url: `/api/rubrics/versions/${w.rubric.published}/draft` }) },
  { method: 'POST', path: '/rubrics/versions/:id/retire', allowed: ['hod'], rule: 'its editors', request: () => ({ url: `/api/rubrics/versions/${w.rubric.published}/retire` }) },
  { method: 'DELETE', path: '/rubrics/versions/:id', allowed: ['hod'], rule: 'its editors (drafts only)', request: () => ({ url: `/api/rubrics/versions/${w.rubric.toDelete}` }) },
  {
    method: 'PUT',
    path: '/rubrics/defaults/:departmentId',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'Super_Admin and Admin, the HOD of the department',
    request: () => ({ url: `/api/rubrics/defaults/${w.dept.cs}`, body: { rubricId: SPEC_RUBRIC_ID } }),
  },
  // Calibration (docs/adr/2026-11-28-calibration.md): the world's Computer Science session of hod@ with observer@.
  { method: 'GET', path: '/calibration/sessions', allowed: ALL, rule: 'signed in (those taken part in or organised)', request: () => ({ url: '/api/calibration/sessions' }) },
  {
    method: 'POST',
    path: '/calibration/sessions',
    allowed: ['hod'],
    rule: 'the HOD of the department (Super_Admin and Admin: institution sessions only)',
    request: () => ({ url: '/api/calibration/sessions', body: calibrationSessionBody(w) }),
  },
  { method: 'GET', path: '/calibration/sessions/:id', allowed: CALIBRATION_PEOPLE, rule: 'its organiser and participants', request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}` }) },
  {
    method: 'PUT',
    path: '/calibration/sessions/:id',
    allowed: ['hod'],
    rule: 'its organisers (the HOD of its department), while open',
    request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}`, body: { title: 'World calibration' } }),
  },
  { method: 'DELETE', path: '/calibration/sessions/:id', allowed: ['hod'], rule: 'its organisers, while open', request: () => ({ url: `/api/calibration/sessions/${w.calibration.toDelete}` }) },
  { method: 'GET', path: '/calibration/sessions/:id/video', allowed: CALIBRATION_PEOPLE, rule: 'its organiser and participants', request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}/video` }) },
  // 409 while the session is open (the participants score blind), 200 once the observer's submission closed it.
  { method: 'GET', path: '/calibration/sessions/:id/results', allowed: CALIBRATION_PEOPLE, rule: 'its organiser and participants, once closed', request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}/results` }) },
  {
    method: 'PUT',
    path: '/calibration/sessions/:id/scores',
    allowed: ['observer'],
    rule: 'a participant, while open',
    request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}/scores`, body: { scores: [{ id: w.calibration.itemId, score: 1 }] } }),
  },
  { method: 'POST', path: '/calibration/sessions/:id/submit', allowed: ['observer'], rule: 'a participant, while open', request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}/submit`, body: { scores: [{ id: w.calibration.itemId, score: 0 }] } }) },
  {
    method: 'POST',
    path: '/calibration/sessions/:id/notes',
    allowed: ['observer'],
    rule: 'a participant, while open',
    request: () => ({ url: `/api/calibration/sessions/${w.calibration.sessionId}/notes`, body: { id: randomUUID(), body: 'At 1:05', offsetSeconds: 65 } }),
  },
  { method: 'GET', path: '/calibration/thresholds/:versionId', allowed: SEES_CS_RUBRIC, rule: 'who may read the rubric', request: () => ({ url: `/api/calibration/thresholds/${w.calibration.versionId}` }) },
  {
    method: 'PUT',
    path: '/calibration/thresholds/:versionId',
    allowed: ['hod'],
    rule: 'the version’s editors',
    request: () => ({ url: `/api/calibration/thresholds/${w.calibration.versionId}`, body: { adjacentPct: 80, exactPct: 60 } }),
  },
  { method: 'GET', path: '/calibration/due', allowed: ['superadmin', 'admin', 'hod'], rule: 'the department’s HOD, Admin, Super_Admin', request: () => ({ url: `/api/calibration/due?departmentId=${w.dept.cs}` }) },
  {
    method: 'GET',
    path: '/calibration/severity/:observerId',
    allowed: ['superadmin', 'admin', 'hod'],
    rule: 'the HOD of the observer’s department, Admin, Super_Admin; never faculty or observers',
    request: () => ({ url: `/api/calibration/severity/${w.userIds.observer}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}` }),
  },
];

/** The goal the DELETE row removes, put back after each call so every caller meets it. */
const GOAL_ID = randomUUID();
async function keepGoal(): Promise<void> {
  const [item] = await t.db.select({ id: rubricItems.id }).from(rubricItems).limit(1);
  await t.db
    .insert(growthGoals)
    .values({ id: GOAL_ID, observationId: w.full.id, facultyId: w.userIds.faculty, rubricItemIds: [item.id], goal: 'A goal', targetDate: '2027-03-01' })
    .onConflictDoNothing();
}

const verdict = (status: number) => (status >= 200 && status < 300 ? 'allowed' : status === 403 || status === 404 ? 'denied' : status === 401 ? 'unauthenticated' : `state ${status}`);

describe('authorisation matrix: every route × every role × own/other department', () => {
  it('covers every route of the API', () => {
    expect(MATRIX.map((r) => `${r.method} ${r.path}`).sort()).toEqual(API_ROUTES.map(routeName).sort());
    expect(registeredRoutes(t)).toEqual(API_ROUTES.map(routeName).sort());
  });

  it('answers each caller as docs/api.md / SPEC §6 say', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      for (const c of ORDER) {
        const req = row.request(c);
        const headers: Record<string, string> = { 'idempotency-key': randomUUID(), ...req.headers };
        if (req.token !== null) headers.authorization = `Bearer ${req.token ?? w.tokens[c]}`;
        const payload = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
        if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
        const res = req.stream
          ? await streamRequest(base, headers).then((r) => ({ statusCode: r.status, body: r.body }))
          : await t.app.inject({ method: row.method, url: req.url, headers, remoteAddress: `10.77.0.${ORDER.indexOf(c) + 1}`, ...(payload !== undefined ? { payload } : {}) });
        await row.after?.(c);
        const allowed = row.allowed.includes(c);
        const s = res.statusCode;
        const ok = allowed ? s < 400 || (s >= 400 && s < 500 && ![401, 403, 404].includes(s)) : s === 403 || s === 404;
        if (s === 201 && row.path === '/upload-artifact/:id') artifactUploads.shift();
        if (process.env.AUTHZ_TRACE) console.log(`${row.method} ${row.path} ${c} ${s} ${allowed ? "A" : "-"} ${res.body.slice(0, 80)}`);
        if (!ok) {
          wrong.push(`${row.method} ${row.path} as ${c} (${CALLERS[c].role}${CALLERS[c].department ? `, ${CALLERS[c].department}` : ''}): expected ${allowed ? 'allowed' : 'denied'} [${row.rule}], got ${s} ${verdict(s)} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 120_000);

  it('judges each row of a batched push as its own route: notes, agenda, profile, notifications, as every role', async () => {
    // Who may do what: the MATRIX rows of the single routes the rows go to.
    const allowedBy: Record<string, readonly Caller[]> = {
      'note.create': ['observer'],
      'note.update': ['observer'],
      'note.delete': ['observer'],
      'agenda.save': ['observer'],
      'user.updateProfile': ALL,
      'notification.open': ['faculty'],
      'calibration.note': ['observer'],
    };
    const wrong: string[] = [];
    for (const c of ORDER) {
      const rows = pushRows(w, c).map((r) => ({ mutationId: randomUUID(), ...r }));
      const res = await t.app.inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${w.tokens[c]}`, 'content-type': 'application/json' }, payload: JSON.stringify({ rows }), remoteAddress: '10.78.0.1' });
      expect(res.statusCode, res.body).toBe(200);
      const results = res.json().results as { mutationId: string; status?: number; body?: unknown; notAttempted?: true }[];
      for (const [i, r] of results.entries()) {
        const name = rows[i].name;
        const allowed = allowedBy[name].includes(c);
        const s = r.status ?? 0;
        const ok = allowed ? s < 400 || (s >= 400 && s < 500 && ![401, 403, 404].includes(s)) : s === 403 || s === 404;
        if (!ok) wrong.push(`push row ${name} as ${c}: expected ${allowed ? 'allowed' : 'denied'}, got ${s} ${JSON.stringify(r.body).slice(0, 160)}`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 120_000);
});
