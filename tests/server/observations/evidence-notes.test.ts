/**
 * Evidence notes on PGlite (and PostgreSQL with OBSERVA_TEST_DB=postgres): evidence notes, their photos, the agreement
 * agenda and the audit trail, through the real REST API and sync feed. Visibility per role is the point: the
 * observer, the HOD and Super_Admin see every note; the faculty member only shared notes of a locked rubric and a
 * shared agenda — and never an observer score anywhere; Admin, Campus_Director, other departments: 403.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, evidenceNotes } from '../../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, initiate, key, lock, rubricIds, scheduleDone, scoreAll, type Actors } from '../support/observations-fixture.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
let id: string;
let items: { id: string; code: string }[];
let director: string;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-notes-')) } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  director = await t.login('director');
  id = await initiate(t, a);
  items = await rubricIds(t);
});
afterAll(() => t?.close());

const notesUrl = (obs = id) => `/api/observation/${obs}/notes`;

async function addNote(body: Record<string, unknown>, token = a.observer, obs = id) {
  return t.post(notesUrl(obs), { id: randomUUID(), kind: 'informed', body: 'Students pair up for the warm-up.', offsetSeconds: 90, ...body }, token, key());
}

async function okNote(body: Record<string, unknown> = {}) {
  const res = await addNote(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; shared: boolean; photoURL: string | null };
}

/** Scores the informed rubric (faculty 3 everywhere; observer 2, but 0 on group 1-A) and locks it. */
async function scoreAndLockInformed() {
  await scoreAll(t, 'informed', id, a.observer, 2);
  await scoreAll(t, 'informed', id, a.faculty, 3);
  // A real disagreement on one group: the observer (who may re-save until the lock) lowers 1-A to 0.
  const group = items.filter((i) => i.code === '1-A').map((i) => ({ id: i.id, score: 0 }));
  expect((await t.put('/api/observation/informed', { observationsId: id, rubricsFinal: group }, a.observer, key())).statusCode).toBe(200);
  expect((await t.put('/api/observation/informed', { observationsId: id, submit: true }, a.observer, key())).statusCode).toBe(200);
  expect((await lock(t, 'informed', id, a.observer)).statusCode).toBe(200);
}

async function pull(token: string) {
  const res = await t.get('/api/sync/changes?since=0&limit=2000', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { changes: { entity: string; id: string; version: number; data: Record<string, unknown> | null }[]; cursor: string };
}

const OBSERVER_SCORE = /"observerScore":\s*-?\d/;

describe('evidence notes: writing', () => {
  it('the observer writes, edits and deletes notes while the rubric is open; stamped offsets and rubric tags are kept', async () => {
    await scheduleDone(t, a, id);
    const n = await okNote({ rubricItemIds: [items[0].id, items[1].id, items[0].id], offsetSeconds: 754 });
    const list = (await t.get(notesUrl(), a.observer)).json() as { id: string; offsetSeconds: number; rubricItemIds: string[]; kind: string }[];
    expect(list).toEqual([expect.objectContaining({ id: n.id, offsetSeconds: 754, rubricItemIds: [items[0].id, items[1].id], kind: 'informed' })]);

    const edited = await t.put(`${notesUrl()}/${n.id}`, { body: 'Pairs: 12 of 14 on task.', rubricItemIds: [items[2].id] }, a.observer, key());
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Pairs: 12 of 14 on task.', rubricItemIds: [items[2].id], offsetSeconds: 754 });

    const gone = await okNote();
    expect((await t.del(`${notesUrl()}/${gone.id}`, a.observer, key())).statusCode).toBe(200);
    expect(((await t.get(notesUrl(), a.observer)).json() as unknown[]).length).toBe(1);
    expect((await t.del(`${notesUrl()}/${gone.id}`, a.observer, key())).statusCode).toBe(404);
  });

  it('only the observation’s observer writes; everyone else 403 (HOD, faculty, Super_Admin, another observer)', async () => {
    await scheduleDone(t, a, id);
    for (const token of [a.hod, a.faculty, a.superadmin, a.observer2, a.admin]) expect((await addNote({}, token)).statusCode).toBe(403);
    const n = await okNote();
    for (const token of [a.hod, a.faculty, a.superadmin]) {
      expect((await t.put(`${notesUrl()}/${n.id}`, { shared: true }, token, key())).statusCode).toBe(403);
      expect((await t.del(`${notesUrl()}/${n.id}`, token, key())).statusCode).toBe(403);
    }
  });

  it('bad input is a 400 naming the field; no rubric yet or a reused id is a 409; unknown ids 404', async () => {
    expect((await addNote({})).statusCode).toBe(409); // informed observation not started
    await scheduleDone(t, a, id);
    const cases: [Record<string, unknown>, string][] = [
      [{ body: '' }, 'body'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(2001) }, 'body'],
      [{ offsetSeconds: -1 }, 'offsetSeconds'],
      [{ offsetSeconds: 1.5 }, 'offsetSeconds'],
      [{ kind: 'post' }, 'kind'],
      [{ id: 'not-a-uuid' }, 'id'],
      [{ rubricItemIds: ['nope'] }, 'rubricItemIds'],
      [{ rubricItemIds: [randomUUID()] }, 'rubricItemIds'],
      [{ shared: 'yes' }, 'shared'],
    ];
    for (const [body, field] of cases) {
      const res = await addNote(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(field);
    }
    const n = await okNote();
    expect((await addNote({ id: n.id })).statusCode).toBe(409);
    expect((await t.put(`${notesUrl()}/${randomUUID()}`, { shared: true }, a.observer, key())).statusCode).toBe(404);
    expect((await t.put(`${notesUrl()}/xyz`, { shared: true }, a.observer, key())).statusCode).toBe(404);
    expect((await addNote({}, a.observer, randomUUID())).statusCode).toBe(404);
  });

  it('after the lock the content is frozen (409) but sharing may still change', async () => {
    await scheduleDone(t, a, id);
    const n = await okNote();
    await scoreAndLockInformed();
    expect((await addNote({})).statusCode).toBe(409);
    expect((await t.put(`${notesUrl()}/${n.id}`, { body: 'later' }, a.observer, key())).statusCode).toBe(409);
    expect((await t.put(`${notesUrl()}/${n.id}`, { offsetSeconds: 3 }, a.observer, key())).statusCode).toBe(409);
    expect((await t.del(`${notesUrl()}/${n.id}`, a.observer, key())).statusCode).toBe(409);
    const share = await t.put(`${notesUrl()}/${n.id}`, { shared: true }, a.observer, key());
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().shared).toBe(true);
  });
});

describe('evidence notes: who sees what', () => {
  it('observer, HOD and Super_Admin see every note; Admin, Campus_Director and other departments 403; faculty only shared notes after the lock', async () => {
    await scheduleDone(t, a, id);
    const shared = await okNote({ body: 'Shared: clear learning goal on the board.', shared: true, rubricItemIds: [items[0].id] });
    const privateNote = await okNote({ body: 'Private: check pacing next time.', rubricItemIds: [items[0].id] });
    for (const token of [a.observer, a.hod, a.superadmin]) {
      const res = await t.get(notesUrl(), token);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { id: string }[]).map((n) => n.id).sort()).toEqual([shared.id, privateNote.id].sort());
    }
    for (const token of [a.admin, director, a.hodMath, a.observer2, a.faculty2]) expect((await t.get(notesUrl(), token)).statusCode).toBe(403);
    // Before the lock the faculty member sees nothing, not even the shared note.
    expect((await t.get(notesUrl(), a.faculty)).json()).toEqual([]);
    expect((await pull(a.faculty)).changes.filter((c) => c.entity === 'notes' && c.data)).toEqual([]);

    await scoreAndLockInformed();
    const facultyList = (await t.get(notesUrl(), a.faculty)).json() as { id: string; body: string }[];
    expect(facultyList.map((n) => n.id)).toEqual([shared.id]);
    expect(JSON.stringify(facultyList)).not.toContain('Private');
  });

  it('sync feed per viewer: the lock brings shared notes to faculty, unsharing sends them a tombstone; Admin gets no notes', async () => {
    await scheduleDone(t, a, id);
    const n = await okNote({ body: 'Shared from the start.', shared: true });
    const hidden = await okNote({ body: 'Never shared.' });
    const before = await pull(a.faculty);
    expect(before.changes.filter((c) => c.entity === 'notes' && c.data !== null)).toEqual([]);

    await scoreAndLockInformed(); // the lock moves the notes' versions (migration 0005)
    const cursor = before.cursor;
    const afterLock = (await t.get(`/api/sync/changes?since=${cursor}`, a.faculty)).json() as Awaited<ReturnType<typeof pull>>;
    const notes = afterLock.changes.filter((c) => c.entity === 'notes');
    expect(notes.find((c) => c.id === n.id)?.data).toMatchObject({ body: 'Shared from the start.', shared: true });
    expect(notes.find((c) => c.id === hidden.id)?.data ?? null).toBeNull();

    expect((await t.put(`${notesUrl()}/${n.id}`, { shared: false }, a.observer, key())).statusCode).toBe(200);
    const afterUnshare = (await t.get(`/api/sync/changes?since=${afterLock.cursor}`, a.faculty)).json() as Awaited<ReturnType<typeof pull>>;
    expect(afterUnshare.changes.filter((c) => c.entity === 'notes')).toEqual([expect.objectContaining({ id: n.id, data: null })]);

    const hodFeed = await pull(a.hod);
    expect(hodFeed.changes.filter((c) => c.entity === 'notes' && c.data).map((c) => c.id).sort()).toEqual([n.id, hidden.id].sort());
    expect((await pull(a.admin)).changes.filter((c) => c.entity === 'notes')).toEqual([]);
    expect((await pull(director)).changes.filter((c) => c.entity === 'notes')).toEqual([]);
    expect((await pull(a.observer2)).changes.filter((c) => c.entity === 'notes')).toEqual([]);

    // Deleted notes arrive as tombstones for everyone who had them.
    const other = await initiate(t, a, a.ids.faculty2);
    await scheduleDone(t, { ...a, faculty: a.faculty2, ids: { ...a.ids, faculty: a.ids.faculty2 } }, other);
    const del = await addNote({}, a.observer, other);
    expect(del.statusCode, del.body).toBe(201);
    const mid = await pull(a.observer);
    expect((await t.del(`${notesUrl(other)}/${del.json().id}`, a.observer, key())).statusCode).toBe(200);
    const after = (await t.get(`/api/sync/changes?since=${mid.cursor}`, a.observer)).json() as Awaited<ReturnType<typeof pull>>;
    expect(after.changes).toContainEqual(expect.objectContaining({ entity: 'notes', id: del.json().id, data: null }));
  });
});

describe('note photos', () => {
  it('a finished JPEG/PNG upload of the observer becomes the note’s photo, served to who may see the note', async () => {
    await scheduleDone(t, a, id);
    const n = await okNote({ shared: true });
    const url = `${notesUrl()}/${n.id}/photo`;
    const pdf = writeUpload(t, SAMPLES.pdf(), a.ids.observer);
    expect((await t.put(url, { fileURL: `/api/files/${pdf}` }, a.observer, key())).statusCode).toBe(400);
    const foreign = writeUpload(t, SAMPLES.jpeg(), a.ids.faculty);
    expect((await t.put(url, { uploadId: foreign }, a.observer, key())).statusCode).toBe(400);
    const jpeg = writeUpload(t, SAMPLES.jpeg(), a.ids.faculty);
    expect((await t.put(url, { uploadId: jpeg }, a.faculty, key())).statusCode).toBe(403);

    const mine = writeUpload(t, SAMPLES.jpeg(), a.ids.observer);
    const res = await t.put(url, { fileURL: `/api/files/${mine}` }, a.observer, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photoURL).toBe(url);
    for (const token of [a.observer, a.hod, a.superadmin]) {
      const img = await t.get(url, token);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    expect((await t.get(url, a.faculty)).statusCode).toBe(404); // not locked yet
    expect((await t.get(url, a.admin)).statusCode).toBe(403);
    await scoreAndLockInformed();
    expect((await t.get(url, a.faculty)).statusCode).toBe(200);
    const again = writeUpload(t, SAMPLES.png(), a.ids.observer);
    expect((await t.put(url, { uploadId: again }, a.observer, key())).statusCode).toBe(409);

    // Deleting the observation removes the photo's file with it.
    const [row] = await t.db.select({ key: evidenceNotes.photoKey }).from(evidenceNotes).where(eq(evidenceNotes.id, n.id));
    expect(await t.app.deps.storage.artifactSize(row!.key!)).toBeGreaterThan(0);
    expect((await t.del(`/api/observation/${id}`, a.superadmin, key())).statusCode).toBe(200);
    // The route removes files after the answer is sent: wait for it.
    await expect.poll(() => t.app.deps.storage.artifactSize(row!.key!), { timeout: 10_000 }).toBeNull();
  });
});

describe('agreement agenda', () => {
  it('written by the observer once a rubric is locked; the faculty member reads it once shared; it never carries scores', async () => {
    await scheduleDone(t, a, id);
    const agenda = { items: [{ rubricItemId: items[0].id, text: 'Talk about the warm-up: you rated it 3, I saw 0.' }], summary: 'Start with strengths.', shared: false };
    expect((await t.put(`/api/observation/${id}/agenda`, agenda, a.observer, key())).statusCode).toBe(409);
    await scoreAndLockInformed();
    for (const token of [a.faculty, a.hod, a.superadmin, a.admin]) expect((await t.put(`/api/observation/${id}/agenda`, agenda, token, key())).statusCode).toBe(403);
    const bad = await t.put(`/api/observation/${id}/agenda`, { ...agenda, items: [{ rubricItemId: randomUUID(), text: 'x' }] }, a.observer, key());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('items');
    expect((await t.put(`/api/observation/${id}/agenda`, { ...agenda, summary: 'x'.repeat(5001) }, a.observer, key())).json().error).toContain('summary');

    const saved = await t.put(`/api/observation/${id}/agenda`, agenda, a.observer, key());
    expect(saved.statusCode, saved.body).toBe(200);
    for (const token of [a.observer, a.hod, a.superadmin]) expect((await t.get(`/api/observation/${id}/agenda`, token)).statusCode).toBe(200);
    expect((await t.get(`/api/observation/${id}/agenda`, a.faculty)).statusCode).toBe(404);
    expect((await t.get(`/api/observation/${id}/agenda`, a.admin)).statusCode).toBe(403);
    expect((await pull(a.faculty)).changes.filter((c) => c.entity === 'agendas' && c.data)).toEqual([]);

    expect((await t.put(`/api/observation/${id}/agenda`, { ...agenda, shared: true }, a.observer, key())).statusCode).toBe(200);
    const got = await t.get(`/api/observation/${id}/agenda`, a.faculty);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ shared: true, items: agenda.items });
    expect((await pull(a.faculty)).changes.filter((c) => c.entity === 'agendas' && c.data)).toHaveLength(1);
  });

  it('faculty’s answers never contain observer scores: notes, agenda, observation and the whole sync feed', async () => {
    await scheduleDone(t, a, id);
    await okNote({ shared: true, rubricItemIds: [items[0].id] });
    await scoreAndLockInformed();
    await t.put(`/api/observation/${id}/agenda`, { items: [{ rubricItemId: items[0].id, text: 'Warm-up' }], shared: true }, a.observer, key());
    // The observer does see scores (sanity: the pattern would catch them).
    expect(JSON.stringify((await t.get(`/api/observation/${id}`, a.observer)).json())).toMatch(OBSERVER_SCORE);
    const answers = [
      (await t.get(notesUrl(), a.faculty)).body,
      (await t.get(`/api/observation/${id}/agenda`, a.faculty)).body,
      (await t.get(`/api/observation/${id}`, a.faculty)).body,
      JSON.stringify(await pull(a.faculty)),
    ];
    for (const body of answers) expect(body).not.toMatch(OBSERVER_SCORE);
  });
});

describe('audit trail', () => {
  it('who did what and when, with the device time of offline changes; observer, HOD and Super_Admin only', async () => {
    await scheduleDone(t, a, id);
    const deviceTime = Date.parse('2026-09-14T09:12:00.000Z');
    const offline = await t.post(notesUrl(), { id: randomUUID(), kind: 'informed', body: 'Written offline', offsetSeconds: 720 }, a.observer, { ...key(), 'x-client-time': String(deviceTime), 'x-client-id': 'tablet-1' });
    expect(offline.statusCode, offline.body).toBe(201);
    // Through the batched push: the row's clientTime.
    const pushed = await t.post(
      '/api/sync/push',
      { rows: [{ mutationId: randomUUID(), name: 'note.create', clientTime: deviceTime + 60_000, args: { observationId: id, id: randomUUID(), kind: 'informed', body: 'Batched', offsetSeconds: 780 } }] },
      a.observer,
    );
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().results[0].status).toBe(201);
    // A nonsense device time is ignored, never a refusal.
    expect((await addNote({}, a.observer)).statusCode).toBe(201);
    expect((await t.post(notesUrl(), { id: randomUUID(), kind: 'informed', body: 'x', offsetSeconds: 1 }, a.observer, { ...key(), 'x-client-time': 'yesterday' })).statusCode).toBe(201);

    for (const token of [a.observer, a.hod, a.superadmin]) {
      const res = await t.get(`/api/observation/${id}/audit`, token);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { action: string; actorName: string; at: string; clientTime: string | null }[];
      expect(rows[0]).toMatchObject({ action: 'observation.initiate', actorName: 'Hassan Okafor' });
      const noteRows = rows.filter((r) => r.action === 'note.create');
      expect(noteRows.map((r) => r.clientTime)).toEqual([new Date(deviceTime).toISOString(), new Date(deviceTime + 60_000).toISOString(), null, null]);
      expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['scheduling.create', 'note.create']));
    }
    for (const token of [a.faculty, a.admin, director, a.hodMath, a.observer2]) expect((await t.get(`/api/observation/${id}/audit`, token)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${randomUUID()}/audit`, a.observer)).statusCode).toBe(404);
    const [stored] = await t.db.select().from(auditLog).where(eq(auditLog.clientId, 'tablet-1'));
    expect(stored?.observationId).toBe(id);
  });
});
