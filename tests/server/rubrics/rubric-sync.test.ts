/**
 * Rubric versions on the device (sync/sources/rubrics.ts): each user's feed holds exactly the versions
 * replicatesRubricVersion gives them among those GET /rubrics lists (the SQL form agrees with the policy for every
 * role), whole as GET /rubrics/versions/{id} answers — drafts only for the rubric's editors, a retired version
 * only for its editors and those who see an observation or have a calibration session on it (arriving in the same
 * page as the observation that brings it); a later change (a draft save, publish, retire, a rename) arrives after the cursor with a version of its
 * own; a deleted draft, or a version retired under a device that no longer replicates it, arrives as a removal.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import { replicatesRubricVersion } from '../../../src/shared/access-policy/index.js';
import type { RubricSummary } from '../../../src/shared/contract/rubrics.js';
import type { Role } from '../../../src/shared/enums.js';
import type { SyncChange } from '../../../src/shared/sync/protocol.js';
import { useTestApp, type TestApp } from '../support/helpers.js';
import { createSession, inDays } from '../support/calibration-fixture.js';
import { actors, key, type Actors } from '../support/observations-fixture.js';
import { create, FIVE_LEVELS, publish, published } from './rubric-fixture.js';

const t = useTestApp();

async function pull(token: string, since = '0'): Promise<{ changes: SyncChange[]; cursor: string; pages: SyncChange[][] }> {
  const changes: SyncChange[] = [];
  const pages: SyncChange[][] = [];
  let cursor = since;
  for (let n = 0; n < 200; n++) {
    const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=3`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { changes: SyncChange[]; cursor: string; hasMore: boolean };
    changes.push(...page.changes);
    pages.push(page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
  throw new Error('the pull did not end');
}

/** A version of the HOD's department with an open observation on it (faculty2, observer), then retired for a newer one. */
async function retiredWithObservation(t: TestApp, a: Actors): Promise<{ old: string; current: string; observation: string }> {
  const old = await published(t, a.hod, FIVE_LEVELS());
  const observation = randomUUID();
  const res = await t.post(
    '/api/observation/initiate',
    { facultyIds: [a.ids.faculty2], observerId: a.ids.observer, semester: 'Fall', ids: { [a.ids.faculty2]: observation }, rubricVersionId: old.id },
    a.hod,
    key(),
  );
  expect(res.statusCode, res.body).toBe(201);
  const copy = await t.post(`/api/rubrics/versions/${old.id}/draft`, undefined, a.hod, key());
  expect(copy.statusCode, copy.body).toBe(201);
  const current = (await publish(t, a.hod, copy.json().id as string)).id;
  expect((await t.post(`/api/rubrics/versions/${old.id}/retire`, undefined, a.hod, key())).statusCode).toBe(200);
  return { old: old.id, current, observation };
}

const rubricChanges = (changes: SyncChange[]) => changes.filter((c) => c.entity === 'rubricVersions');

const WHO = ['superadmin', 'admin', 'director', 'hod', 'hod.math', 'observer', 'observer2', 'faculty', 'faculty2', 'faculty.math'];

describe('rubric versions in the sync feed', () => {
  it('each user receives exactly the versions replicatesRubricVersion gives them, as the REST API answers them', async () => {
    const a = await actors(t);
    const hod = a.hod;
    const cs = await published(t, hod, FIVE_LEVELS());
    const csDraft = await create(t, hod, FIVE_LEVELS()); // a draft: only its editors' devices get it
    const instDraft = await create(t, await t.login('superadmin'), FIVE_LEVELS());
    const math = await published(t, await t.login('hod.math'), FIVE_LEVELS());
    const inst = await published(t, await t.login('admin'), FIVE_LEVELS());
    expect((await t.post(`/api/rubrics/versions/${inst.id}/retire`, undefined, await t.login('admin'), key())).statusCode).toBe(200);
    const { old } = await retiredWithObservation(t, a);

    for (const who of WHO) {
      const me = await t.loginUser(who);
      const viewer = { id: me.id, role: me.role as Role, departmentId: (me.department as { id: number } | null)?.id ?? null };
      const fed = rubricChanges((await pull(me.token)).changes);
      const listed: RubricSummary[] = (await t.get('/api/rubrics', me.token)).json();
      const seen = new Set(((await t.get('/api/observations', me.token)).json() as { rubricVersionId: string }[]).map((o) => o.rubricVersionId));
      const expected = listed.flatMap((r) => r.versions.filter((v) => replicatesRubricVersion(viewer, r, v.status, seen.has(v.id))).map((v) => v.id)).sort();
      expect(fed.map((c) => c.id).sort(), who).toEqual(expected);
      expect(fed.every((c) => c.data !== null), who).toBe(true);
      const drafts = fed.filter((c) => (c.data as { status: string }).status === 'draft').map((c) => c.id);
      expect(drafts.includes(csDraft.id), who).toBe(who === 'hod');
      expect(drafts.includes(instDraft.id), who).toBe(['superadmin', 'admin'].includes(who));
      expect(drafts.length, who).toBe(['hod', 'superadmin', 'admin'].includes(who) ? 1 : 0);
      for (const c of fed) expect(c.data, who).toEqual((await t.get(`/api/rubrics/versions/${c.id}`, me.token)).json());
      const ids = new Set(fed.map((c) => c.id));
      expect(ids.has(SPEC_RUBRIC_VERSION_ID), who).toBe(true);
      expect(ids.has(cs.id), who).toBe(['superadmin', 'admin', 'director', 'hod', 'observer', 'observer2', 'faculty', 'faculty2'].includes(who));
      expect(ids.has(math.id), who).toBe(['superadmin', 'admin', 'director', 'hod.math', 'faculty.math'].includes(who));
      // Retired: the institution's, on no observation, only to its editors; the department's to its editor and
      // whoever sees the observation scored on it (the all-seeing roles, its observer and faculty member).
      expect(ids.has(inst.id), who).toBe(['superadmin', 'admin'].includes(who));
      expect(ids.has(old), who).toBe(['superadmin', 'admin', 'director', 'hod', 'observer', 'faculty2'].includes(who));
    }
  });

  it('a user who comes to see an observation on a retired version receives the version in the same page as the observation', async () => {
    const a = await actors(t);
    const { old, observation } = await retiredWithObservation(t, a);
    const before = await pull(a.observer2);
    expect(rubricChanges(before.changes).map((c) => c.id)).not.toContain(old);

    // The observation is handed over to observer2 (offboarding): it enters their scope, its version with it.
    const res = await t.put(`/api/user/${a.ids.observer}/reassign-observations`, { observerId: a.ids.observer2, observationIds: [observation] }, a.hod, key());
    expect(res.statusCode, res.body).toBe(200);
    const after = await pull(a.observer2, before.cursor);
    const page = after.pages.find((p) => p.some((c) => c.entity === 'observations' && c.id === observation));
    const version = page?.find((c) => c.entity === 'rubricVersions' && c.id === old);
    expect(version?.data).toEqual((await t.get(`/api/rubrics/versions/${old}`, a.observer2)).json());
    expect(version?.data).toMatchObject({ status: 'retired' });
    expect(version?.version).toBe(page?.find((c) => c.id === observation)?.version);
    // Its first download after a reset gets it too; observer2's own feed from scratch agrees.
    expect(rubricChanges((await pull(a.observer2)).changes).map((c) => c.id)).toContain(old);
    // faculty, who sees no observation on it, never gets it.
    expect(rubricChanges((await pull(a.faculty)).changes).map((c) => c.id)).not.toContain(old);
  });

  it('a retired version stays on the devices of a calibration session’s participants, and of no other observer', async () => {
    const a = await actors(t);
    const version = await published(t, a.hod, FIVE_LEVELS());
    const session = await createSession(t, a.hod, {
      title: 'Calibration on a version about to be retired',
      rubricVersionId: version.id,
      lesson: { kind: 'live', description: 'Year 9 algebra, period 2', date: '2026-12-01' },
      participantIds: [a.ids.observer2],
      deadline: inDays(7),
    });
    const before = await pull(a.observer2);
    expect((await t.post(`/api/rubrics/versions/${version.id}/retire`, undefined, a.hod, key())).statusCode).toBe(200);
    const retired = rubricChanges((await pull(a.observer2, before.cursor)).changes).find((c) => c.id === version.id);
    expect(retired?.data).toMatchObject({ status: 'retired' });
    const fresh = await pull(a.observer2);
    expect(fresh.changes.some((c) => c.entity === 'calibrationSessions' && c.id === session.id)).toBe(true);
    expect(rubricChanges(fresh.changes).find((c) => c.id === version.id)?.data).toEqual((await t.get(`/api/rubrics/versions/${version.id}`, a.observer2)).json());
    // observer takes part in no session and sees no observation on it.
    expect(rubricChanges((await pull(a.observer)).changes).map((c) => c.id)).not.toContain(version.id);
  });

  it('a builder’s draft: each save reaches their device, and deleting it arrives as a removal', async () => {
    const hod = await t.login('hod');
    const draft = await create(t, hod, FIVE_LEVELS());
    const first = await pull(hod);
    expect(rubricChanges(first.changes).map((c) => c.id)).toContain(draft.id);
    expect((await t.put(`/api/rubrics/versions/${draft.id}`, { ...FIVE_LEVELS(), name: 'Draft, edited' }, hod, key())).statusCode).toBe(200);
    const saved = rubricChanges((await pull(hod, first.cursor)).changes);
    expect(saved.map((c) => [c.id, (c.data as { name: string }).name])).toEqual([[draft.id, 'Draft, edited']]);
    const mid = await pull(hod);
    expect((await t.del(`/api/rubrics/versions/${draft.id}`, hod, key())).statusCode).toBe(200);
    const gone = rubricChanges((await pull(hod, mid.cursor)).changes);
    expect(gone).toEqual([expect.objectContaining({ id: draft.id, data: null })]);
  });

  it('a publish, a retire and a rename reach a device after its cursor, each version once with a version of its own; a retire as a removal where no observation uses it', async () => {
    const hod = await t.login('hod');
    const faculty = await t.login('faculty');
    const draft = await create(t, hod, FIVE_LEVELS());
    const first = await pull(faculty);
    expect(rubricChanges(first.changes).map((c) => c.id)).not.toContain(draft.id);

    await publish(t, hod, draft.id);
    const afterPublish = rubricChanges((await pull(faculty, first.cursor)).changes);
    expect(afterPublish.map((c) => [c.id, (c.data as { status: string }).status])).toEqual([[draft.id, 'published']]);

    // A second version, then a rename through its draft: every version of the rubric carries the new name.
    const copy = await t.post(`/api/rubrics/versions/${draft.id}/draft`, undefined, hod, key());
    const v2 = copy.json().id as string;
    const mid = await pull(faculty);
    expect((await t.put(`/api/rubrics/versions/${v2}`, { ...FIVE_LEVELS(), name: 'Renamed rubric' }, hod, key())).statusCode).toBe(200);
    await publish(t, hod, v2);
    expect((await t.post(`/api/rubrics/versions/${draft.id}/retire`, undefined, hod, key())).statusCode).toBe(200);
    const later = rubricChanges((await pull(faculty, mid.cursor)).changes);
    expect(later.map((c) => c.id).sort()).toEqual([draft.id, v2].sort());
    expect(new Set(later.map((c) => c.version)).size).toBe(later.length);
    // The retired version is on no observation the faculty member sees: it leaves their device; its editor keeps it.
    expect(later.find((c) => c.id === draft.id)?.data).toBeNull();
    expect((later.find((c) => c.id === v2)?.data as { name: string }).name).toBe('Renamed rubric');
    const edited = rubricChanges((await pull(hod, mid.cursor)).changes);
    for (const c of edited) expect((c.data as { name: string }).name).toBe('Renamed rubric');
    expect(edited.find((c) => c.id === draft.id)?.data).toMatchObject({ status: 'retired' });
  });
});
