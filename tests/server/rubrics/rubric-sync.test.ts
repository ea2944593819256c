/**
 * Rubric versions on the device (sync/sources/rubrics.ts): each user's feed holds exactly the versions GET /rubrics
 * lists for them (the SQL form agrees with mayReadRubric and mayEditRubric for every role), whole as
 * GET /rubrics/versions/{id} answers — drafts only for the rubric's editors; a later change (a draft save, publish,
 * retire, a rename) arrives after the cursor with a version of its own; a deleted draft arrives as a removal.
 */
import { describe, expect, it } from 'vitest';
import { SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import type { RubricSummary } from '../../../src/shared/contract/rubrics.js';
import type { SyncChange } from '../../../src/shared/sync/protocol.js';
import { useTestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';
import { create, FIVE_LEVELS, publish, published } from './rubric-fixture.js';

const t = useTestApp();

async function pull(token: string, since = '0'): Promise<{ changes: SyncChange[]; cursor: string }> {
  const changes: SyncChange[] = [];
  let cursor = since;
  for (let n = 0; n < 200; n++) {
    const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=3`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { changes: SyncChange[]; cursor: string; hasMore: boolean };
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor };
  }
  throw new Error('the pull did not end');
}

const rubricChanges = (changes: SyncChange[]) => changes.filter((c) => c.entity === 'rubricVersions');

const WHO = ['superadmin', 'admin', 'director', 'hod', 'hod.math', 'observer', 'faculty', 'faculty.math'];

describe('rubric versions in the sync feed', () => {
  it('each user receives exactly the versions they may read, as the REST API answers them; drafts only their editors', async () => {
    const hod = await t.login('hod');
    const cs = await published(t, hod, FIVE_LEVELS());
    const csDraft = await create(t, hod, FIVE_LEVELS()); // a draft: only its editors' devices get it
    const instDraft = await create(t, await t.login('superadmin'), FIVE_LEVELS());
    const math = await published(t, await t.login('hod.math'), FIVE_LEVELS());
    const inst = await published(t, await t.login('admin'), FIVE_LEVELS());
    expect((await t.post(`/api/rubrics/versions/${inst.id}/retire`, undefined, await t.login('admin'), key())).statusCode).toBe(200);

    for (const who of WHO) {
      const token = await t.login(who);
      const fed = rubricChanges((await pull(token)).changes);
      const listed: RubricSummary[] = (await t.get('/api/rubrics', token)).json();
      const expected = listed.flatMap((r) => r.versions.map((v) => v.id)).sort();
      expect(fed.map((c) => c.id).sort(), who).toEqual(expected);
      const drafts = fed.filter((c) => (c.data as { status: string }).status === 'draft').map((c) => c.id);
      expect(drafts.includes(csDraft.id), who).toBe(who === 'hod');
      expect(drafts.includes(instDraft.id), who).toBe(['superadmin', 'admin'].includes(who));
      expect(drafts.length, who).toBe(['hod', 'superadmin', 'admin'].includes(who) ? 1 : 0);
      for (const c of fed) expect(c.data, who).toEqual((await t.get(`/api/rubrics/versions/${c.id}`, token)).json());
      const ids = new Set(fed.map((c) => c.id));
      expect(ids.has(SPEC_RUBRIC_VERSION_ID), who).toBe(true);
      expect(ids.has(inst.id), who).toBe(true);
      expect(ids.has(cs.id), who).toBe(['superadmin', 'admin', 'director', 'hod', 'observer', 'faculty'].includes(who));
      expect(ids.has(math.id), who).toBe(['superadmin', 'admin', 'director', 'hod.math', 'faculty.math'].includes(who));
    }
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

  it('a publish, a retire and a rename reach a device after its cursor, each version once with a version of its own', async () => {
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
    for (const c of later) expect((c.data as { name: string }).name).toBe('Renamed rubric');
    expect(later.find((c) => c.id === draft.id)?.data).toMatchObject({ status: 'retired' });
  });
});
