/**
 * seed:scale (src/server/seed/scale): 200 observations twice into one database (PGlite, or PostgreSQL with
 * OBSERVA_TEST_DB=postgres). Each run adds, never collides; the rows keep every rule the services keep (one open
 * observation per faculty member, status and progress from the stages, totals out of 80 from the scores, people
 * of the observation's department), versions are bumped, the touch triggers are back on, and the API serves it.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleProgress, cycleStatus } from '../../../src/shared/cycle.js';
import { STAGES } from '../../../src/server/seed/scale/cycles.js';
import { seedScale, type ScaleSummary } from '../../../src/server/seed/scale/index.js';
import { createTestApp, TEST_DOMAIN, type TestApp } from '../support/helpers.js';

let t: TestApp;
const files = mkdtempSync(path.join(tmpdir(), 'observa-scale-'));
const runs: ScaleSummary[] = [];
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (table: string) => Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  const before = await count('observations');
  for (let i = 0; i < 2; i++) {
    runs.push(await seedScale(t.db, { observations: 200, domain: TEST_DOMAIN, artifactsDir: files, seed: 7 + i }));
    expect(await count('observations')).toBe(before + 200 * (i + 1));
  }
}, 180_000);
afterAll(() => t?.close());

describe('seed:scale', () => {
  it('adds fresh people each run: unique emails and course codes, departments shared by name', async () => {
    expect(runs[0].tag).not.toBe(runs[1].tag);
    const dupEmails = await rows(sql`select lower(email) from users group by 1 having count(*) > 1`);
    const dupCodes = await rows(sql`select course_code from courses group by 1 having count(*) > 1`);
    expect(dupEmails).toEqual([]);
    expect(dupCodes).toEqual([]);
    expect(runs[1].departments).toBe(runs[0].departments);
    for (const r of runs) expect(Object.keys(r.byStage).sort()).toEqual([...STAGES].sort());
  });

  it('keeps one open observation per faculty member, mostly Completed, spread over years and semesters', async () => {
    const open = await rows(sql`select faculty_id from observations where status <> 'Completed' group by 1 having count(*) > 1`);
    expect(open).toEqual([]);
    const [s] = await rows<{ done: number; all: number; oldest: string; newest: string; semesters: number }>(
      sql`select count(*) filter (where status = 'Completed')::int as done, count(*)::int as all, min(created_at)::text as oldest,
                 max(created_at)::text as newest, count(distinct semester)::int as semesters from observations`,
    );
    expect(s.done / s.all).toBeGreaterThan(0.8);
    const years = (Date.parse(s.newest) - Date.parse(s.oldest)) / (365 * 86_400_000);
    expect(years).toBeGreaterThan(3);
    expect(years).toBeLessThanOrEqual(5);
    expect(s.semesters).toBe(3);
  });

  it('stores status and progress as the cycle derives them from the stages', async () => {
    const all = await rows<{ status: string; progress: number; req: string | null; inf: string | null; un: string | null; post: string | null; ending: string | null; course: string | null }>(sql`
      select o.status, o.progress, r.status as req, i.status as inf, u.status as un, p.status as post, o.ending::text as ending, o.course_id as course
      from observations o
      left join scheduling_requests r on r.observation_id = o.id
      left join meetings i on i.observation_id = o.id and i.kind = 'informed'
      left join meetings u on u.observation_id = o.id and u.kind = 'uninformed'
      left join post_observations p on p.observation_id = o.id`);
    for (const o of all) {
      const state = { obsRequest: o.req, informed: o.inf, uninformed: o.un, post: o.post };
      expect([o.status, o.progress]).toEqual([cycleStatus(state), cycleProgress(state)]);
      expect(o.ending !== null).toBe(o.status === 'Completed');
      expect(o.course !== null).toBe(o.req !== null);
    }
    expect(new Set(all.map((o) => o.progress))).toEqual(new Set([0, 10, 50, 80, 100]));
  });

  it('locked meetings hold twenty scores a side, 0–4, summing to the totals out of 80', async () => {
    const bad = await rows(sql`
      select m.id from meetings m join rubric_scores s on s.meeting_id = m.id
      where m.status = 'Completed'
      group by m.id, m.observer_score, m.faculty_score
      having count(*) filter (where s.side = 'observer') <> 20 or count(*) filter (where s.side = 'faculty') <> 20
          or sum(s.score) filter (where s.side = 'observer') <> m.observer_score
          or sum(s.score) filter (where s.side = 'faculty') <> m.faculty_score
          or min(s.score) < 0 or max(s.score) > 4`);
    expect(bad).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from meetings where status = 'Completed' and (observer_score is null or faculty_score is null or observer_score > 80)`);
    expect(n).toBe(0);
  });

  it('puts faculty, observer and HOD of an observation in its department', async () => {
    const [{ n }] = await rows<{ n: number }>(sql`
      select count(*)::int as n from observations o
      join users f on f.id = o.faculty_id join users ob on ob.id = o.observer_id join users h on h.id = o.hod_id
      where f.department_id <> o.department_id or ob.department_id <> o.department_id or h.department_id <> o.department_id
         or f.role <> 'Faculty' or ob.role <> 'Observer' or h.role <> 'Head_of_Department'`);
    expect(n).toBe(0);
  });

  it('bumps sync versions and leaves the touch triggers on', async () => {
    const [{ zero }] = await rows<{ zero: number }>(sql`
      select (select count(*) from observations where version = 0) + (select count(*) from notifications where version = 0)
           + (select count(*) from users where version = 0) + (select count(*) from observation_messages where version = 0) as zero`);
    expect(Number(zero)).toBe(0);
    const triggers = await rows<{ tgname: string; tgenabled: string }>(sql`select tgname, tgenabled from pg_trigger where tgname like '%\_touch'`);
    expect(triggers.length).toBeGreaterThanOrEqual(9);
    for (const tr of triggers) expect(tr.tgenabled, tr.tgname).toBe('O');
  });

  it('writes a file for every artifact row', async () => {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from artifacts a join post_observations p on p.id = a.post_observation_id join observations o on o.id = p.observation_id where o.semester is not null`);
    expect(readdirSync(files).length).toBe(runs[0].rows.artifacts + runs[1].rows.artifacts);
    expect(n).toBeGreaterThanOrEqual(runs[0].rows.artifacts + runs[1].rows.artifacts);
  });

  it('serves the seeded university: demo and seeded accounts sign in, lists, documents and the sync feed answer', async () => {
    const admin = await t.login('superadmin');
    const list = await t.get('/api/observations', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as unknown[]).length).toBeGreaterThanOrEqual(400);

    const [hod] = await rows<{ email: string; department_id: number }>(sql`select email, department_id from users where role = 'Head_of_Department' and email like ${`%.${runs[1].tag}%`} limit 1`);
    const hodToken = await t.login(hod.email);
    const own = await t.get('/api/observations', hodToken);
    expect(own.statusCode).toBe(200);
    const docs = own.json() as { id: string; status: string }[];
    expect(docs.length).toBeGreaterThan(0);
    const detail = await t.get(`/api/observation/${docs[0].id}`, hodToken);
    expect(detail.statusCode, detail.body).toBe(200);

    const feed = await t.get('/api/sync/changes?since=0', admin);
    expect(feed.statusCode).toBe(200);
  });
});
