/**
 * Property-based fuzz of the whole API: hostile requests on every route of the API table (docs/api.md), as
 * every role in two departments, against the real app on a populated world (tests/server/support/api-world.ts).
 *
 * Properties, for every request:
 *   - the server never answers 5xx;
 *   - every error (4xx) is JSON `{ "error": "<non-empty string>" }`;
 *   - no answer leaks private fields: password material (keys such as password / passwordHash / salt, or any
 *     stored hash), a token other than the caller's own (the login answer carries only the new one), a stored
 *     token hash, and — for a Faculty caller — the observer's rubric scores (observerScore, finalScore,
 *     percentage, SPEC §6 "never sees the observer's score").
 *
 * Reproduce: FUZZ_SEED=<n> [FUZZ_RUNS=<n>] npx vitest run tests/server/api/fuzz.test.ts (the seed is printed).
 */
import { importTemplate } from '../../../src/shared/contract/provisioning.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, SPEC_RUBRIC_ID, users } from '../../../src/server/db/schema.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/helpers.js';
import { API_ROUTES, buildWorld, calibrationSessionBody, CALLER_NAMES, CALLERS, pushRows, registeredRoutes, routeName, RUBRIC_DEFINITION, streamRequest, type ApiRoute, type Caller, type World } from '../support/api-world.js';

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
// Sixteen draws per route on average (at least 1 200), so each route is reached more than five times as routes are added.
const RUNS = Number(process.env.FUZZ_RUNS ?? Math.max(1200, 16 * API_ROUTES.length));

let t: TestApp;
let w: World;
let dataDir: string;
/** The app on a real socket, for the event stream. */
let base: string;
/** Secrets that must never appear in an answer: password hashes and token hashes as stored. */
let storedSecrets: string[] = [];
/** Current password of each caller (a fuzzed reset that succeeds changes it). */
const passwords = new Map<Caller, string>();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-fuzz-'));
  t = await createTestApp({ config: { dataDir } });
  await t.reset();
  w = await buildWorld(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const c of CALLER_NAMES) passwords.set(c, DEMO_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function loadStoredSecrets(): Promise<string[]> {
  const rows = await t.db.execute<{ s: string }>(sql`select password_hash as s from users union select token_hash from sessions`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { s: string }[] }).rows;
  return list.map((r) => r.s);
}

// ───────────────────────────── arbitraries ─────────────────────────────

const HUGE = 300_000;
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', '💥', '\u202E', '%00', '../../etc/passwd', "'; drop table users; --", '<script>alert(1)</script>', '{{name}}', 'null', 'undefined', 'NaN', '-1', '1e400', 'Completed', 'Faculty', 'Super_Admin', '__proto__', 'constructor'),
  fc.integer({ min: 1000, max: HUGE }).map((n) => 'x'.repeat(n)),
  fc.tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('\u0000', '\uD800', 'é', '\u{1F600}', ' ')).map(([n, c]) => c.repeat(n)),
);
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e300, -1e300, Number.MIN_VALUE, 4, 5, 50, 100, 101),
);
/** Values to put anywhere: scalars of every JSON type and shapes of the wrong kind, including deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.uuid(),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'status')), tie('v'), { maxKeys: 4 }),
    fc.integer({ min: 20, max: 3000 }).map((d) => nest(d)),
  ),
})).v;

function nest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Raw payloads that are not (valid) JSON, or JSON a plain object can't express. */
const rawJson = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  '[',
  'nul',
  'null',
  'true',
  '"text"',
  '42',
  '{"a":1e400}',
  '{"threshold":1e400,"departmentId":1e400,"campus":"Main_Campus"}',
  '{"credits":-0}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '{"x":"\\u0000"}',
  '{"x":"\\ud800"}',
  '[1,2,',
  '{"email":"superadmin@university.edu","password":"observa-demo"',
  '['.repeat(20_000),
  '{"a":'.repeat(5_000),
  '\uFEFF{}',
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'empty-json' };

type Mutation = { op: 'set' | 'delete' | 'add'; pick: number; value: unknown; extraKey: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('set', 'set', 'delete', 'add'),
  pick: fc.nat(),
  value: hostileValue,
  extraKey: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'role', 'passwordHash', 'facultyId', 'userId')),
});

/** A valid body for the route (as far as the world allows), to be mutated: hostile fields inside a plausible shape. */
function validBody(route: ApiRoute, caller: Caller): Record<string, unknown> {
  const id = w.full.id;
  switch (routeName(route)) {
    case 'POST /auth/login':
      return { email: `${CALLERS[caller].email}@university.edu`, password: 'wrong-password' };
    case 'POST /auth/create':
      return { name: 'Fuzz User', email: 'fuzz@university.edu', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer', department: w.dept.cs };
    case 'PUT /auth/reset-password':
      return { oldPassword: passwords.get(caller), newPassword: 'another-pass-1', confirmPassword: 'another-pass-1' };
    case 'PUT /user/update/:id':
      return { phone: '+1 555 0100', designation: 'Lecturer', degree: 'PhD' };
    case 'POST /course':
      return { courseCode: 'FZ-1', name: 'Fuzzing', credits: 3, departments: [w.dept.cs], slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:00', location: 'R1' }] };
    case 'PUT /course/user/:facultyId':
      return { slots: w.freeCsSlotIds };
    case 'PUT /template/:id':
      return { stepId: w.teachingStepId, name: 'Step', field: 'Text' };
    case 'PUT /email/:id':
      return { email: 'Hello {{name}}', subject: 'Subject' };
    case 'POST /auth/accept-invitation':
      return { token: 'not-an-invitation', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
    case 'POST /auth/oidc/session':
      return { ticket: 'not-a-ticket' };
    case 'POST /sso-requests/:id/approve':
      return { role: 'Observer', department: w.dept.cs };
    case 'POST /observation/prompt/preview':
    case 'POST /observation/prompt':
      return { departmentId: w.dept.cs, campus: 'Main_Campus', threshold: 80 };
    case 'POST /observation/initiate':
      return { facultyIds: [w.userIds.faculty3], observerId: w.userIds.observer, semester: 'Fall' };
    case 'POST /observation/scheduling':
      return { observationsId: w.fresh.id, facultyId: w.userIds.faculty2, courseId: w.csCourseId };
    case 'PUT /observation/scheduling':
      return { observationsId: w.fresh.id, timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], scheduledOn: '2026-09-14T09:00:00.000Z' };
    case 'PUT /observation/informed':
    case 'PUT /observation/uninformed':
      return { observationsId: id, rubricsFinal: [{ id: 'x', score: 3 }], submit: true };
    case 'POST /observation/uninformed':
      return { observationsId: id };
    case 'POST /observation/post-scheduling':
      return { observationsId: id, timeSlotsByObserver: ['2026-10-05T09:00:00Z'], location: 'Room 2' };
    case 'PUT /observation/post-scheduling':
      return { observationsId: id, timeSlotByFaculty: w.full.postId, location: 'Room 3' };
    case 'PUT /observation/acknowledge':
      return { observationsId: id, fullName: 'Faculty Member' };
    case 'PUT /observation/response':
      return { observationsId: id, response: 'A response' };
    case 'PUT /observation/sign-off':
      return { observationsId: id };
    case 'PUT /observation/goal':
      return { observationsId: id, id: randomUUID(), rubricItemIds: [randomUUID()], goal: 'A goal', actions: 'Actions', targetDate: '2027-03-01' };
    case 'PUT /observation/goal-review':
      return { observationsId: id, goalId: randomUUID(), status: 'met', note: '' };
    case 'PUT /department/:id/observation-mode':
      return { mode: 'formative' };
    case 'POST /upload-artifact/:id':
      return { fileURL: `/api/files/${w.uploadId}`, uploadId: w.uploadId, name: 'evidence.png', type: 'image/png' };
    case 'POST /observation/:id/messages':
      return { body: 'A message' };
    case 'PUT /user/:id/reassign-observations':
      return { observerId: w.userIds.observer, observationIds: [w.fresh.id] };
    case 'POST /provisioning/:kind/preview':
    case 'POST /provisioning/:kind/apply':
      return { csv: importTemplate(caller === 'hodMath' ? 'assignments' : 'users') };
    case 'POST /observation/:id/notes':
      return { id: randomUUID(), kind: 'informed', body: 'A note', offsetSeconds: 30, rubricItemIds: ['x'], shared: false };
    case 'PUT /observation/:id/notes/:noteId':
      return { body: 'Edited', offsetSeconds: 31, rubricItemIds: ['x'], shared: true };
    case 'PUT /observation/:id/notes/:noteId/photo':
      return { uploadId: w.uploadId, fileURL: `/api/files/${w.uploadId}` };
    case 'PUT /observation/:id/agenda':
      return { items: [{ rubricItemId: 'x', text: 'Point' }], summary: 'Summary', shared: true };
    case 'POST /rubrics':
      return { definition: RUBRIC_DEFINITION };
    case 'PUT /rubrics/versions/:id':
      return RUBRIC_DEFINITION;
    case 'PUT /rubrics/defaults/:departmentId':
      return { rubricId: SPEC_RUBRIC_ID };
    case 'POST /calibration/sessions':
      return calibrationSessionBody(w);
    case 'PUT /calibration/sessions/:id':
      return { title: 'World calibration', deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(), participantIds: [w.userIds.observer] };
    case 'PUT /calibration/sessions/:id/scores':
    case 'POST /calibration/sessions/:id/submit':
      return { scores: [{ id: w.calibration.itemId, score: 1 }] };
    case 'POST /calibration/sessions/:id/notes':
      return { id: randomUUID(), body: 'At 1:05', offsetSeconds: 65 };
    case 'PUT /calibration/thresholds/:versionId':
      return { adjacentPct: 80, exactPct: 50 };
    case 'POST /sync/push':
      // Rows of the routes added last (notes, agenda) and others: a hostile leaf lands in a name, an id or an arg.
      // Two rows hostile by construction ride along in every batch: a name of an Object.prototype member and an id
      // with malformed percent-encoding (each once answered 500 for the whole batch).
      return {
        rows: [
          ...pushRows(w, caller),
          { name: PROTO_NAMES[CALLER_NAMES.indexOf(caller) % PROTO_NAMES.length], args: { id: w.notificationId } },
          { name: 'notification.open', args: { id: '%E0%A4%A' } },
        ].map((r) => ({ mutationId: randomUUID(), ...r })),
      };
    default:
      return {};
  }
}

/** Paths of every leaf of a valid body (array items and nested objects included). */
function leafPaths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leafPaths(x, [...at, i])) : [at];
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? entries.flatMap(([k, x]) => leafPaths(x, [...at, k])) : [at];
  }
  return [at];
}

/** The valid body with ONE leaf replaced: the rest stays valid, so the hostile value goes as deep as it can. */
function replaceLeaf(body: Record<string, unknown>, pick: number, value: unknown): unknown {
  const paths = leafPaths(body).filter((p) => p.length > 0);
  if (!paths.length) return body;
  const target = paths[pick % paths.length];
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const k of target.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[target[target.length - 1]] = value;
  return copy;
}

/** Path parameters that name the right record for the route and caller (so a hostile body gets past the lookup). */
function goodParams(route: ApiRoute, caller: Caller): string[] {
  switch (routeName(route)) {
    case 'GET /user/:id':
    case 'PUT /user/update/:id':
      return [w.userIds[caller]];
    case 'GET /user/:id/open-observations':
    case 'PUT /user/:id/deactivate':
    case 'PUT /user/:id/reactivate':
      return [w.userIds.faculty3];
    case 'PUT /user/:id/reassign-observations':
      return [w.userIds.observer];
    case 'POST /provisioning/:kind/preview':
    case 'POST /provisioning/:kind/apply':
      return [caller === 'hodMath' ? 'assignments' : 'users'];
    case 'PUT /notifications/:id/open':
      return [w.notificationId];
    case 'HEAD /files/*':
    case 'PATCH /files/*':
    case 'GET /files/*':
    case 'DELETE /files/*':
      return [w.uploadId];
    case 'GET /data/:role/:departmentId':
      return [CALLERS[caller].role, String(CALLERS[caller].department === 'math' ? w.dept.math : w.dept.cs)];
    case 'GET /course/:id':
      return [w.csCourseId];
    case 'PUT /course/user/:facultyId':
      return [w.userIds.faculty];
    case 'GET /rubrics/versions/:id':
    case 'GET /rubrics/versions/:id/export':
    case 'POST /rubrics/versions/:id/draft':
    case 'POST /rubrics/versions/:id/retire':
      return [w.rubric.published];
    case 'PUT /rubrics/versions/:id':
    case 'POST /rubrics/versions/:id/publish':
    case 'DELETE /rubrics/versions/:id':
      return [w.rubric.draft];
    case 'PUT /rubrics/defaults/:departmentId':
      return [String(CALLERS[caller].department === 'math' ? w.dept.math : w.dept.cs)];
    case 'DELETE /calibration/sessions/:id':
      return [w.calibration.toDelete];
    case 'GET /calibration/sessions/:id':
    case 'PUT /calibration/sessions/:id':
    case 'GET /calibration/sessions/:id/video':
    case 'GET /calibration/sessions/:id/results':
    case 'PUT /calibration/sessions/:id/scores':
    case 'POST /calibration/sessions/:id/submit':
    case 'POST /calibration/sessions/:id/notes':
      return [w.calibration.sessionId];
    case 'GET /calibration/thresholds/:versionId':
    case 'PUT /calibration/thresholds/:versionId':
      return [w.calibration.versionId];
    case 'GET /calibration/severity/:observerId':
      return [w.userIds.observer];
    case 'GET /template/:id':
    case 'PUT /template/:id':
      return ['Teaching'];
    case 'GET /email/:id':
    case 'PUT /email/:id':
      return ['CreateUser'];
    case 'POST /upload-artifact/:id':
      return [w.full.postId];
    case 'GET /artifacts/:id/file':
      return [w.full.artifactId];
    case 'DELETE /observation/:id/goal/:goalId':
      return [CALLERS[caller].department === 'math' ? w.math.id : w.full.id, randomUUID()];
    case 'PUT /department/:id/observation-mode':
      return [String(CALLERS[caller].department === 'math' ? w.dept.math : w.dept.cs)];
    case 'PUT /observation/:id/notes/:noteId':
    case 'DELETE /observation/:id/notes/:noteId':
    case 'PUT /observation/:id/notes/:noteId/photo':
    case 'GET /observation/:id/notes/:noteId/photo':
      return [CALLERS[caller].department === 'math' ? w.math.id : w.full.id, w.full.noteId];
    default:
      return [CALLERS[caller].department === 'math' ? w.math.id : w.full.id];
  }
}

function mutate(body: Record<string, unknown>, muts: Mutation[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const m of muts) {
    const keys = Object.keys(out);
    if (m.op === 'add' || keys.length === 0) Object.defineProperty(out, m.extraKey, { value: m.value, enumerable: true, writable: true, configurable: true });
    else if (m.op === 'delete') delete out[keys[m.pick % keys.length]];
    else out[keys[m.pick % keys.length]] = m.value;
  }
  return out;
}

/** Path parameters: real ids of every kind (others' records too), random UUIDs and hostile segments. */
function paramArb(): fc.Arbitrary<string> {
  const pool = [
    w.full.id, w.fresh.id, w.math.id, w.full.postId, w.full.artifactId, w.full.noteId, w.uploadId, w.notificationId, w.csCourseId,
    w.teachingPlanId, w.teachingStepId, w.emailTemplateId, ...Object.values(w.userIds), ...w.freeCsSlotIds, ...Object.values(w.rubric), ...Object.values(w.calibration),
    'Teaching', 'Reflection', 'CreateUser', 'ObsPrompt', 'Faculty', 'Observer', 'Head_of_Department', 'Super_Admin',
    String(w.dept.cs), String(w.dept.math),
  ];
  return fc.oneof(
    fc.constantFrom(...pool),
    fc.uuid(),
    fc.constantFrom('0', '-1', '1.5', '1e400', '99999999999999999999', 'NaN', '%00', '%ED%A0%80', '%2e%2e%2f%2e%2e', '..', '%', 'null', 'x'.repeat(500)),
    hostileString.filter((s) => s.length > 0 && s.length < 300).map(encode),
  );
}

/** Percent-encodes any string, lone surrogates included (as the UTF-8 of U+FFFD, or raw invalid bytes). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => (ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF' ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const QUERY_KEYS = ['since', 'limit', 'refetch', 'role', 'page', 'id', '__proto__'];
const queryArb: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
      fc.oneof(
        hostileString.filter((s) => s.length < 5_000),
        fc.constantFrom('0', '1', '-1', '0.5', '1e400', '201', '999999999999999999999', 'observations:x', 'users:' + 'a'.repeat(120), 'Faculty', '%E0%A4%A'),
        fc.integer().map(String),
      ),
      fc.boolean(),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v, raw]) => `${encode(k)}=${raw && /^[%\w.:-]*$/.test(v) ? v : encode(v)}`).join('&'));

const TUS_HEADERS = fc.record(
  {
    'tus-resumable': fc.constantFrom('1.0.0', '0.2.2', '', 'x'),
    'upload-length': fc.oneof(fc.integer().map(String), fc.constantFrom('-1', '1.5', '1e400', '99999999999999999999', 'abc', '0')),
    'upload-offset': fc.oneof(fc.integer().map(String), fc.constantFrom('-1', 'abc', '0')),
    'upload-metadata': fc.constantFrom('filename aGVsbG8=', 'owner ' + Buffer.from('someone').toString('base64'), 'bad', 'a b c', ''),
    'upload-defer-length': fc.constantFrom('1', '0', 'x'),
    'content-type': fc.constantFrom('application/offset+octet-stream', 'application/json', 'text/plain'),
  },
  { requiredKeys: [] },
);

interface FuzzRequest {
  route: ApiRoute;
  caller: Caller | 'anonymous';
  params: string[];
  query: string;
  body: Body;
  headers: Record<string, string>;
}

function requestArb(): fc.Arbitrary<FuzzRequest> {
  const param = paramArb();
  return fc
    .record({
      route: fc.constantFrom(...API_ROUTES),
      caller: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...CALLER_NAMES) }, { weight: 1, arbitrary: fc.constant('anonymous' as const) }),
      params: fc.array(param, { minLength: 2, maxLength: 2 }),
      goodParams: fc.boolean(),
      query: fc.oneof({ weight: 1, arbitrary: queryArb }, { weight: 2, arbitrary: fc.constant('') }),
      bodyKind: fc.constantFrom('leaf-string', 'leaf-string', 'leaf-string', 'leaf', 'mutated', 'mutated', 'valid', 'value', 'raw', 'empty-json', 'none', 'text'),
      leafPick: fc.nat(),
      leafString: hostileString,
      muts: fc.array(mutation, { minLength: 1, maxLength: 3 }),
      value: hostileValue,
      raw: rawJson,
      tus: TUS_HEADERS,
      idempotencyKey: fc.oneof(fc.uuid(), fc.constantFrom('', 'k'.repeat(250), 'same-key'), fc.string({ maxLength: 30 })),
    })
    .map(({ route, caller, params, goodParams: good, query, bodyKind, leafPick, leafString, muts, value, raw, tus, idempotencyKey }) => {
      const base = validBody(route, caller === 'anonymous' ? 'faculty' : caller);
      let body: Body;
      if (bodyKind === 'leaf-string') body = { kind: 'json', value: replaceLeaf(base, leafPick, leafString) };
      else if (bodyKind === 'leaf') body = { kind: 'json', value: replaceLeaf(base, leafPick, value) };
      else if (bodyKind === 'mutated') body = { kind: 'json', value: mutate(base, muts) };
      else if (bodyKind === 'valid') body = { kind: 'json', value: base };
      else if (bodyKind === 'value') body = { kind: 'json', value };
      else if (bodyKind === 'raw') body = { kind: 'raw', text: raw, contentType: 'application/json' };
      else if (bodyKind === 'text') body = { kind: 'raw', text: raw, contentType: 'text/plain' };
      else if (bodyKind === 'empty-json') body = { kind: 'empty-json' };
      else body = { kind: 'none' };
      const headers: Record<string, string> = {};
      if (route.path.startsWith('/files')) Object.assign(headers, tus);
      if (route.method !== 'GET' && route.method !== 'HEAD') headers['idempotency-key'] = /^[\x20-\x7e]*$/.test(idempotencyKey) ? idempotencyKey : 'k';
      return { route, caller, params: good && caller !== 'anonymous' ? goodParams(route, caller) : params, query, body, headers };
    });
}

// ───────────────────────────── oracle ─────────────────────────────

const PASSWORD_KEYS = /^(password|passwordhash|password_hash|hash|salt|tokenhash|token_hash|newpassword|oldpassword|confirmpassword)$/i;
const OBSERVER_SCORE_KEYS = new Set(['observerScore', 'finalScore', 'percentage']);

/** Every violation of the "no private fields" property in a JSON answer. */
function leaks(json: unknown, req: FuzzRequest, callerToken: string | undefined): string[] {
  const found: string[] = [];
  const otherTokens = new Set(Object.entries(w.tokens).filter(([, v]) => v !== callerToken).map(([, v]) => v));
  const isFaculty = req.caller !== 'anonymous' && CALLERS[req.caller].role === 'Faculty';
  const walk = (v: unknown, where: string) => {
    if (typeof v === 'string') {
      if (otherTokens.has(v)) found.push(`${where}: another user's token`);
      return;
    }
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${where}[${i}]`));
    for (const [k, x] of Object.entries(v)) {
      const at = `${where}.${k}`;
      if (PASSWORD_KEYS.test(k)) found.push(`${at}: password material`);
      if (k === 'token' && !(routeName(req.route) === 'POST /auth/login' && where === '$') && x !== callerToken) found.push(`${at}: a token`);
      if (isFaculty && OBSERVER_SCORE_KEYS.has(k) && x != null) found.push(`${at}: observer score shown to Faculty`);
      walk(x, at);
    }
  };
  walk(json, '$');
  return found;
}

// ───────────────────────────── driver ─────────────────────────────

const stats = { tried: 0, fiveXx: 0, byRoute: new Map<string, number>(), byStatus: new Map<number, number>(), byCaller: new Map<string, number>() };

function urlOf(req: FuzzRequest): string {
  let i = 0;
  const p = req.route.path.replace(/:[A-Za-z]+|\*/g, () => req.params[i++] ?? 'x');
  return `/api${p}${req.query ? `?${req.query}` : ''}`;
}

async function send(req: FuzzRequest) {
  const token = req.caller === 'anonymous' ? undefined : w.tokens[req.caller];
  const headers: Record<string, string> = { ...req.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (req.body.kind === 'json') {
    payload = JSON.stringify(req.body.value);
    headers['content-type'] ??= 'application/json';
  } else if (req.body.kind === 'raw') {
    payload = req.body.text;
    headers['content-type'] = req.body.contentType;
  } else if (req.body.kind === 'empty-json') {
    headers['content-type'] = 'application/json';
  }
  const url = urlOf(req);
  if (req.route.path === '/sync/events') {
    // The endless stream: over a real socket (fetch's own headers only: no body on a GET).
    const { ['content-type']: _ignored, ...plain } = headers;
    const r = await streamRequest(base, plain, req.query);
    const res = { statusCode: r.status, headers: { 'content-type': r.contentType } as Record<string, unknown>, body: r.body, json: () => JSON.parse(r.body) as unknown };
    return { res, token, url };
  }
  // Logins come from their own addresses so the per-address limit does not hide the route's other answers.
  const remoteAddress = req.route.path === '/auth/login' ? `10.9.${stats.tried % 250}.${(stats.tried >> 8) % 250 || 1}` : '127.0.0.1';
  const res = await t.app.inject({ method: req.route.method, url, headers, remoteAddress, ...(payload !== undefined ? { payload } : {}) });
  return { res, token, url };
}

/** A fuzzed logout or password reset may end the caller's session or change the password: sign in again. */
async function keepSignedIn(req: FuzzRequest, status: number) {
  if (req.caller === 'anonymous' || status >= 300) return;
  const name = routeName(req.route);
  if (name === 'PUT /auth/reset-password' && req.body.kind === 'json') {
    const b = req.body.value as { newPassword?: unknown };
    if (typeof b.newPassword === 'string') passwords.set(req.caller, b.newPassword);
  }
  if (name === 'PUT /user/:id/deactivate') {
    // A caller deactivated by the fuzz is reactivated and signed in again, so the rest of the run still calls as them.
    await t.handle.db.update(users).set({ deactivatedAt: null, deactivatedBy: null });
    for (const c of CALLER_NAMES) if (req.params[0] === w.userIds[c]) w.tokens[c] = await t.login(CALLERS[c].email, passwords.get(c));
  }
  if (name === 'POST /auth/logout' || name === 'PUT /auth/reset-password') {
    await t.handle.db.delete(loginThrottle); // the fuzz's wrong passwords must not block the re-login
    w.tokens[req.caller] = await t.login(CALLERS[req.caller].email, passwords.get(req.caller));
  }
}

describe('fuzz: hostile requests on every route as every role', () => {
  it('lists every registered route of the API', () => {
    expect(registeredRoutes(t)).toEqual(API_ROUTES.map(routeName).sort());
  });

  it(`never answers 5xx, always answers errors as { error }, never leaks private fields (seed ${SEED}, ${RUNS} runs)`, async () => {
    storedSecrets = await loadStoredSecrets();
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(requestArb(), async (req) => {
          const { res, token, url } = await send(req);
          const name = routeName(req.route);
          stats.tried++;
          stats.byRoute.set(name, (stats.byRoute.get(name) ?? 0) + 1);
          stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
          stats.byCaller.set(req.caller, (stats.byCaller.get(req.caller) ?? 0) + 1);
          const what = `${req.caller} ${req.route.method} ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) {
            stats.fiveXx++;
            throw new Error(`5xx: ${what}`);
          }
          await keepSignedIn(req, res.statusCode);
          // A batched push answers 200 with one result per row: no row may have failed with a 5xx either.
          if (name === 'POST /sync/push' && res.statusCode === 200) {
            for (const r of (res.json() as { results: { status?: number; body?: unknown }[] }).results) {
              if ((r.status ?? 0) >= 500) {
                stats.fiveXx++;
                throw new Error(`5xx row: ${JSON.stringify(r).slice(0, 300)} in ${what}`);
              }
            }
          }
          const isJson = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
          if (res.statusCode >= 400 && req.route.method !== 'HEAD') {
            if (!isJson) throw new Error(`error answer is not JSON: ${what}`);
            const body = res.json() as unknown;
            const ok = !!body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).join() === 'error' && typeof (body as { error: unknown }).error === 'string' && (body as { error: string }).error.length > 0;
            if (!ok) throw new Error(`error answer is not { error: string }: ${what}`);
          }
          for (const secret of storedSecrets) if (res.body.includes(secret)) throw new Error(`stored secret in the answer: ${what}`);
          // The OpenAPI document describes the password and token fields; it holds no values (stored secrets are checked above).
          if (isJson && res.body.length > 0 && routeName(req.route) !== 'GET /openapi.json') {
            const found = leaks(res.json(), req, token);
            if (found.length) throw new Error(`leak: ${found.slice(0, 5).join('; ')} in ${what}`);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    } finally {
      const routes = Object.fromEntries([...stats.byRoute].sort(([a], [b]) => a.localeCompare(b)));
      console.log(
        `[fuzz] seed ${SEED}: ${stats.tried} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${stats.fiveXx} 5xx; ` +
          `statuses ${JSON.stringify(Object.fromEntries(stats.byStatus))}; callers ${JSON.stringify(Object.fromEntries(stats.byCaller))}; ` +
          `per route ${JSON.stringify(routes)}`,
      );
    }
    expect(stats.tried).toBeGreaterThanOrEqual(1000);
    // Every route was reached, and as every caller.
    for (const route of API_ROUTES) expect(stats.byRoute.get(routeName(route)) ?? 0, routeName(route)).toBeGreaterThan(5);
    for (const c of CALLER_NAMES) expect(stats.byCaller.get(c) ?? 0, c).toBeGreaterThan(50);
  }, 240_000);
});

/** The failures the fuzz found, pinned as plain cases (each answered 5xx or non-JSON before its fix). */
describe('fuzz findings, pinned', () => {
  const errorOf = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(Object.keys(res.json() as object)).toEqual(['error']);
    return res.json() as { error: string };
  };

  it('answers tus protocol errors as JSON { error } (412 without Tus-Resumable, 400 for a bad tus header)', async () => {
    const token = w.tokens.faculty;
    const missing = await t.app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${token}`, 'upload-length': '10' } });
    expect(missing.statusCode).toBe(412);
    expect(errorOf(missing).error).toMatch(/Tus-Resumable/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error).toMatch(/upload-length/);
  });

  it('answers a malformed percent-encoding in the address with 400 JSON', async () => {
    const res = await t.get('/api/data/Faculty/%ED%A0%80', w.tokens.faculty);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toBeTruthy();
  });

  it('refuses NUL characters and unpaired surrogates with 400 naming the field, before they reach the database', async () => {
    const res = await t.post(`/api/observation/${w.full.id}/messages`, { body: 'a\u0000b' }, w.tokens.observer, { 'idempotency-key': 'nul-1' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toMatch(/^body:/);
    const lone = await t.put(`/api/user/update/${w.userIds.faculty}`, { phone: 'x\uD800y' }, w.tokens.faculty, { 'idempotency-key': 'nul-2' });
    expect(lone.statusCode).toBe(400);
    expect(errorOf(lone).error).toMatch(/^phone:/);
  });

  it('answers a repeated sync cursor or refetch list with 400 naming it (a list is one comma-separated value)', async () => {
    const twice = await t.get('/api/sync/changes?since=0&since=0', w.tokens.faculty);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).error).toMatch(/^since:/);
    const refetch = await t.get(`/api/sync/changes?since=0&refetch=observations:${w.full.id}&refetch=users:${w.userIds.faculty}`, w.tokens.faculty);
    expect(refetch.statusCode, refetch.body).toBe(400);
    expect(errorOf(refetch).error).toMatch(/^refetch:/);
    const joined = await t.get(`/api/sync/changes?since=0&refetch=observations:${w.full.id},users:${w.userIds.faculty}`, w.tokens.faculty);
    expect(joined.statusCode, joined.body).toBe(200);
  });
});
