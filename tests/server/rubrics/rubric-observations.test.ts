/**
 * An observation is scored on the rubric version fixed at its initiation (services/rubrics/choose.ts,
 * services/observations/rubrics.ts): which versions an initiate may name, the defaults, freezing when a new version
 * is published later, per-version totals (a 5-level 1–5 scale; a 7-level 30-item version), scores outside the scale.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments, SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';
import { actors, doc, key, lock, put, scheduleDone, type Actors } from '../support/observations-fixture.js';
import { create, definition, FIVE_LEVELS, itemIds, publish, published } from './rubric-fixture.js';

const t = useTestApp();

async function initiateOn(a: Actors, rubricVersionId?: string, facultyId = a.ids.faculty) {
  const id = randomUUID();
  const res = await t.post(
    '/api/observation/initiate',
    { facultyIds: [facultyId], observerId: a.ids.observer, semester: 'Fall', ids: { [facultyId]: id }, ...(rubricVersionId ? { rubricVersionId } : {}) },
    a.hod,
    key(),
  );
  return { id, res };
}

/** Both sides save every group of `v` (one call per group) with the given score each, then submit. */
async function scoreVersion(id: string, v: RubricVersion, token: string, score: number) {
  for (const g of v.groups) {
    const res = await put(t, 'informed', { observationsId: id, rubricsFinal: g.items.map((i) => ({ id: i.id, score })) }, token);
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await put(t, 'informed', { observationsId: id, submit: true }, token);
  expect(res.statusCode, res.body).toBe(200);
}

describe('choosing the version at initiation', () => {
  it('defaults to the institution’s SPEC rubric, then to the department’s default rubric (its newest published version)', async () => {
    const a = await actors(t);
    const first = await initiateOn(a);
    expect(first.res.statusCode, first.res.body).toBe(201);
    expect((await doc(t, first.id, a.hod)).rubricVersionId).toBe(SPEC_RUBRIC_VERSION_ID);

    const v = await published(t, a.hod, FIVE_LEVELS());
    const [cs] = await t.db.select({ id: departments.id }).from(departments).where(eq(departments.name, 'Computer Science'));
    expect((await t.put(`/api/rubrics/defaults/${cs!.id}`, { rubricId: v.rubricId }, a.hod, key())).statusCode).toBe(200);
    const second = await initiateOn(a, undefined, a.ids.faculty2);
    expect(second.res.statusCode, second.res.body).toBe(201);
    const d = await doc(t, second.id, a.hod);
    expect(d.rubricVersionId).toBe(v.id);
  });

  it('refuses a draft, a retired version, another department’s rubric and an unknown id, naming rubricVersionId', async () => {
    const a = await actors(t);
    const draft = await create(t, a.hod, FIVE_LEVELS());
    const retired = await published(t, a.admin, FIVE_LEVELS());
    expect((await t.post(`/api/rubrics/versions/${retired.id}/retire`, undefined, a.admin, key())).statusCode).toBe(200);
    const math = await published(t, await t.login('hod.math'), FIVE_LEVELS());
    for (const [versionId, message] of [
      [draft.id, 'rubricVersionId: the rubric version is not published'],
      [retired.id, 'rubricVersionId: the rubric version is retired'],
      [math.id, 'rubricVersionId: the rubric is not of the institution or of this department'],
      [randomUUID(), 'rubricVersionId: no such rubric version'],
    ]) {
      const { res } = await initiateOn(a, versionId);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: message });
    }
    const notUuid = await initiateOn(a, 'not-a-uuid');
    expect(notUuid.res.statusCode).toBe(400);
    expect(notUuid.res.json().error).toMatch(/^rubricVersionId: /);
  });
});

describe('frozen per observation', () => {
  it('an open observation keeps its version, items and totals when a new version is published and the old one retired', async () => {
    const a = await actors(t);
    const v1 = await published(t, a.hod, FIVE_LEVELS());
    const { id, res } = await initiateOn(a, v1.id);
    expect(res.statusCode, res.body).toBe(201);
    await scheduleDone(t, a, id);
    await scoreVersion(id, v1, a.observer, 4);

    // v2: one more item and another scale; v1 retired. The observation is unaffected.
    const copy = (await t.post(`/api/rubrics/versions/${v1.id}/draft`, undefined, a.hod, key())).json() as RubricVersion;
    const changed = definition('Department rubric', 2, 4, [0, 1, 2]);
    expect((await t.put(`/api/rubrics/versions/${copy.id}`, changed, a.hod, key())).statusCode).toBe(200);
    const v2 = await publish(t, a.hod, copy.id);
    expect(v2.maximum).toBe(16);
    expect((await t.post(`/api/rubrics/versions/${v1.id}/retire`, undefined, a.hod, key())).statusCode).toBe(200);

    await scoreVersion(id, v1, a.faculty, 5);
    expect((await lock(t, 'informed', id, a.observer)).statusCode).toBe(200);
    const d = await doc(t, id, a.observer);
    expect(d.rubricVersionId).toBe(v1.id);
    expect(d.meetings.informedObservation.rubrics.map((r: { id: string }) => r.id)).toEqual(itemIds(v1));
    // 6 items: observer 6 × 4 = 24, faculty 6 × 5 = 30, maximum 30: final 27.0, (24 + 30) / 60 = 90.0 %.
    expect(d.meetings.informedObservation).toMatchObject({ observerScore: 24, facultyScore: 30, finalScore: 27, percentage: 90, maximum: 30 });
    // The faculty member does not see the observer's numbers on any version.
    expect((await doc(t, id, a.faculty)).meetings.informedObservation).toMatchObject({ observerScore: null, facultyScore: 30, finalScore: null, percentage: null });
    // v1 stays readable with its items after retirement.
    expect((await t.get(`/api/rubrics/versions/${v1.id}`, a.faculty)).json()).toMatchObject({ status: 'retired', maximum: 30, groups: v1.groups });
  });
});

describe('per-version scoring', () => {
  it('a 7-level (0–6), 30-item version: totals out of 180, percentage (observer + faculty) / 360', async () => {
    const a = await actors(t);
    const v = await published(t, a.hod, definition('Thirty items', 3, 10, [0, 1, 2, 3, 4, 5, 6]));
    expect(v.maximum).toBe(180);
    const { id } = await initiateOn(a, v.id);
    await scheduleDone(t, a, id);
    await scoreVersion(id, v, a.observer, 3);
    await scoreVersion(id, v, a.faculty, 6);
    const d = await doc(t, id, a.observer);
    expect(d.meetings.informedObservation.rubrics).toHaveLength(30);
    expect(d.meetings.informedObservation).toMatchObject({ observerScore: 90, facultyScore: 180, finalScore: 135, percentage: 75, maximum: 180 });
  });

  it('a score outside the version’s scale is refused naming the field; items of another version are not its items', async () => {
    const a = await actors(t);
    const v = await published(t, a.hod, FIVE_LEVELS());
    const { id } = await initiateOn(a, v.id);
    await scheduleDone(t, a, id);
    const group = v.groups[0]!.items;
    const zero = await put(t, 'informed', { observationsId: id, rubricsFinal: group.map((i, n) => ({ id: i.id, score: n === 1 ? 0 : 3 })) }, a.observer);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ error: 'rubricsFinal.1.score: must be one of 1, 2, 3, 4, 5' });
    const six = await put(t, 'informed', { observationsId: id, rubricsFinal: group.map((i) => ({ id: i.id, score: 6 })) }, a.observer);
    expect(six.json()).toEqual({ error: 'rubricsFinal.0.score: must be one of 1, 2, 3, 4, 5' });

    const spec = (await t.get(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}`, a.observer)).json() as RubricVersion;
    const foreign = await put(t, 'informed', { observationsId: id, rubricsFinal: spec.groups[0]!.items.map((i) => ({ id: i.id, score: 3 })) }, a.observer);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: MSG.selectAllRubrics });
    // A group only partly saved is refused as in SPEC; submitting before every group is saved too.
    const part = await put(t, 'informed', { observationsId: id, rubricsFinal: group.slice(0, 2).map((i) => ({ id: i.id, score: 3 })) }, a.observer);
    expect(part.json()).toEqual({ error: MSG.selectAllRubrics });
    expect((await put(t, 'informed', { observationsId: id, rubricsFinal: group.map((i) => ({ id: i.id, score: 3 })) }, a.observer)).statusCode).toBe(200);
    expect((await put(t, 'informed', { observationsId: id, submit: true }, a.observer)).json()).toEqual({ error: MSG.saveAllRubrics });
  });

  it('evidence notes are tagged with items of the observation’s own version only', async () => {
    const a = await actors(t);
    const v = await published(t, a.hod, FIVE_LEVELS());
    const { id } = await initiateOn(a, v.id);
    await scheduleDone(t, a, id);
    const spec = (await t.get(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}`, a.observer)).json() as RubricVersion;
    const note = (rubricItemIds: string[]) =>
      t.post(`/api/observation/${id}/notes`, { id: randomUUID(), kind: 'informed', body: 'Seen', offsetSeconds: 5, rubricItemIds }, a.observer, key());
    const foreign = await note([spec.groups[0]!.items[0]!.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: 'rubricItemIds: unknown rubric item' });
    const own = await note([v.groups[1]!.items[2]!.id]);
    expect(own.statusCode, own.body).toBe(201);
  });

  it('the SPEC version keeps SPEC’s numbers and messages: 20 × 4 = 80.0 a side, / 160', async () => {
    const a = await actors(t);
    const { id } = await initiateOn(a);
    await scheduleDone(t, a, id);
    const spec = (await t.get(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}`, a.observer)).json() as RubricVersion;
    const outOfRange = await put(t, 'informed', { observationsId: id, rubricsFinal: spec.groups[0]!.items.map((i) => ({ id: i.id, score: 5 })) }, a.observer);
    expect(outOfRange.json()).toEqual({ error: MSG.selectAllRubrics });
    await scoreVersion(id, spec, a.observer, 4);
    await scoreVersion(id, spec, a.faculty, 2);
    expect((await doc(t, id, a.observer)).meetings.informedObservation).toMatchObject({ observerScore: 80, facultyScore: 40, finalScore: 60, percentage: 75, maximum: 80 });
  });
});
