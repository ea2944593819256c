/**
 * seed:scale --rubric-versions (src/server/seed/scale/rubric-versions.ts): 300 observations with the option, then
 * 100 without, into one database (PGlite, or PostgreSQL with OBSERVA_TEST_DB=postgres). The first department holds
 * 100 versions (a 30 items × 7 levels rubric among them) that the frozen-version triggers treat as published or
 * retired; each department's observations are on three published versions it may use; every score is on an item
 * of its observation's version and one of its levels, the totals their sum; and the API serves it per version.
 * Its HOD's first sync brings the department's 100 versions (they build them), an observer's none of the retired.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import { DEPARTMENT_RUBRICS, INSTITUTION_RUBRIC } from '../../../src/server/seed/scale/rubric-versions.js';
import { seedScale, type ScaleSummary } from '../../../src/server/seed/scale/index.js';
import { createTestApp, TEST_DOMAIN, type TestApp } from '../support/helpers.js';

let t: TestApp;
let withVersions: ScaleSummary;
let without: ScaleSummary;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const tagged = (tag: string) => `%.${tag}%`;

beforeAll(async () => {
  t = await createTestApp();
  withVersions = await seedScale(t.db, { observations: 300, domain: TEST_DOMAIN, artifactsDir: null, seed: 11, rubricVersions: true });
  without = await seedScale(t.db, { observations: 100, domain: TEST_DOMAIN, artifactsDir: null, seed: 12 });
}, 180_000);
afterAll(() => t?.close());

/** The run's observations (their faculty member's email carries the run tag). */
const runObservations = (tag: string) => sql`select o.* from observations o join users f on f.id = o.faculty_id where f.email like ${tagged(tag)}`;

/** The ids of the rubric versions a user's first sync brings. */
async function syncedVersions(token: string): Promise<Set<string>> {
  let cursor = '0';
  const synced = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const page = (await t.get(`/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=1000`, token)).json() as { changes: { entity: string; id: string }[]; cursor: string; hasMore: boolean };
    for (const c of page.changes) if (c.entity === 'rubricVersions') synced.add(c.id);
    cursor = page.cursor;
    if (!page.hasMore) return synced;
  }
  throw new Error('the pull did not end');
}

describe('seed:scale --rubric-versions', () => {
  it('gives the first department 100 versions, newest published and older retired; a rubric of 30 items × 7 levels among them', async () => {
    const home = withVersions.first.departmentId;
    const versions = await rows<{ name: string; number: number; status: string; levels: number; items: number; published: boolean; retired: boolean }>(sql`
      select r.name, v.number, v.status, jsonb_array_length(v.scale) as levels, (select count(*)::int from rubric_items i where i.rubric_version_id = v.id) as items,
             v.published_at is not null as published, v.retired_at is not null as retired
      from rubric_versions v join rubrics r on r.id = v.rubric_id where r.department_id = ${home} order by r.name, v.number`);
    expect(versions).toHaveLength(100);
    for (const shape of DEPARTMENT_RUBRICS) {
      const mine = versions.filter((v) => v.name.startsWith(shape.name));
      expect(mine).toHaveLength(shape.versions);
      for (const v of mine) {
        expect([v.levels, v.items, v.published]).toEqual([shape.levels, shape.groups * shape.itemsPerGroup, true]);
        expect([v.status, v.retired]).toEqual(v.number === shape.versions ? ['published', false] : ['retired', true]);
      }
    }
    expect(versions.some((v) => v.items === 30 && v.levels === 7)).toBe(true);
    const [institution] = await rows<{ n: number }>(sql`
      select count(*)::int as n from rubric_versions v join rubrics r on r.id = v.rubric_id
      where r.department_id is null and r.name like ${`${INSTITUTION_RUBRIC.name}%`} and v.status = 'published'`);
    expect(institution.n).toBe(INSTITUTION_RUBRIC.versions);
    const [d] = await rows<{ name: string }>(sql`select r.name from rubric_defaults d join rubrics r on r.id = d.rubric_id where d.department_id = ${home}`);
    expect(d.name).toMatch(DEPARTMENT_RUBRICS[0].name);
  });

  it('leaves the seeded versions frozen: the triggers refuse a change to a published version’s items', async () => {
    const [item] = await rows<{ id: string }>(sql`
      select i.id from rubric_items i join rubric_versions v on v.id = i.rubric_version_id join rubrics r on r.id = v.rubric_id
      where r.department_id = ${withVersions.first.departmentId} and v.status = 'published' limit 1`);
    const err = await t.db.execute(sql`update rubric_items set title = 'changed' where id = ${item.id}`).then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(String((err as { cause?: unknown }).cause ?? err)).toMatch(/not a draft/);
  });

  it('spreads each department’s observations over three published versions of the institution or that department', async () => {
    const per = await rows<{ department_id: number; version: string; rubric_department: number | null; status: string; n: number }>(sql`
      select o.department_id, v.id as version, r.department_id as rubric_department, v.status, count(*)::int as n
      from (${runObservations(withVersions.tag)}) o join rubric_versions v on v.id = o.rubric_version_id join rubrics r on r.id = v.rubric_id
      group by 1, 2, 3, 4`);
    const departments = new Set(per.map((p) => p.department_id));
    expect(departments.size).toBe(withVersions.departments);
    for (const dept of departments) {
      const mine = per.filter((p) => p.department_id === dept);
      expect(mine).toHaveLength(3);
      expect(mine.some((p) => p.version === SPEC_RUBRIC_VERSION_ID)).toBe(true);
      const total = mine.reduce((n, p) => n + p.n, 0);
      for (const p of mine) {
        expect(p.status).toBe('published');
        expect([null, dept]).toContain(p.rubric_department);
        expect(p.n / total).toBeGreaterThan(0.25);
      }
    }
    expect(per.filter((p) => p.department_id === withVersions.first.departmentId && p.rubric_department === withVersions.first.departmentId)).toHaveLength(2);
  });

  it('scores every item of the observation’s version on one of its levels, the totals their sum', async () => {
    const bad = await rows(sql`
      select m.id from meetings m join (${runObservations(withVersions.tag)}) o on o.id = m.observation_id
      join rubric_versions v on v.id = o.rubric_version_id
      join rubric_scores s on s.meeting_id = m.id join rubric_items i on i.id = s.rubric_item_id
      where m.status = 'Completed'
      group by m.id, m.observer_score, m.faculty_score, v.id
      having count(*) filter (where s.side = 'observer') <> (select count(*) from rubric_items x where x.rubric_version_id = v.id)
          or count(*) filter (where s.side = 'faculty') <> (select count(*) from rubric_items x where x.rubric_version_id = v.id)
          or bool_or(i.rubric_version_id <> v.id)
          or bool_or(not exists (select 1 from jsonb_array_elements(v.scale) l where (l->>'value')::int = s.score))
          or sum(s.score) filter (where s.side = 'observer') <> m.observer_score
          or sum(s.score) filter (where s.side = 'faculty') <> m.faculty_score`);
    expect(bad).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(sql`
      select count(*)::int as n from rubric_scores s join meetings m on m.id = s.meeting_id join observations o on o.id = m.observation_id
      join rubric_items i on i.id = s.rubric_item_id where i.rubric_version_id <> o.rubric_version_id`);
    expect(n).toBe(0);
  });

  it('puts a run without the option on SPEC’s version only, and adds no version', async () => {
    const per = await rows<{ version: string; n: number }>(sql`select rubric_version_id as version, count(*)::int as n from (${runObservations(without.tag)}) o group by 1`);
    expect(per).toEqual([{ version: SPEC_RUBRIC_VERSION_ID, n: 100 }]);
    expect(without.rows.rubricVersions).toBeUndefined();
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from rubric_versions`);
    expect(n).toBe(1 + withVersions.rows.rubricVersions);
  });

  it('serves the first department per version: documents with the version’s maximum, analytics of each version, the versions in the feed', async () => {
    const hod = await t.login(withVersions.first.hod);
    const list = await t.get('/api/observations', hod);
    expect(list.statusCode, list.body).toBe(200);
    const docs = list.json() as { id: string; rubricVersionId: string; status: string }[];
    const versions = [...new Set(docs.map((d) => d.rubricVersionId))];
    expect(versions).toHaveLength(3);

    const [wide] = await rows<{ id: string }>(sql`
      select o.id from (${runObservations(withVersions.tag)}) o join rubric_versions v on v.id = o.rubric_version_id join rubrics r on r.id = v.rubric_id
      where o.status = 'Completed' and r.name like ${`${DEPARTMENT_RUBRICS[0].name}%`} limit 1`);
    const doc = await t.get(`/api/observation/${wide.id}`, hod);
    expect(doc.statusCode, doc.body).toBe(200);
    const meeting = (doc.json() as { meetings: { informedObservation: { maximum: number; observerScore: number } } }).meetings.informedObservation;
    expect(meeting.maximum).toBe(30 * 7);
    expect(meeting.observerScore).toBeGreaterThan(0);

    for (const v of versions) {
      const a = await t.get(`/api/analytics?rubricVersionId=${v}`, hod);
      expect(a.statusCode, a.body).toBe(200);
      const body = a.json() as { rubricVersionId: string; items: unknown[]; itemAverages: unknown[]; versions: unknown[] };
      expect(body.rubricVersionId).toBe(v);
      expect(body.versions).toHaveLength(3);
      expect(body.itemAverages.length).toBeGreaterThan(0);
      const [{ items }] = await rows<{ items: number }>(sql`select count(*)::int as items from rubric_items where rubric_version_id = ${v}`);
      expect(body.items).toHaveLength(items);
    }

    // The HOD builds the department's rubrics: its 100 versions, the institution rubric's two and SPEC's.
    expect((await syncedVersions(hod)).size).toBe(100 + INSTITUTION_RUBRIC.versions + 1);
  });

  it('replicates to an observer the published versions only: the retired ones are on none of their observations', async () => {
    const observer = await t.login(withVersions.first.observer);
    const synced = await syncedVersions(observer);
    const [{ n }] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (${runObservations(withVersions.tag)}) o join users u on u.id = o.observer_id
      join rubric_versions v on v.id = o.rubric_version_id where u.email = ${withVersions.first.observer} and v.status = 'retired'`);
    expect(n).toBe(0);
    // The department's two rubrics' newest, the institution rubric's two and SPEC's: none of the 98 retired.
    expect(synced.size).toBe(DEPARTMENT_RUBRICS.length + INSTITUTION_RUBRIC.versions + 1);
    const statuses = await rows<{ status: string }>(sql`select status from rubric_versions where id in ${sql`(${sql.join([...synced].map((id) => sql`${id}::uuid`), sql`, `)})`}`);
    expect(statuses.every((s) => s.status === 'published')).toBe(true);
  });
});
