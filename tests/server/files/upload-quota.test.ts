/**
 * The upload quota counts every stored byte a user owns: unfinished uploads, artifacts, note photos and the
 * profile picture (services/uploads/quota.ts bytesOwnedBy). A photo attached to a note keeps counting against
 * its uploader, so an observer cannot fill the disk by attaching one photo after another.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evidenceNotes, users } from '../../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { createUpload } from '../support/files-tus.js';
import { actors, initiate, key, scheduleDone, type Actors } from '../support/observations-fixture.js';
import { writeUpload } from '../support/observations-upload.js';

const QUOTA = 60_000;
let t: TestApp;
let a: Actors;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-quota-'));
  t = await createTestApp({ config: { dataDir, uploadQuotaBytes: QUOTA } });
}, 60_000);
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A JPEG of about `bytes` bytes (noise compresses badly, so its size follows its dimensions). */
async function photo(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 1.5));
  const raw = Buffer.from(Array.from({ length: side * side * 3 }, (_, i) => (i * 7919) % 251));
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

const used = async (token: string) => {
  const res = await t.get('/api/files/limits', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { usedBytes: number; remainingBytes: number; quotaBytes: number };
};

/** An open informed rubric of a fresh observation: notes can be written and given photos. */
async function openRubric(): Promise<string> {
  const id = await initiate(t, a);
  await scheduleDone(t, a, id);
  return id;
}

async function noteWithPhoto(obs: string, bytes: Buffer): Promise<string> {
  const noteId = randomUUID();
  const n = await t.post(`/api/observation/${obs}/notes`, { id: noteId, kind: 'informed', body: 'Evidence', offsetSeconds: 5 }, a.observer, key());
  expect(n.statusCode, n.body).toBe(201);
  const uploadId = writeUpload(t, bytes, a.ids.observer);
  const p = await t.put(`/api/observation/${obs}/notes/${noteId}/photo`, { uploadId }, a.observer, key());
  expect(p.statusCode, p.body).toBe(200);
  return noteId;
}

describe('upload quota: every stored byte a user owns', () => {
  it('a note photo keeps counting against its uploader; uploads past the quota are refused (413) until it is deleted', async () => {
    const obs = await openRubric();
    const first = await photo(20_000);
    const noteA = await noteWithPhoto(obs, first);
    expect((await used(a.observer)).usedBytes).toBe(first.length);
    const second = await photo(20_000);
    await noteWithPhoto(obs, second);
    const now = await used(a.observer);
    expect(now.usedBytes).toBe(first.length + second.length);
    // What is left is what can be uploaded: one byte more is refused at creation.
    const over = await createUpload(t.app, a.observer, now.remainingBytes + 1, 'image/jpeg', 'c.jpg');
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual(expect.any(String));
    expect((await createUpload(t.app, a.observer, now.remainingBytes, 'image/jpeg', 'c.jpg')).statusCode).toBe(201);
    // Deleting a note frees its photo's bytes (the pending upload above still counts).
    expect((await t.del(`/api/observation/${obs}/notes/${noteA}`, a.observer, key())).statusCode).toBe(200);
    expect((await used(a.observer)).usedBytes).toBe(second.length + now.remainingBytes);
    // Another user's quota is untouched by the observer's photos.
    expect((await used(a.faculty)).usedBytes).toBe(0);
  });

  it('a profile picture counts, replaced pictures do not; sizes of files stored before they were recorded are measured', async () => {
    const token = a.faculty;
    const picture = await photo(10_000);
    const uploadId = writeUpload(t, picture, a.ids.faculty);
    const set = await t.put('/api/user/avatar', { uploadId }, token, key());
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await t.db.select({ size: users.avatarSize }).from(users).where(eq(users.id, a.ids.faculty));
    expect(row.size).toBeGreaterThan(0);
    expect((await used(token)).usedBytes).toBe(row.size);
    const again = writeUpload(t, await photo(5_000), a.ids.faculty);
    expect((await t.put('/api/user/avatar', { uploadId: again }, token, key())).statusCode).toBe(200);
    const [after] = await t.db.select({ size: users.avatarSize }).from(users).where(eq(users.id, a.ids.faculty));
    expect((await used(token)).usedBytes).toBe(after.size);

    // A picture and a photo stored before sizes were recorded (migration 0017): measured in the store.
    const obs = await openRubric();
    const bytes = await photo(8_000);
    const noteId = await noteWithPhoto(obs, bytes);
    await t.db.update(evidenceNotes).set({ photoSize: null }).where(eq(evidenceNotes.id, noteId));
    await t.db.update(users).set({ avatarSize: null }).where(eq(users.id, a.ids.faculty));
    expect((await used(a.observer)).usedBytes).toBe(bytes.length);
    expect((await used(token)).usedBytes).toBe(after.size);
    const [measured] = await t.db.select({ size: evidenceNotes.photoSize }).from(evidenceNotes).where(eq(evidenceNotes.id, noteId));
    expect(measured.size).toBe(bytes.length);
  });
});
