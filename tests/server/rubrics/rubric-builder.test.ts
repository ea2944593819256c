/**
 * Building rubrics through the API (services/rubrics/, access policy rubrics.ts): who builds, the draft → published
 * → retired rules, a published version's immutability (the service's 409 and the database trigger of migration
 * 0024 on its own), validation messages naming the field, export → import round trip, who sees what.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments, rubricItems, rubricVersions, SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import type { RubricSummary, RubricVersion } from '../../../src/shared/contract/rubrics.js';
import { SPEC_SCALE } from '../../../src/shared/rubric-definition.js';
import { useTestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';
import { create, definition, FIVE_LEVELS, publish, published } from './rubric-fixture.js';

const t = useTestApp();

async function dept(name: string): Promise<number> {
  const [d] = await t.db.select({ id: departments.id }).from(departments).where(eq(departments.name, name));
  return d!.id;
}

describe('the seeded SPEC rubric', () => {
  it('is version 1 of the institution default, published, 4 groups × 5 items on 0–4, maximum 80', async () => {
    const res = await t.get(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}`, await t.login('faculty'));
    expect(res.statusCode, res.body).toBe(200);
    const v: RubricVersion = res.json();
    expect(v).toMatchObject({ name: 'SPEC rubric', number: 1, status: 'published', departmentId: null, maximum: 80, scale: SPEC_SCALE });
    expect(v.groups.map((g) => [g.code, g.title, g.items.length])).toEqual([
      ['1-A', 'Knowledge of Content', 5],
      ['1-B', 'Knowledge of Pedagogy', 5],
      ['1-C', 'Student Assessment', 5],
      ['1-D', 'Learning Environment', 5],
    ]);
    const list: RubricSummary[] = (await t.get('/api/rubrics', await t.login('observer'))).json();
    expect(list.find((r) => r.institutionDefault)).toMatchObject({ name: 'SPEC rubric', mayEdit: false });
  });
});

describe('draft, publish, copy, retire, delete', () => {
  it('a draft is saved, published once, then refused any change (409); a new draft copies it as the next number', async () => {
    const admin = await t.login('admin');
    const draft = await create(t, admin, FIVE_LEVELS());
    expect(draft).toMatchObject({ number: 1, status: 'draft', departmentId: null, maximum: 30 });

    const edited = { ...FIVE_LEVELS(), name: 'Renamed' };
    edited.groups[0]!.items[0]!.title = 'Edited item';
    const saved = await t.put(`/api/rubrics/versions/${draft.id}`, edited, admin, key());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed', groups: [{ items: [{ title: 'Edited item' }, {}, {}] }, {}] });

    const v1 = await publish(t, admin, draft.id);
    expect(v1.status).toBe('published');
    expect((await t.post(`/api/rubrics/versions/${draft.id}/publish`, undefined, admin, key())).statusCode).toBe(409);
    const again = await t.put(`/api/rubrics/versions/${draft.id}`, FIVE_LEVELS(), admin, key());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/published/);
    expect((await t.del(`/api/rubrics/versions/${draft.id}`, admin, key())).statusCode).toBe(409);
    // Unchanged by the refused save.
    expect((await t.get(`/api/rubrics/versions/${draft.id}`, admin)).json().groups[0].items[0].title).toBe('Edited item');

    const copy = await t.post(`/api/rubrics/versions/${draft.id}/draft`, undefined, admin, key());
    expect(copy.statusCode, copy.body).toBe(201);
    const v2: RubricVersion = copy.json();
    expect(v2).toMatchObject({ rubricId: v1.rubricId, number: 2, status: 'draft', scale: v1.scale, maximum: 30 });
    expect(v2.groups.map((g) => g.items.map((i) => [i.code, i.title, i.guidance, i.descriptors]))).toEqual(
      v1.groups.map((g) => g.items.map((i) => [i.code, i.title, i.guidance, i.descriptors])),
    );
    expect(v2.groups[0]!.items[0]!.id).not.toBe(v1.groups[0]!.items[0]!.id);
    // One draft at a time.
    expect((await t.post(`/api/rubrics/versions/${draft.id}/draft`, undefined, admin, key())).statusCode).toBe(409);

    // Retire: published only; a retired version is not deleted and stays readable.
    expect((await t.post(`/api/rubrics/versions/${v2.id}/retire`, undefined, admin, key())).statusCode).toBe(409);
    const retired = await t.post(`/api/rubrics/versions/${v1.id}/retire`, undefined, admin, key());
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ status: 'retired' });
    expect(retired.json().retiredAt).not.toBeNull();
    expect((await t.del(`/api/rubrics/versions/${v1.id}`, admin, key())).statusCode).toBe(409);

    // Deleting the unused draft leaves the rubric (it has version 1).
    const del = await t.del(`/api/rubrics/versions/${v2.id}`, admin, key());
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.get(`/api/rubrics/versions/${v2.id}`, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/rubrics/versions/${v1.id}`, admin)).statusCode).toBe(200);
  });

  it('deleting the only (draft) version deletes the rubric', async () => {
    const hod = await t.login('hod');
    const draft = await create(t, hod, FIVE_LEVELS());
    expect((await t.del(`/api/rubrics/versions/${draft.id}`, hod, key())).statusCode).toBe(200);
    const list: RubricSummary[] = (await t.get('/api/rubrics', hod)).json();
    expect(list.some((r) => r.id === draft.rubricId)).toBe(false);
  });
});

describe('the database refuses changes to a published version on its own (trigger)', () => {
  it('items cannot be updated, inserted or deleted; the scale, number and status cannot go back; the version cannot be deleted', async () => {
    const refused = async (p: PromiseLike<unknown>) => {
      const err = await Promise.resolve(p).then(() => null, (e: unknown) => e);
      expect(err, 'the statement should have been refused').not.toBeNull();
      expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/cannot (change|be deleted)|not a draft/);
    };
    const v = SPEC_RUBRIC_VERSION_ID;
    await refused(t.db.update(rubricItems).set({ title: 'Tampered' }).where(eq(rubricItems.rubricVersionId, v)));
    await refused(t.db.delete(rubricItems).where(eq(rubricItems.rubricVersionId, v)));
    await refused(t.db.insert(rubricItems).values({ rubricVersionId: v, code: '1-E', groupTitle: 'Extra', groupPosition: 5, position: 1, itemCode: '1-E.1', title: 'Extra' }));
    await refused(t.db.update(rubricVersions).set({ scale: [{ value: 0, label: 'No' }, { value: 9, label: 'Yes' }] }).where(eq(rubricVersions.id, v)));
    await refused(t.db.update(rubricVersions).set({ status: 'draft' }).where(eq(rubricVersions.id, v)));
    await refused(t.db.update(rubricVersions).set({ number: 7 }).where(eq(rubricVersions.id, v)));
    await refused(t.db.delete(rubricVersions).where(eq(rubricVersions.id, v)));
    // Moving another version's item into it is a change of its items too.
    const draft = await create(t, await t.login('admin'), FIVE_LEVELS());
    await refused(t.db.update(rubricItems).set({ rubricVersionId: v }).where(eq(rubricItems.rubricVersionId, draft.id)));

    const items = await t.db.select({ title: rubricItems.title }).from(rubricItems).where(eq(rubricItems.rubricVersionId, v));
    expect(items).toHaveLength(20);
    expect(items.some((i) => i.title === 'Tampered')).toBe(false);
    // What stays allowed: retiring it, and any change to a draft.
    await t.db.update(rubricItems).set({ title: 'Draft edit' }).where(eq(rubricItems.rubricVersionId, draft.id));
    await t.db.update(rubricVersions).set({ status: 'retired', retiredAt: new Date() }).where(eq(rubricVersions.id, v));
    await refused(t.db.update(rubricVersions).set({ status: 'published' }).where(eq(rubricVersions.id, v)));
  });
});

describe('validation names the field', () => {
  const cases: [string, (d: ReturnType<typeof FIVE_LEVELS>) => unknown, string][] = [
    ['duplicate group code', (d) => ({ ...d, groups: [d.groups[0], { ...d.groups[1], code: d.groups[0]!.code }] }), 'definition.groups.1.code: duplicate group code G1'],
    ['duplicate item code', (d) => ({ ...d, groups: [d.groups[0], { ...d.groups[1], items: [{ ...d.groups[1]!.items[0], code: 'G1.2' }] }] }), 'definition.groups.1.items.0.code: duplicate item code G1.2'],
    ['a level without a label', (d) => ({ ...d, scale: [d.scale[0], { value: 2, label: ' ' }, d.scale[2]] }), 'definition.scale.1.label: a level needs a label'],
    ['an empty group', (d) => ({ ...d, groups: [d.groups[0], { ...d.groups[1], items: [] }] }), 'definition.groups.1.items: a group needs at least one item'],
    ['one level', (d) => ({ ...d, scale: [d.scale[0]] }), 'definition.scale: must have 2 to 7 levels'],
    ['eight levels', (d) => ({ ...d, scale: [0, 1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: `L${value}` })) }), 'definition.scale: must have 2 to 7 levels'],
    ['duplicate level values', (d) => ({ ...d, scale: [d.scale[0], { value: 1, label: 'Again' }] }), 'definition.scale.1.value: duplicate level value 1'],
    ['a descriptor of no level', (d) => ({ ...d, groups: [{ ...d.groups[0], items: [{ ...d.groups[0]!.items[0], descriptors: { '9': 'x' } }] }] }), 'definition.groups.0.items.0.descriptors.9: is not a level value of the scale'],
    ['a fractional level value', (d) => ({ ...d, scale: [d.scale[0], { value: 1.5, label: 'Half' }] }), 'definition.scale.1.value: must be a whole number'],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses ${what} with 400 "${message}"`, async () => {
      const res = await t.post('/api/rubrics', { definition: change(FIVE_LEVELS()) }, await t.login('admin'), key());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });
  }

  it('a draft save is checked the same way (no `definition.` prefix: the body is the definition)', async () => {
    const admin = await t.login('admin');
    const draft = await create(t, admin, FIVE_LEVELS());
    const res = await t.put(`/api/rubrics/versions/${draft.id}`, { ...FIVE_LEVELS(), scale: [{ value: 1, label: 'Only' }] }, admin, key());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'scale: must have 2 to 7 levels' });
  });
});

describe('export and import', () => {
  it('an export imported gives a draft with the same definition; the export of SPEC is SPEC', async () => {
    const admin = await t.login('admin');
    const v = await published(t, admin, definition('Round trip', 3, 4, [0, 2, 4, 6]));
    const exported = await t.get(`/api/rubrics/versions/${v.id}/export`, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment/);
    const json = exported.json();
    const imported = await create(t, admin, json);
    expect(imported).toMatchObject({ number: 1, status: 'draft', name: 'Round trip', maximum: 72 });
    expect(imported.rubricId).not.toBe(v.rubricId);
    expect((await t.get(`/api/rubrics/versions/${imported.id}/export`, admin)).json()).toEqual(json);

    const spec = (await t.get(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}/export`, await t.login('faculty'))).json();
    expect(spec.scale).toEqual(SPEC_SCALE);
    expect(spec.groups.flatMap((g: { items: unknown[] }) => g.items)).toHaveLength(20);
  });

  it('an import is validated like a save (field named)', async () => {
    const bad = { ...FIVE_LEVELS(), groups: [] };
    const res = await t.post('/api/rubrics', { definition: bad }, await t.login('admin'), key());
    expect(res.json()).toEqual({ error: 'definition.groups: a rubric needs at least one group' });
  });
});

describe('who builds and who sees', () => {
  it('Super_Admin and Admin build institution rubrics; a HOD their department’s; faculty, observers and directors build nothing', async () => {
    const cs = await dept('Computer Science');
    const math = await dept('Mathematics');
    expect((await create(t, await t.login('superadmin'), FIVE_LEVELS())).departmentId).toBeNull();
    expect((await create(t, await t.login('hod'), FIVE_LEVELS())).departmentId).toBe(cs);
    for (const who of ['faculty', 'observer', 'director']) {
      const res = await t.post('/api/rubrics', { definition: FIVE_LEVELS() }, await t.login(who), key());
      expect(res.statusCode, who).toBe(403);
    }
    // A HOD cannot build for the institution or another department; an admin does not build a department's.
    const hod = await t.login('hod');
    expect((await t.post('/api/rubrics', { definition: FIVE_LEVELS(), departmentId: null }, hod, key())).statusCode).toBe(403);
    expect((await t.post('/api/rubrics', { definition: FIVE_LEVELS(), departmentId: math }, hod, key())).statusCode).toBe(403);
    expect((await t.post('/api/rubrics', { definition: FIVE_LEVELS(), departmentId: cs }, await t.login('admin'), key())).statusCode).toBe(403);
  });

  it('the HOD of another department gets 404 for a draft and 403 for changes to a published version; faculty see published versions of their department only', async () => {
    const hod = await t.login('hod');
    const hodMath = await t.login('hod.math');
    const draft = await create(t, hod, FIVE_LEVELS());
    expect((await t.get(`/api/rubrics/versions/${draft.id}`, hodMath)).statusCode).toBe(404);
    expect((await t.put(`/api/rubrics/versions/${draft.id}`, FIVE_LEVELS(), hodMath, key())).statusCode).toBe(404);
    expect((await t.post(`/api/rubrics/versions/${draft.id}/publish`, undefined, hodMath, key())).statusCode).toBe(404);
    expect((await t.del(`/api/rubrics/versions/${draft.id}`, hodMath, key())).statusCode).toBe(404);
    // The department's observer and faculty do not see a draft either.
    expect((await t.get(`/api/rubrics/versions/${draft.id}`, await t.login('faculty'))).statusCode).toBe(404);

    const v = await publish(t, hod, draft.id);
    expect((await t.get(`/api/rubrics/versions/${v.id}`, await t.login('faculty'))).statusCode).toBe(200);
    expect((await t.get(`/api/rubrics/versions/${v.id}`, await t.login('faculty.math'))).statusCode).toBe(404);
    expect((await t.get(`/api/rubrics/versions/${v.id}`, hodMath)).statusCode).toBe(404);
    expect((await t.post(`/api/rubrics/versions/${v.id}/retire`, undefined, await t.login('faculty'), key())).statusCode).toBe(403);
    expect((await t.get(`/api/rubrics/versions/${v.id}`, await t.login('admin'))).statusCode).toBe(200);
    // An institution rubric's published version: everyone reads it, only administrators change it.
    expect((await t.post(`/api/rubrics/versions/${SPEC_RUBRIC_VERSION_ID}/retire`, undefined, hod, key())).statusCode).toBe(403);

    const mathList: RubricSummary[] = (await t.get('/api/rubrics', hodMath)).json();
    expect(mathList.map((r) => r.id)).not.toContain(v.rubricId);
    const csList: RubricSummary[] = (await t.get('/api/rubrics', hod)).json();
    expect(csList.find((r) => r.id === v.rubricId)).toMatchObject({ mayEdit: true, versions: [{ number: 1, status: 'published' }] });
  });

  it('a department default: its HOD or an administrator, a rubric serving the department with a published version', async () => {
    const cs = await dept('Computer Science');
    const hod = await t.login('hod');
    const draft = await create(t, hod, FIVE_LEVELS());
    const url = `/api/rubrics/defaults/${cs}`;
    const noPublished = await t.put(url, { rubricId: draft.rubricId }, hod, key());
    expect(noPublished.statusCode).toBe(400);
    expect(noPublished.json()).toEqual({ error: 'rubricId: the rubric has no published version' });
    await publish(t, hod, draft.id);
    expect((await t.put(url, { rubricId: draft.rubricId }, await t.login('hod.math'), key())).statusCode).toBe(403);
    expect((await t.put(url, { rubricId: draft.rubricId }, await t.login('faculty'), key())).statusCode).toBe(403);
    const set = await t.put(url, { rubricId: draft.rubricId }, hod, key());
    expect(set.statusCode, set.body).toBe(200);
    const list: RubricSummary[] = (await t.get('/api/rubrics', hod)).json();
    expect(list.find((r) => r.id === draft.rubricId)?.defaultFor).toEqual([cs]);
    // Mathematics cannot take a Computer Science rubric (an administrator sees it, so the refusal is 400).
    const math = await dept('Mathematics');
    const other = await t.put(`/api/rubrics/defaults/${math}`, { rubricId: draft.rubricId }, await t.login('admin'), key());
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/^rubricId: /);
  });
});
