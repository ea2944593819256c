/**
 * An organiser's corrections to an open calibration session and its deletion (services/calibration/edit.ts):
 * title, deadline and participants while open; the rubric version and reference only before anyone scored; a
 * participant who submitted stays; a closed session is neither changed nor deleted (409). Only its organisers may;
 * a participant is refused, anyone else does not see it. The removed participant's device gets the session as a
 * removal, an added one gets it on the next pull; deletion removes its rows and, after the commit, its video (the
 * organiser's quota frees).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, calibrationNotes, calibrationParticipants, calibrationSessions } from '../../../src/server/db/schema.js';
import { bytesOwnedBy } from '../../../src/server/services/uploads/quota.js';
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import type { SyncChange } from '../../../src/shared/sync/protocol.js';
import { createSession, groupsOf, inDays, newObservers, publishedVersion } from '../support/calibration-fixture.js';
import { useTestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

const t = useTestApp();

const CODES = ['A1', 'A2'];

async function setUp(opts: { video?: boolean } = {}) {
  const hod = await t.login('hod');
  const hodId = await t.userId('hod');
  const version = await publishedVersion(t, hod, [1, 2, 3], CODES);
  const people = await newObservers(t, hod, 3);
  const lesson = opts.video ? { kind: 'video', uploadId: writeUpload(t, SAMPLES.mp4(), hodId) } : { kind: 'live', description: 'Year 9 algebra', date: '2026-12-01' };
  const session = await createSession(t, hod, {
    title: 'Autumn calibration',
    rubricVersionId: version.id,
    lesson,
    participantIds: people.slice(0, 2).map((p) => p.id),
    reference: { expertName: 'Dr Expert', items: version.items.map((i) => ({ itemId: i.id, score: 2, rationale: `Why ${i.code}` })) },
    deadline: inDays(7),
  });
  return { hod, hodId, version, people, id: session.id };
}

const edit = (id: string, body: unknown, token: string) => t.put(`/api/calibration/sessions/${id}`, body, token, key());

/** The calibration changes of one pull from `since` (a cursor the server gave), and the next cursor. */
async function pulled(token: string, since: string | number = 0): Promise<{ changes: SyncChange[]; cursor: string | number }> {
  const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(String(since))}&limit=500`, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { changes: SyncChange[]; cursor: string | number };
  return { changes: body.changes.filter((c) => c.entity === 'calibrationSessions'), cursor: body.cursor };
}

describe('editing a calibration session', () => {
  it('changes the title, deadline and participants; the removed one’s scores and notes go, and devices follow', async () => {
    const { hod, version, people, id } = await setUp();
    const [kept, leaving, joining] = people;
    // The leaving participant saved a group and a note; their device holds the session.
    expect((await t.put(`/api/calibration/sessions/${id}/scores`, { scores: groupsOf(version, { A1: 1, A2: 2 })[0] }, leaving.token, key())).statusCode).toBe(200);
    expect((await t.post(`/api/calibration/sessions/${id}/notes`, { id: randomUUID(), body: 'At 0:30', offsetSeconds: 30 }, leaving.token, key())).statusCode).toBe(201);
    const before = await pulled(leaving.token);
    expect(before.changes.map((c) => c.id)).toEqual([id]);
    const keptBefore = await pulled(kept.token);
    expect((await pulled(joining.token)).changes).toEqual([]);

    const deadline = inDays(10);
    const res = await edit(id, { title: 'Autumn calibration (rescheduled)', deadline, participantIds: [kept.id, joining.id] }, hod);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as CalibrationSession;
    expect(doc).toMatchObject({ title: 'Autumn calibration (rescheduled)', deadline: new Date(deadline).toISOString(), participants: { total: 2, submitted: 0 } });
    expect(doc.roster!.map((r) => r.userId).sort()).toEqual([kept.id, joining.id].sort());

    expect(await t.db.select().from(calibrationParticipants).where(and(eq(calibrationParticipants.sessionId, id), eq(calibrationParticipants.userId, leaving.id)))).toEqual([]);
    expect(await t.db.select().from(calibrationNotes).where(eq(calibrationNotes.sessionId, id))).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'calibration.edit')));
    expect(audit?.detail).toMatchObject({ added: [joining.id], removed: [leaving.id] });

    // The removed participant's device gets a removal; the added one gets the session; the kept one the edit.
    const gone = await pulled(leaving.token, before.cursor);
    expect(gone.changes).toEqual([expect.objectContaining({ id, data: null })]);
    expect((await t.get(`/api/calibration/sessions/${id}`, leaving.token)).statusCode).toBe(404);
    const joined = await pulled(joining.token);
    expect(joined.changes).toEqual([expect.objectContaining({ id, data: expect.objectContaining({ title: 'Autumn calibration (rescheduled)' }) })]);
    const keptAfter = await pulled(kept.token, keptBefore.cursor);
    expect(keptAfter.changes).toEqual([expect.objectContaining({ id, data: expect.objectContaining({ title: 'Autumn calibration (rescheduled)' }) })]);
    // Nobody else learns of the removal.
    expect((await pulled(await t.login('observer'))).changes).toEqual([]);
  });

  it('refuses a past deadline, a stranger as participant, removing one who submitted; version and reference only before scoring', async () => {
    const { hod, version, people, id } = await setUp();
    const past = await edit(id, { deadline: new Date(Date.now() - 60_000).toISOString() }, hod);
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatch(/^deadline: /);
    const faculty = await edit(id, { participantIds: [people[0].id, await t.userId('faculty')] }, hod);
    expect(faculty.statusCode).toBe(400);
    expect(faculty.json().error).toMatch(/^participantIds: /);
    const empty = await edit(id, { participantIds: [] }, hod);
    expect(empty.statusCode).toBe(400);

    // Before anyone scored: a new version with its own reference is accepted; a new version without one is not.
    const other = await publishedVersion(t, hod, [1, 2, 3, 4], CODES);
    const bare = await edit(id, { rubricVersionId: other.id }, hod);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toMatch(/^reference: /);
    const moved = await edit(id, { rubricVersionId: other.id, reference: { expertName: 'Dr Other', items: [{ itemId: other.items[0].id, score: 4, rationale: 'Strong' }] } }, hod);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ rubricVersionId: other.id, reference: { expertName: 'Dr Other' } });
    const wrongItem = await edit(id, { reference: { expertName: 'Dr X', items: [{ itemId: version.items[0].id, score: 2, rationale: 'Old item' }] } }, hod);
    expect(wrongItem.statusCode).toBe(400);
    expect(wrongItem.json().error).toMatch(/^reference\.items: /);

    // Once a participant saved a score the version and the reference stay fixed, and the error says so.
    expect((await t.put(`/api/calibration/sessions/${id}/scores`, { scores: groupsOf(other, { A1: 1, A2: 2 })[0] }, people[0].token, key())).statusCode).toBe(200);
    const fixed = await edit(id, { rubricVersionId: version.id, reference: null }, hod);
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().error).toMatch(/^rubricVersionId: .*saved scores/);
    const fixedRef = await edit(id, { reference: null }, hod);
    expect(fixedRef.statusCode).toBe(409);
    expect(fixedRef.json().error).toMatch(/^reference: /);
    // The title still may change.
    expect((await edit(id, { title: 'Renamed' }, hod)).statusCode).toBe(200);

    // One who submitted cannot be removed.
    expect((await t.post(`/api/calibration/sessions/${id}/submit`, { scores: groupsOf(other, { A1: 1, A2: 2 })[0] }, people[0].token, key())).statusCode).toBe(200);
    const submitted = await edit(id, { participantIds: [people[1].id] }, hod);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().error).toMatch(/^participantIds: /);
  });

  it('is for its organisers only: a participant 403, another HOD or an observer outside it 404', async () => {
    const { people, id } = await setUp();
    expect((await edit(id, { title: 'Mine now' }, people[0].token)).statusCode).toBe(403);
    expect((await edit(id, { title: 'Mine now' }, await t.login('hod.math'))).statusCode).toBe(404);
    expect((await edit(id, { title: 'Mine now' }, people[2].token)).statusCode).toBe(404);
    expect((await t.del(`/api/calibration/sessions/${id}`, people[0].token, key())).statusCode).toBe(403);
    expect((await t.del(`/api/calibration/sessions/${id}`, await t.login('admin'), key())).statusCode).toBe(404);
    const [row] = await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, id));
    expect(row.title).toBe('Autumn calibration');
  });
});

describe('deleting a calibration session', () => {
  it('removes its rows and, after the commit, its video; the organiser’s quota frees; participants get a removal', async () => {
    const { hod, hodId, version, people, id } = await setUp({ video: true });
    expect((await t.put(`/api/calibration/sessions/${id}/scores`, { scores: groupsOf(version, { A1: 1, A2: 2 })[0] }, people[0].token, key())).statusCode).toBe(200);
    const [row] = await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, id));
    const storage = t.app.deps.storage;
    expect(await storage.artifactSize(row.videoKey!)).toBe(row.videoSize);
    const quotaBefore = await bytesOwnedBy(t.db, storage, hodId);
    const before = await pulled(people[0].token);
    expect(before.changes.map((c) => c.id)).toEqual([id]);

    const res = await t.del(`/api/calibration/sessions/${id}`, hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id });
    expect(await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, id))).toEqual([]);
    expect(await t.db.select().from(calibrationParticipants).where(eq(calibrationParticipants.sessionId, id))).toEqual([]);
    expect(await storage.artifactSize(row.videoKey!)).toBeNull();
    expect(await bytesOwnedBy(t.db, storage, hodId)).toBe(quotaBefore - row.videoSize!);
    expect((await pulled(people[0].token, before.cursor)).changes).toEqual([expect.objectContaining({ id, data: null })]);
    expect((await t.get(`/api/calibration/sessions/${id}`, hod)).statusCode).toBe(404);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'calibration.delete')));
    expect(audit?.actorId).toBe(hodId);
  });

  it('refuses a closed session (its results back certifications) and any change to it: 409', async () => {
    const { hod, version, people, id } = await setUp();
    await edit(id, { participantIds: [people[0].id] }, hod);
    expect((await t.post(`/api/calibration/sessions/${id}/submit`, { scores: groupsOf(version, { A1: 2, A2: 2 })[0] }, people[0].token, key())).statusCode).toBe(200);
    const del = await t.del(`/api/calibration/sessions/${id}`, hod, key());
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(/closed.*certifications/);
    const change = await edit(id, { title: 'Too late' }, hod);
    expect(change.statusCode).toBe(409);
    expect(change.json().error).toMatch(/closed/);
    expect(await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, id))).toHaveLength(1);
  });
});
