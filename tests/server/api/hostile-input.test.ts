/**
 * Hostile input is normal input: bad bytes are a 400 naming the field — never a 500, never a stall.
 * Each class is tried on several routes: NUL and lone surrogates, integers beyond PostgreSQL's integer and
 * negative / fractional ids, repeated query parameters, empty JSON bodies, fields over their limit, bodies over
 * the route's limit, and the crafted login email that used to stall the server for seconds.
 * Runs on PGlite and, with OBSERVA_TEST_DB=postgres, on PostgreSQL (which refuses NUL in text with an error).
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEXT_MAX } from '../../../src/shared/constants.js';
import { MSG } from '../../../src/shared/messages.js';
import { deptId } from '../support/admin-fixtures.js';
import { DEMO, useTestApp } from '../support/helpers.js';

const t = useTestApp({ loginLimits: { perIpPerMinute: 10_000, account: { free: 10_000, baseMs: 2_000, maxMs: 300_000 }, address: { free: 10_000, baseMs: 2_000, maxMs: 900_000 } } });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request with a raw body exactly as given (JSON escapes such as \u0000 and \ud800 survive untouched). */
function raw(method: Method, url: string, body: string | undefined, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** 400 with an error that starts by naming `field`. */
function expect400(res: LightMyRequestResponse, field: string, detail?: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json() as { error: string };
  expect(error.startsWith(`${field}: `), error).toBe(true);
  if (detail) expect(error).toMatch(detail);
}

async function courseBody(over: Record<string, unknown> = {}) {
  return {
    courseCode: 'CSC-011',
    name: 'Software Craft',
    credits: 3,
    departments: [await deptId(t, 'Computer Science')],
    campus: 'Main_Campus',
    isElective: false,
    isDepthElective: false,
    slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room 1' }],
    ...over,
  };
}

describe('NUL characters and lone surrogates', () => {
  it('are refused in the login email and password, naming the field', async () => {
    expect400(await raw('POST', '/api/auth/login', `{"email":"faculty\\u0000@university.edu","password":"x"}`), 'email', /NUL/);
    expect400(await raw('POST', '/api/auth/login', `{"email":"${DEMO.faculty}","password":"pass\\ud800word"}`), 'password', /surrogate/);
  });

  it('never reach the database: profile, course, plan step, email template and chat answer 400', async () => {
    const faculty = await t.loginUser('faculty');
    expect400(await raw('PUT', `/api/user/update/${faculty.id}`, '{"designation":"Lecturer\\u0000"}', faculty.token), 'designation', /NUL/);
    expect400(await raw('PUT', `/api/user/update/${faculty.id}`, '{"institute":"\\udc00 Uni"}', faculty.token), 'institute', /surrogate/);

    const hod = await t.login('hod');
    expect400(await t.post('/api/course', await courseBody({ name: 'Soft\u0000ware' }), hod), 'name', /NUL/);
    const slot = { sectionCode: 'A', day: 'Monday', time: '09:00', location: 'Room \u0000' };
    expect400(await t.post('/api/course', await courseBody({ slots: [slot] }), hod), 'slots.0.location', /NUL/);
    // A field no schema reads is refused too (it would have been stored in the audit detail or a stored response).
    expect400(await t.post('/api/course', await courseBody({ comment: 'x\u0000' }), hod), 'comment', /NUL/);

    const admin = await t.login('admin');
    const plan = (await t.get('/api/template/Teaching', admin)).json() as { steps: { id: string }[] };
    expect400(await t.put('/api/template/Teaching', { stepId: plan.steps[0].id, name: 'Step\u0000', field: 'x' }, admin), 'name', /NUL/);
    expect400(await raw('PUT', '/api/email/CreateUser', '{"email":"Hello {{name}} \\ud83d"}', admin), 'email', /surrogate/);

    expect400(await t.post(`/api/observation/${randomUUID()}/messages`, { body: 'hi\u0000' }, faculty.token), 'body', /NUL/);
    // Nothing was changed by the refused writes.
    expect(((await t.get('/api/auth/me', faculty.token)).json() as { designation: string | null }).designation).not.toContain('\u0000');
  });

  it('are refused in query parameters and object keys', async () => {
    const admin = await t.login('admin');
    expect400(await t.get('/api/users?role=Faculty%00', admin), 'role', /NUL/);
    expect400(await t.get('/api/sync/changes?refetch=users:%00', admin), 'refetch', /NUL/);
    expect400(await raw('POST', '/api/observation/prompt', '{"a\\u0000b":1}', admin), 'body', /NUL/);
    // Path ids name nothing when malformed: never a 500.
    for (const url of ['/api/course/%00', '/api/email/%00', '/api/template/%00', '/api/observation/%ED%A0%80', '/api/user/%00']) {
      const res = await t.get(url, admin);
      expect([400, 404], `${url} ${res.body}`).toContain(res.statusCode);
    }
  });
});

describe('integers beyond 2^31 and negative or fractional ids', () => {
  it('are 400 naming the field in bodies', async () => {
    const sa = await t.login('superadmin');
    const user = { name: 'Zed', email: 'zed@university.edu', password: 'long-enough', role: 'Admin' };
    expect400(await t.post('/api/auth/create', { ...user, department: 2 ** 31 }, sa), 'department', /2147483647/);
    expect400(await t.post('/api/auth/create', { ...user, department: -3 }, sa), 'department', /positive/);
    expect400(await t.post('/api/auth/create', { ...user, department: 1.5 }, sa), 'department', /whole/);

    const hod = await t.login('hod');
    expect400(await t.post('/api/course', await courseBody({ departments: [2 ** 40] }), hod), 'departments.0');
    expect400(await t.post('/api/course', await courseBody({ departments: [0] }), hod), 'departments.0');
    expect400(await t.post('/api/observation/prompt', { departmentId: 2 ** 31, campus: 'Main_Campus', threshold: 60 }, sa), 'departmentId');
    expect400(await t.post('/api/observation/prompt', { departmentId: 2.5, campus: 'Main_Campus', threshold: 60 }, sa), 'departmentId');
  });

  it('are 400 naming the parameter in paths and queries', async () => {
    const sa = await t.login('superadmin');
    for (const id of ['2147483648', '99999999999', '-1', '1.5', '1e3', '0']) {
      expect400(await t.get(`/api/data/Super_Admin/${id}`, sa), 'departmentId');
    }
    expect400(await t.get('/api/users?page=2147483648', sa), 'page');
    expect400(await t.get('/api/users?page=-1', sa), 'page');
    expect400(await t.get('/api/users?page=1.5', sa), 'page');
  });
});

describe('repeated query parameters', () => {
  it('are 400 naming the parameter', async () => {
    const admin = await t.login('admin');
    expect400(await t.get('/api/users?page=1&page=2', admin), 'page', /once/);
    expect400(await t.get('/api/users?role=Faculty&role=Observer', admin), 'role', /once/);
    // refetch as a list used to reach `.split` on an array: a 500.
    expect400(await t.get('/api/sync/changes?refetch=users:a&refetch=users:b', admin), 'refetch', /once/);
    expect400(await t.get('/api/sync/changes?since=0&since=1', admin), 'since', /once/);
    expect((await t.get('/api/users?page=1', admin)).statusCode).toBe(200);
  });
});

describe('empty bodies with a JSON content type', () => {
  it('are accepted where the route needs no body (the client sends the header on every call)', async () => {
    const sa = await t.login('superadmin');
    // Before: 400 "Body cannot be empty when content-type is set to 'application/json'".
    expect((await raw('DELETE', `/api/observation/${randomUUID()}`, '', sa)).statusCode).toBe(404);
    expect((await raw('GET', '/api/auth/me', '', sa)).statusCode).toBe(200);
    expect((await raw('POST', '/api/auth/logout', '', sa)).statusCode).toBe(200);
  });

  it('are 400 naming the missing field where the route needs one', async () => {
    expect400(await raw('POST', '/api/auth/login', ''), 'email');
    const observer = await t.login('observer');
    expect400(await raw('POST', '/api/observation/scheduling', '', observer), 'observationsId');
    const admin = await t.login('admin');
    expect400(await raw('PUT', '/api/template/Teaching', '  ', admin), 'stepId');
  });
});

describe('fields longer than their limit', () => {
  it('are 400 naming the field, with the limit', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(TEXT_MAX.email - 64 - 5)}.edu`;
    expect(email.length).toBe(TEXT_MAX.email);
    expect400(await t.post('/api/auth/login', { email: `${email}x`, password: 'x' }), 'email', /at most 254/);

    const faculty = await t.loginUser('faculty');
    const reset = { oldPassword: 'observa-demo', newPassword: 'p'.repeat(TEXT_MAX.password + 1), confirmPassword: 'x' };
    expect400(await t.put('/api/auth/reset-password', reset, faculty.token), 'newPassword', /at most 256/);
    expect400(await t.put(`/api/user/update/${faculty.id}`, { phone: '1'.repeat(TEXT_MAX.line + 1) }, faculty.token), 'phone', /at most 200/);

    const hod = await t.login('hod');
    expect400(await t.post('/api/course', await courseBody({ courseCode: 'C'.repeat(TEXT_MAX.code + 1) }), hod), 'courseCode', /at most 40/);

    const admin = await t.login('admin');
    const body = 'word '.repeat(TEXT_MAX.emailTemplate / 5) + 'x';
    expect400(await t.put('/api/email/CreateUser', { email: body }, admin), 'email', /at most 20000/);
    expect400(await t.post(`/api/observation/${randomUUID()}/messages`, { body: 'x'.repeat(TEXT_MAX.chat + 1) }, faculty.token), 'body', /at most 5000/);
  });

  it('a login email is one plain address: lists and display names get the SPEC message', async () => {
    for (const email of [`${DEMO.faculty},${DEMO.admin}`, `${DEMO.faculty};x@university.edu`, `Fatima <${DEMO.faculty}>`, `"f"@university.edu`]) {
      const res = await t.post('/api/auth/login', { email, password: 'observa-demo' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ error: MSG.invalidLoginEmail });
    }
    const sa = await t.login('superadmin');
    const res = await t.post('/api/auth/create', { name: 'Zed', email: `Zed <zed@university.edu>`, password: 'long-enough', role: 'Admin' }, sa);
    expect(res.json()).toEqual({ error: MSG.invalidEmail });
  });
});

describe('bodies over the route limit and crafted patterns', () => {
  it('answer 413 before reading them, and the crafted login email no longer stalls the server', async () => {
    const crafted = `a@${'a.'.repeat(60 * 1024)}@`;
    const started = performance.now();
    const res = await t.post('/api/auth/login', { email: crafted, password: 'x' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large!' });
    // Within the login limit (4 KiB) the address is bounded by its 254-character limit before any check runs.
    const bounded = await t.post('/api/auth/login', { email: `a@${'a.'.repeat(1000)}@`, password: 'x' });
    expect400(bounded, 'email', /at most 254/);
    expect(performance.now() - started).toBeLessThan(1000);

    const hod = await t.login('hod');
    const huge = await courseBody({ name: 'x'.repeat(200 * 1024) });
    expect((await t.post('/api/course', huge, hod)).statusCode).toBe(413);
  });

  it('write-ups of many blank lines are checked quickly', async () => {
    // The plan routes carry the largest bodies: a 20 000-character answer of blank lines is refused fast.
    const faculty = await t.login('faculty');
    const started = performance.now();
    const res = await t.put('/api/observation/scheduling', { observationsId: randomUUID(), templateResponse: [{ id: 'x', response: '\n'.repeat(TEXT_MAX.planAnswer + 1) }] }, faculty);
    expect400(res, 'templateResponse.0.response', /at most 20000/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a body nested hundreds of thousands deep is a 400, not a stack overflow', async () => {
    // 1 MiB route: 400 000 nested arrays fit in its limit; a recursive walk of the body overflowed the stack.
    const faculty = await t.login('faculty');
    const depth = 400_000;
    const deep = `{"observationsId":"${randomUUID()}","templateResponse":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
    const res = await raw('PUT', '/api/observation/scheduling', deep, faculty);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toHaveProperty('error');
    // Path parameters are checked as well.
    expect400(await t.get('/api/observation/%00/messages', faculty), 'params.id', /NUL/);
  });
});
