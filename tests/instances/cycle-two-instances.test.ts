/**
 * Proven with two instances: two real server processes on one PostgreSQL database and one
 * S3-compatible store (@20minutes/s3rver, a real S3 server on 127.0.0.1) drive a whole observation cycle, each
 * step sent to the other process than the one before:
 *
 *   A: HOD initiates ─► B: observer starts scheduling ─► A: faculty plan + slots ─► B: observer slot …
 *   scores saved on one, submitted on the other, locked on the first ─► post-observation meeting ─►
 *   an artifact upload begun on A, continued on B, registered on A, downloaded from B (bytes equal) ─►
 *   A: faculty signs out ─► B refuses that token (401) within a second.
 *
 * Nothing is shared between the processes but the database and the bucket. Always on PostgreSQL (127.0.0.1:5432,
 * or OBSERVA_TEST_PG_URL), like the other instance tests.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '../../src/shared/contract/observations.js';
import { SAMPLES } from '../server/support/observations-upload.js';
import { nextDayOn, utcDay } from '../../src/shared/class-dates.js';
import { freshPgDatabase, json, startServer, stopServer, type ServerProcess } from './processes.js';

const MiB = 1024 * 1024;
let database: Awaited<ReturnType<typeof freshPgDatabase>>;
let s3dir: string;
let dataDir: string;
let s3: S3rver;
let sql: pg.Client;
let servers: ServerProcess[] = [];
let A = '';
let B = '';

beforeAll(async () => {
  database = await freshPgDatabase();
  s3dir = mkdtempSync(path.join(tmpdir(), 'observa-cycle-s3-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-cycle-data-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'observa-cycle' }] });
  const { port } = await s3.run();
  const env = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    SEED_DEMO_OBSERVATIONS: 'false',
    DATA_DIR: dataDir,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'observa-cycle',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  servers = [startServer(env), startServer(env)];
  [A, B] = await Promise.all(servers.map((s) => s.ready));
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await sql?.end();
  await s3?.close();
  await database?.drop();
  if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const one = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows[0] as T;
const idOf = async (email: string) => (await one<{ id: string }>('select id from users where email = $1', [email])).id;

async function login(url: string, email: string): Promise<string> {
  const r = await json(`${url}/api/auth/login`, 'POST', { email, password: 'observa-demo' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { token: string }).token;
}

/** A write with a fresh Idempotency-Key; expects `status`. */
async function write(url: string, method: string, route: string, body: unknown, token: string, status = 200): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${route} on ${url === A ? 'A' : 'B'}: ${text}`).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function read(url: string, route: string, token: string): Promise<Observation> {
  const r = await json(`${url}/api${route}`, 'GET', undefined, token);
  expect(r.status, `GET ${route}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body as Observation;
}

/** tus 1.0 against a process. */
async function tus(url: string, method: string, route: string, token: string, headers: Record<string, string> = {}, body?: Buffer) {
  return fetch(`${url}${route}`, { method, headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers }, body: body ? new Uint8Array(body) : undefined });
}

describe('an observation cycle driven across two processes (PostgreSQL + S3)', () => {
  it('every step lands whichever process takes it; an upload moves between them; a logout on one holds on the other', { timeout: 240_000 }, async () => {
    const hodA = await login(A, 'hod@university.edu');
    const observerB = await login(B, 'observer@university.edu');
    const facultyA = await login(A, 'faculty@university.edu');
    const ids = { faculty: await idOf('faculty@university.edu'), observer: await idOf('observer@university.edu'), hod: await idOf('hod@university.edu') };

    // ── initiate on A, scheduling started on B
    const obsId = randomUUID();
    await write(A, 'POST', '/observation/initiate', { facultyIds: [ids.faculty], observerId: ids.observer, semester: 'Fall', ids: { [ids.faculty]: obsId } }, hodA, 201);
    const course = await one<{ course_id: string }>('select course_id from slots where faculty_id = $1 order by section_code limit 1', [ids.faculty]);
    const own = (await sql.query('select day, time from slots where faculty_id = $1 and course_id = $2', [ids.faculty, course.course_id])).rows as { day: string; time: string }[];
    await write(B, 'POST', '/observation/scheduling', { observationsId: obsId, facultyId: ids.faculty, courseId: course.course_id }, observerB, 201);

    // ── the teaching plan and slots on A, the observer's choice on B, acceptances crossed, Done on A
    const planned = await read(A, `/observation/${obsId}`, facultyA);
    const steps = planned.obsRequest!.teachingPlan!.steps;
    await write(A, 'PUT', '/observation/scheduling', { observationsId: obsId, templateResponse: steps.map((s) => ({ id: s.id, response: `Plan ${s.id.slice(0, 4)}` })) }, facultyA);
    await write(A, 'PUT', '/observation/scheduling', { observationsId: obsId, timeSlotsByFaculty: own }, facultyA);
    // A class date the rules accept (the slot's weekday, from tomorrow on) …
    const classDay = nextDayOn(utcDay(new Date(), 1), own[0].day);
    await write(B, 'PUT', '/observation/scheduling', { observationsId: obsId, timeSlotByObserver: [own[0]], scheduledOn: `${classDay}T09:00:00.000Z` }, observerB);
    await write(B, 'PUT', '/observation/scheduling', { observationsId: obsId, facultyAccepted: true }, facultyA);
    await write(A, 'PUT', '/observation/scheduling', { observationsId: obsId, observerAccepted: true }, observerB);
    await write(A, 'PUT', '/observation/scheduling', { observationsId: obsId, status: 'Completed', informedId: randomUUID() }, observerB);
    // … and time passes: the class has been held, so the informed rubric may be completed.
    await sql.query('update scheduling_requests set scheduled_on = $1 where observation_id = $2', ['2026-09-14T09:00:00.000Z', obsId]);

    // ── scoring: groups saved on one process, submitted on the other, locked on the first
    const items = (await sql.query('select id, code from rubric_items order by code, position')).rows as { id: string; code: string }[];
    async function score(kind: 'informed' | 'uninformed', token: string, save: string, submit: string, value: number) {
      for (const code of ['1-A', '1-B', '1-C', '1-D']) {
        const group = items.filter((i) => i.code === code).map((i) => ({ id: i.id, score: value }));
        await write(save, 'PUT', `/observation/${kind}`, { observationsId: obsId, rubricsFinal: group }, token);
      }
      await write(submit, 'PUT', `/observation/${kind}`, { observationsId: obsId, submit: true }, token);
    }
    await score('informed', observerB, B, A, 4); // 80
    await score('informed', facultyA, A, B, 3); // 60
    await write(B, 'PUT', '/observation/informed', { observationsId: obsId, status: 'Completed' }, observerB);
    await write(A, 'POST', '/observation/uninformed', { observationsId: obsId, id: randomUUID() }, observerB, 201);
    await score('uninformed', observerB, A, B, 3); // 60
    await score('uninformed', facultyA, B, A, 3); // 60
    await write(A, 'PUT', '/observation/uninformed', { observationsId: obsId, status: 'Completed' }, observerB);

    // Both processes answer the same totals (the HOD reads on B what was written on A and B).
    const scored = await read(B, `/observation/${obsId}`, hodA);
    expect(scored.meetings.informedObservation).toMatchObject({ status: 'Completed', observerScore: 80, facultyScore: 60 });
    expect(scored.meetings.uninformedObservation).toMatchObject({ status: 'Completed', observerScore: 60, facultyScore: 60 });
    // Faculty never receive the observer's score, on either process.
    const facultyView = await read(A, `/observation/${obsId}`, facultyA);
    expect(facultyView.meetings.informedObservation!.observerScore).toBeNull();

    // ── post-observation meeting on B
    const postId = randomUUID();
    const slotId = randomUUID();
    await write(B, 'POST', '/observation/post-scheduling', { observationsId: obsId, id: postId, timeSlotsByObserver: [{ id: slotId, dateTime: '2026-10-05T09:00:00Z' }], location: 'Room 12' }, observerB, 201);
    // ── the reflection plan read on B and sent to A
    const withPost = await read(B, `/observation/${obsId}`, facultyA);
    const reflection = withPost.meetings.postObservation!.reflectionPlan!.steps;
    const narrative = Array.from({ length: 70 }, (_, i) => `reflect${i}`).join(' ');
    await write(A, 'PUT', '/observation/post-scheduling', { observationsId: obsId, templateResponse: reflection.map((s) => ({ id: s.id, response: /Reflective/.test(s.code) ? narrative : `Answer ${s.id.slice(0, 4)}` })) }, facultyA);

    // ── an artifact: 1 MiB sent to A, the rest to B (after B reports A's offset), registered on A, read from B
    const file = Buffer.alloc(6 * MiB + 321);
    SAMPLES.pdf().copy(file);
    for (let i = 100; i < file.length; i++) file[i] = (i * 13 + 7) & 0xff;
    const meta = `filename ${Buffer.from('evidence.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`;
    const created = await tus(A, 'POST', '/api/files', facultyA, { 'upload-length': String(file.length), 'upload-metadata': meta });
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, A).pathname;
    const octets = { 'content-type': 'application/offset+octet-stream' };
    const first = await tus(A, 'PATCH', uploadPath, facultyA, { ...octets, 'upload-offset': '0' }, file.subarray(0, MiB));
    expect(first.status).toBe(204);
    const head = await tus(B, 'HEAD', uploadPath, facultyA);
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(MiB);
    // another user cannot see it on either process
    const observerPeek = await tus(B, 'HEAD', uploadPath, observerB);
    expect(observerPeek.status).toBe(404);
    const rest = await tus(B, 'PATCH', uploadPath, facultyA, { ...octets, 'upload-offset': String(MiB) }, file.subarray(MiB));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
    const artifact = await write(A, 'POST', `/upload-artifact/${postId}`, { fileURL: uploadPath, name: 'evidence.pdf', type: 'pdf' }, facultyA, 201);
    const fileURL = String((artifact.artifact as { fileURL?: string } | undefined)?.fileURL ?? artifact.fileURL);
    const download = await fetch(`${B}${fileURL}`, { headers: { authorization: `Bearer ${observerB}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    // the bytes live in the bucket, not on the processes' disk
    expect((await one<{ n: string }>('select count(*) as n from artifacts where post_observation_id = $1', [postId])).n).toBe('1');
    const inBucket = readdirSync(s3dir, { recursive: true }).map(String);
    expect(inBucket.some((f) => f.includes('artifacts'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'artifacts')) ? readdirSync(path.join(dataDir, 'artifacts')) : []).toEqual([]);
    expect(existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')) : []).toEqual([]);

    // ── with an artifact, the faculty member picks the meeting slot on B; the observer marks it Scheduled on B and Completed on A
    await write(B, 'PUT', '/observation/post-scheduling', { observationsId: obsId, timeSlotByFaculty: slotId }, facultyA);
    await write(B, 'PUT', '/observation/post-scheduling', { observationsId: obsId, status: 'Scheduled' }, observerB);
    await write(A, 'PUT', '/observation/post-scheduling', { observationsId: obsId, status: 'Completed' }, observerB);
    const done = await read(A, `/observation/${obsId}`, hodA);
    expect(done.status).toBe('Completed');
    expect(done.meetings.postObservation!.artifacts).toHaveLength(1);
    // (80 + 60) / 160 = 87.5 % informed; (60 + 60) / 160 = 75 % uninformed
    expect(done.meetings.informedObservation!.percentage).toBeCloseTo(87.5, 1);
    expect(done.meetings.uninformedObservation!.percentage).toBeCloseTo(75, 1);

    // ── a logout on A is honoured by B within a second (B may answer from its half-second session cache)
    expect((await json(`${B}/api/auth/me`, 'GET', undefined, facultyA)).status).toBe(200);
    expect((await json(`${A}/api/auth/logout`, 'POST', {}, facultyA)).status).toBe(200);
    const loggedOut = Date.now();
    let after = await json(`${B}/api/auth/me`, 'GET', undefined, facultyA);
    while (after.status === 200 && Date.now() - loggedOut < 3_000) {
      await new Promise((r) => setTimeout(r, 50));
      after = await json(`${B}/api/auth/me`, 'GET', undefined, facultyA);
    }
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: expect.any(String) });
    expect(Date.now() - loggedOut).toBeLessThan(1_000);
  });
});
