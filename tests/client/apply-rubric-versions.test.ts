/**
 * Optimistic applies on an observation scored on another rubric version than SPEC's (docs/adr/2026-11-28-rubric-versions.md):
 * a meeting created offline lists the items and the maximum of the observation's version from the replica's
 * rubricVersions table, and the percentage shown at once is over that maximum.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Observation } from '../../src/shared/contract/observations.js';
import type { RubricVersion } from '../../src/shared/contract/rubrics.js';
import { getDb, mutate } from '../../src/client/sync/index.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { OBS_ID, OBSERVER, scheduling } from './observations/fixtures.js';

const db = getDb();
const get = async () => (await db.observations.get(OBS_ID)) as unknown as Observation;

const VERSION_ID = '77777777-7777-4777-8777-777777777777';
/** 2 groups × 3 items on a 1–5 scale: a side's maximum is 30. */
const version: RubricVersion = {
  id: VERSION_ID,
  rubricId: '88888888-8888-4888-8888-888888888888',
  name: 'Department rubric',
  departmentId: 1,
  number: 1,
  status: 'published',
  scale: [1, 2, 3, 4, 5].map((value) => ({ value, label: `L${value}` })),
  groups: ['G1', 'G2'].map((code) => ({
    code,
    title: `Group ${code}`,
    items: [1, 2, 3].map((n) => ({ id: `${code}-${n}`, code: `${code}.${n}`, title: `Item ${code}.${n}`, guidance: null, descriptors: {} })),
  })),
  maximum: 30,
  publishedAt: '2026-11-01T00:00:00.000Z',
  retiredAt: null,
  version: 1,
};

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear(), db.rubricVersions.clear()]);
  await db.rubricVersions.put(version as never);
});

describe('an observation on another rubric version', () => {
  it('a meeting made offline has its version’s items and maximum; totals and percentage follow them', async () => {
    await db.observations.put(scheduling({ facultyAccepted: true, observerAccepted: true }, { rubricVersionId: VERSION_ID }) as never);
    await setMeta(db, META.userId, OBSERVER.id);
    await mutate('scheduling.done', { observationsId: OBS_ID, informedId: '44444444-4444-4444-8444-444444444444' });
    const m = (await get()).meetings.informedObservation!;
    expect(m.maximum).toBe(30);
    expect(m.rubrics.map((r) => [r.id, r.code])).toEqual([
      ['G1-1', 'G1'], ['G1-2', 'G1'], ['G1-3', 'G1'],
      ['G2-1', 'G2'], ['G2-2', 'G2'], ['G2-3', 'G2'],
    ]);

    for (const g of version.groups) {
      await mutate('rubrics.saveGroup', { kind: 'informed', observationsId: OBS_ID, meetingId: m.id, rubricsFinal: g.items.map((i) => ({ id: i.id, score: 4 })) });
    }
    await mutate('rubrics.submit', { kind: 'informed', observationsId: OBS_ID, meetingId: m.id });
    const doc = await get();
    // The faculty side as the server would send it, then the observer's numbers: 24 + 30 over 2 × 30.
    await db.observations.put({ ...doc, meetings: { ...doc.meetings, informedObservation: { ...doc.meetings.informedObservation!, facultyScore: 30 } } } as never);
    await mutate('rubrics.submit', { kind: 'informed', observationsId: OBS_ID, meetingId: m.id });
    expect((await get()).meetings.informedObservation).toMatchObject({ observerScore: 24, facultyScore: 30, finalScore: 27, percentage: 90, maximum: 30 });
  });
});
