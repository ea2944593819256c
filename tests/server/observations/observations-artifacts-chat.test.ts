import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARTIFACT_MAX_BYTES } from '../../../src/shared/constants.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, bothObservationsDone, doc, initiate, key, type Actors } from '../support/observations-fixture.js';
import { SAMPLES, uploadArtifact, writeUpload } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
let id: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-art-'));
  t = await createTestApp({ config: { dataDir } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  id = await initiate(t, a);
});
afterAll(() => t?.close());

async function withPost() {
  await bothObservationsDone(t, a, id);
  const postId = randomUUID();
  const res = await t.post('/api/observation/post-scheduling', { observationsId: id, id: postId, timeSlotsByObserver: ['2026-10-05T09:00:00Z'], location: 'Room 1' }, a.observer, key());
  expect(res.statusCode).toBe(201);
  return postId;
}

describe('POST /api/upload-artifact/:id and GET /api/artifacts/:id/file', () => {
  it('checks the type by content, stores under a generated name and serves it to those who may see the observation', async () => {
    const postId = await withPost();
    for (const kind of ['pdf', 'docx', 'jpeg', 'png', 'mp4'] as const) {
      const res = await uploadArtifact(t, postId, a.faculty, kind, `../../etc/My "plan" ${kind}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ type: kind, fileURL: `/api/artifacts/${res.json().id}/file` });
    }
    const stored = readdirSync(path.join(dataDir, 'artifacts'));
    expect(stored.every((f) => /^[0-9a-f-]{36}\.(pdf|docx|jpeg|png|mp4)$/.test(f))).toBe(true);
    const arts = (await doc(t, id, a.observer)).meetings.postObservation.artifacts;
    expect(arts.map((x: { type: string }) => x.type)).toEqual(['pdf', 'docx', 'jpeg', 'png', 'mp4']);

    const pdf = arts[0];
    for (const token of [a.observer, a.faculty, a.hod, a.superadmin]) {
      const res = await t.get(pdf.fileURL, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.headers['content-disposition']).toBe(`inline; filename=".._.._etc_My _plan_ pdf.pdf"; filename*=UTF-8''.._.._etc_My%20_plan_%20pdf.pdf`);
    }
    expect((await t.get(pdf.fileURL, a.hodMath)).statusCode).toBe(403);
    expect((await t.get(pdf.fileURL, a.faculty2)).statusCode).toBe(403);
    expect((await t.get(pdf.fileURL)).statusCode).toBe(401);
    expect((await t.get(`/api/artifacts/${randomUUID()}/file`, a.observer)).statusCode).toBe(404);
    expect((await t.get(arts[4].fileURL, a.observer)).headers['content-type']).toBe('video/mp4');
  });

  it('refuses other types, missing uploads, path tricks, oversize files, and anyone but the faculty member', async () => {
    const postId = await withPost();
    for (const kind of ['exe', 'html', 'zip'] as const) {
      const res = await uploadArtifact(t, postId, a.faculty, kind);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.artifactTypeNotAllowed });
    }
    const reg = (body: object, token = a.faculty) => t.post(`/api/upload-artifact/${postId}`, { name: 'x.pdf', ...body }, token, key());
    expect((await reg({ uploadId: 'nope' })).json()).toEqual({ error: MSG.uploadNotFound });
    expect((await reg({ uploadId: 'a'.repeat(32) })).json()).toEqual({ error: MSG.uploadNotFound });
    // someone else's upload, and an unfinished one
    expect((await reg({ uploadId: writeUpload(t, SAMPLES.pdf(), a.ids.observer) })).json()).toEqual({ error: MSG.uploadNotFound });
    expect((await reg({ uploadId: writeUpload(t, SAMPLES.pdf(), a.ids.faculty, { complete: false }) })).json()).toEqual({ error: MSG.uploadNotFound });
    expect((await reg({ uploadId: '../../db' })).json()).toEqual({ error: MSG.uploadNotFound });
    expect((await reg({ fileURL: '/api/files/..%2F..%2Fsecret' })).json()).toEqual({ error: MSG.uploadNotFound });
    expect((await reg({})).json()).toEqual({ error: MSG.uploadNotFound });

    const big = writeUpload(t, SAMPLES.pdf(), a.ids.faculty);
    truncateSync(path.join(dataDir, 'uploads', big), ARTIFACT_MAX_BYTES + 1);
    writeFileSync(path.join(dataDir, 'uploads', `${big}.json`), JSON.stringify({ size: ARTIFACT_MAX_BYTES + 1, metadata: { owner: a.ids.faculty } }));
    const tooBig = await reg({ uploadId: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: MSG.artifactTooLarge });

    expect((await uploadArtifact(t, postId, a.observer, 'pdf')).statusCode).toBe(403);
    expect((await uploadArtifact(t, postId, a.hod, 'pdf')).statusCode).toBe(403);
    expect((await uploadArtifact(t, randomUUID(), a.faculty, 'pdf')).statusCode).toBe(404);
    // the observation id names its post-observation meeting too
    expect((await uploadArtifact(t, id, a.faculty, 'png')).statusCode).toBe(201);
  });

  it('a replayed registration answers the stored artifact; deleting the observation removes the files', async () => {
    const postId = await withPost();
    const uploadId = writeUpload(t, SAMPLES.png(), a.ids.faculty);
    const headers = key();
    const body = { id: randomUUID(), uploadId, name: 'photo.png' };
    const r1 = await t.post(`/api/upload-artifact/${postId}`, body, a.faculty, headers);
    const r2 = await t.post(`/api/upload-artifact/${postId}`, body, a.faculty, headers);
    expect(r1.statusCode).toBe(201);
    expect(r2.headers['idempotent-replay']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
    expect((await doc(t, id, a.faculty)).meetings.postObservation.artifacts).toHaveLength(1);

    const before = readdirSync(path.join(dataDir, 'artifacts'));
    expect((await t.del(`/api/observation/${id}`, a.superadmin, key())).statusCode).toBe(200);
    // files are removed right after the reply (only once the delete committed)
    await vi.waitFor(() => expect(readdirSync(path.join(dataDir, 'artifacts')).length).toBe(before.length - 1));
    expect(existsSync(path.join(dataDir, 'uploads', uploadId))).toBe(false);
  });

  it('no artifacts before the meeting exists', async () => {
    expect((await uploadArtifact(t, id, a.faculty, 'pdf')).statusCode).toBe(404);
  });
});

describe('chat: /api/observation/:id/messages', () => {
  it('observer, faculty and HOD write; readers see the conversation in order; others are refused', async () => {
    const msgId = randomUUID();
    const first = await t.post(`/api/observation/${id}/messages`, { id: msgId, body: '  Hello, when suits you?  ' }, a.observer, key());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: msgId, observationId: id, authorId: a.ids.observer, authorName: 'Olivia Brennan', authorRole: 'Observer', body: 'Hello, when suits you?' });
    expect((await t.post(`/api/observation/${id}/messages`, { body: 'Monday please' }, a.faculty, key())).statusCode).toBe(201);
    expect((await t.post(`/api/observation/${id}/messages`, { body: 'Noted.' }, a.hod, key())).statusCode).toBe(201);
    expect((await t.post(`/api/observation/${id}/messages`, { body: '   ' }, a.hod, key())).json()).toEqual({ error: MSG.emptyMessage });
    expect((await t.post(`/api/observation/${id}/messages`, { body: 'hi' }, a.superadmin, key())).statusCode).toBe(403);
    expect((await t.post(`/api/observation/${id}/messages`, { body: 'hi' }, a.hodMath, key())).statusCode).toBe(403);
    expect((await t.post(`/api/observation/${id}/messages`, { body: 'hi' }, a.faculty2, key())).statusCode).toBe(403);

    const list = await t.get(`/api/observation/${id}/messages`, a.superadmin);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { body: string }) => m.body)).toEqual(['Hello, when suits you?', 'Monday please', 'Noted.']);
    expect((await t.get(`/api/observation/${id}/messages`, a.observer2)).statusCode).toBe(403);

    // A replay is the same request (the outbox resends the same args); another body under the key is a 422.
    const headers = key();
    const onceId = randomUUID();
    const r1 = await t.post(`/api/observation/${id}/messages`, { id: onceId, body: 'once' }, a.faculty, headers);
    const r2 = await t.post(`/api/observation/${id}/messages`, { id: onceId, body: 'once' }, a.faculty, headers);
    expect(r2.json()).toEqual(r1.json());
    expect((await t.get(`/api/observation/${id}/messages`, a.hod)).json()).toHaveLength(4);
    const dup = await t.post(`/api/observation/${id}/messages`, { id: msgId, body: 'again' }, a.faculty, key());
    expect(dup.statusCode).toBe(409);
  });
});
