/**
 * Analytics per rubric version (services/analytics/department-analytics.ts), on PGlite and PostgreSQL: item averages
 * and the heatmap are of one version's observations only; the versions in use are listed most used first; the
 * chosen version's items and scale come with them; a version no observation in scope uses is refused, naming the
 * field.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';
import { useTestApp } from '../support/helpers.js';
import { actors, key, put, scheduleDone, scoreAll } from '../support/observations-fixture.js';
import { FIVE_LEVELS, published } from './rubric-fixture.js';

const t = useTestApp();

interface Analytics {
  rubricVersionId: string;
  scale: { min: number; max: number };
  versions: { id: string; name: string; number: number; observations: number }[];
  items: { id: string }[];
  itemAverages: { rubricItemId: string; average: number; n: number }[];
  heatmap: { rubricItemId: string; average: number }[];
}

describe('analytics per rubric version', () => {
  it('averages one version’s observations at a time, with its items and scale', async () => {
    const a = await actors(t);
    const dept = (await t.loginUser('hod')).department as { id: number };
    // One observation on SPEC's rubric (observer scores 3), one on a 1–5 version (observer scores 5).
    const spec = randomUUID();
    expect((await t.post('/api/observation/initiate', { facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Fall', ids: { [a.ids.faculty]: spec } }, a.hod, key())).statusCode).toBe(201);
    await scheduleDone(t, a, spec);
    await scoreAll(t, 'informed', spec, a.observer, 3);

    const v: RubricVersion = await published(t, a.hod, FIVE_LEVELS());
    const other = randomUUID();
    const res = await t.post('/api/observation/initiate', { facultyIds: [a.ids.faculty2], observerId: a.ids.observer, semester: 'Fall', ids: { [a.ids.faculty2]: other }, rubricVersionId: v.id }, a.hod, key());
    expect(res.statusCode, res.body).toBe(201);
    await scheduleDoneFor(other, a);
    for (const g of v.groups) expect((await put(t, 'informed', { observationsId: other, rubricsFinal: g.items.map((i) => ({ id: i.id, score: 5 })) }, a.observer)).statusCode).toBe(200);
    expect((await put(t, 'informed', { observationsId: other, submit: true }, a.observer)).statusCode).toBe(200);

    const get = async (q = '') => {
      const r = await t.get(`/api/analytics?departmentId=${dept.id}${q}`, a.hod);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Analytics;
    };
    const both = await get();
    expect(both.versions.map((x) => x.id).sort()).toEqual([SPEC_RUBRIC_VERSION_ID, v.id].sort());

    const onSpec = await get(`&rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`);
    expect(onSpec).toMatchObject({ rubricVersionId: SPEC_RUBRIC_VERSION_ID, scale: { min: 0, max: 4 } });
    expect(onSpec.items).toHaveLength(20);
    expect(onSpec.itemAverages.every((r) => r.average === 3)).toBe(true);
    expect(onSpec.itemAverages.length).toBeGreaterThan(0);

    const onV = await get(`&rubricVersionId=${v.id}`);
    expect(onV).toMatchObject({ rubricVersionId: v.id, scale: { min: 1, max: 5 } });
    expect(onV.items.map((i) => i.id).sort()).toEqual(v.groups.flatMap((g) => g.items.map((i) => i.id)).sort());
    expect(onV.itemAverages.map((r) => r.average)).toEqual(onV.items.map(() => 5));
    expect(onV.heatmap.every((c) => c.average === 5)).toBe(true);

    const bad = await t.get(`/api/analytics?departmentId=${dept.id}&rubricVersionId=${randomUUID()}`, a.hod);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^rubricVersionId: /);
    expect((await t.get(`/api/analytics?departmentId=${dept.id}&rubricVersionId=x`, a.hod)).statusCode).toBe(400);
  });
});

/** scheduleDone for the second faculty member's observation (the fixture's steps use faculty@). */
async function scheduleDoneFor(id: string, a: Awaited<ReturnType<typeof actors>>) {
  const swapped = { ...a, faculty: a.faculty2, ids: { ...a.ids, faculty: a.ids.faculty2 } };
  await scheduleDone(t, swapped, id);
}
