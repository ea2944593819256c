/**
 * `npm run seed:scale -- --observations N`: adds a university's worth of history to the database in bulk (see
 * docs/operations/scaling.md). Everything of one run is one transaction: it all lands or nothing does.
 *
 * Shape: ~5.5 observations per faculty member over `years` (3–5) years, the older ones Completed, and for about a
 * third of the faculty a current one open at one of the stages of the cycle (at most one open per faculty
 * member: observations_open_faculty_key). Everyone of an observation belongs to its department.
 *
 * Triggers: the version triggers run on every row as usual (the sync feed sees every row). The `*_touch`
 * triggers, which bump an observation when one of its parts changes, are switched off for the transaction only:
 * the parts are inserted in the transaction that inserts their observation, whose version already covers them,
 * and a touch per part (a million updates at 10 000 observations) would take the run from seconds to an hour.
 * DISABLE TRIGGER is transactional and is undone before commit (and by a rollback).
 *
 * `rubricVersions` (`--rubric-versions`): rubrics with 100 versions in the first department and the observations
 * spread over three published versions (rubric-versions.ts); without it every observation is on SPEC's version.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { planTemplates, planTemplateSteps, rubricItems, SPEC_RUBRIC_VERSION_ID } from '../../db/schema.js';
import { RUBRIC_MAX, RUBRIC_MIN } from '../../../shared/constants.js';
import { hashPassword } from '../../services/auth/password.js';
import { DEMO_PASSWORD } from '../demo-accounts.js';
import { bulkInsert } from './bulk.js';
import { addCycle, LAST_DAY, Rows, STAGES, type CycleContext, type Stage } from './cycles.js';
import { seedPeople } from './people.js';
import { rng } from './random.js';
import { seedRubricVersions, type ScoredVersion } from './rubric-versions.js';
import { SAMPLE_PDF } from './sample-file.js';

export interface ScaleOptions {
  observations: number;
  domain: string;
  /** Where artifact files go (DATA_DIR/artifacts); null = no artifacts (files live in an object store). */
  artifactsDir: string | null;
  years?: number;
  seed?: number;
  now?: Date;
  /** Add rubrics with many versions and spread the observations over three versions (rubric-versions.ts). */
  rubricVersions?: boolean;
}

export interface ScaleSummary {
  tag: string;
  seconds: number;
  departments: number;
  users: number;
  courses: number;
  rows: Record<string, number>;
  byStage: Record<string, number>;
  /** The run's first department (the one --rubric-versions gives its rubrics): its HOD's and an observer's emails. */
  first: { departmentId: number; hod: string; observer: string };
}

const DAY = 86_400_000;
const OBSERVATIONS_PER_FACULTY = 5.5;
const OPEN_SHARE = 0.35;
const OPEN_STAGES = STAGES.filter((s) => s !== 'completed');
const TOUCH_TRIGGERS: [string, string][] = [
  ['scheduling_requests', 'scheduling_requests_touch'],
  ['observation_plans', 'observation_plans_touch'],
  ['meetings', 'meetings_touch'],
  ['post_observations', 'post_observations_touch'],
  ['observation_plan_steps', 'observation_plan_steps_touch'],
  ['rubric_scores', 'rubric_scores_touch'],
  ['post_observation_slots', 'post_observation_slots_touch'],
  ['artifacts', 'artifacts_touch'],
  ['course_departments', 'course_departments_touch'],
];

export async function seedScale(db: Db, o: ScaleOptions): Promise<ScaleSummary> {
  if (!Number.isInteger(o.observations) || o.observations < 1) throw new Error('--observations must be a positive whole number');
  const started = Date.now();
  const now = o.now ?? new Date();
  const years = Math.min(5, Math.max(3, o.years ?? 4));
  const r = rng(o.seed ?? 20_251_124);
  const tag = randomBytes(3).toString('hex');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const facultyCount = Math.max(3, Math.round(o.observations / OBSERVATIONS_PER_FACULTY));

  return db.transaction(async (tx) => {
    const base = await context(tx);
    for (const [table, trigger] of TOUCH_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`));
    const depts = await seedPeople(tx, r, { tag, facultyCount, domain: o.domain, passwordHash, now });
    const start = now.getTime() - years * 365 * DAY;
    const spread = o.rubricVersions ? await seedRubricVersions(tx, depts, tag, new Date(start - DAY)) : null;
    const rubricFor = (departmentId: number, turn: number): ScoredVersion => {
      const versions = [base.spec, ...(spread?.byDepartment.get(departmentId) ?? [])];
      return versions[turn % versions.length];
    };
    const ctx: CycleContext = { ...base, rubricFor, scoreRng: rng((o.seed ?? 20_251_124) + 1), artifacts: o.artifactsDir !== null };

    const rows = new Rows();
    const byStage: Record<string, number> = {};
    const faculty = depts.flatMap((d) => d.faculty.map((f) => ({ f, d })));
    let openCount = 0;
    for (const [i, { f, d }] of faculty.entries()) {
      const count = Math.floor(o.observations / faculty.length) + (i < o.observations % faculty.length ? 1 : 0);
      if (count === 0) continue;
      const ability = 1.6 + r.next() * 2;
      const cycle = (created: number, stage: Stage, stretch: number) => {
        byStage[stage] = (byStage[stage] ?? 0) + 1;
        addCycle(rows, ctx, r, { faculty: f, observer: r.pick(d.observers), hod: d.hod, created: new Date(created), stage, stretch, ability }, now);
      };
      // Open stages go round the faculty in turn, so even a small run has every stage.
      const open = r.chance(OPEN_SHARE) ? OPEN_STAGES[openCount++ % OPEN_STAGES.length] : null;
      let end = now.getTime() - 60 * DAY;
      if (open) {
        const stretch = 1 + r.next() * 1.5;
        const created = now.getTime() - (LAST_DAY[open] * stretch + r.next() * 10) * DAY;
        cycle(created, open, stretch);
        end = created - 60 * DAY;
      }
      const done = open ? count - 1 : count;
      for (let j = 0; j < done; j++) {
        cycle(start + ((end - start) * (j + 0.1 + 0.8 * r.next())) / done, 'completed', 1 + r.next() * 1.5);
      }
    }
    await insertRows(tx, rows, [base.spec, ...new Set([...(spread?.byDepartment.values() ?? [])].flat())]);
    if (o.artifactsDir) await writeFiles(o.artifactsDir, rows.files);
    for (const [table, trigger] of TOUCH_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`));

    return {
      tag,
      seconds: (Date.now() - started) / 1000,
      departments: depts.length,
      users: depts.reduce((n, d) => n + 1 + d.observers.length + d.faculty.length, 0),
      courses: faculty.length,
      rows: {
        ...Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, (v as unknown[]).length])),
        // rows.scores holds one entry per meeting side; the table gets one row per rubric item of it.
        scores: rows.scores.reduce((n, s) => n + (s.v as number[]).length, 0),
        ...spread?.rows,
      },
      byStage,
      first: { departmentId: depts[0].id, hod: depts[0].hod.email, observer: depts[0].observers[0].email },
    };
  });
}

async function context(tx: Tx): Promise<Pick<CycleContext, 'teaching' | 'reflection'> & { spec: ScoredVersion }> {
  const items = await tx
    .select({ id: rubricItems.id })
    .from(rubricItems)
    .where(eq(rubricItems.rubricVersionId, SPEC_RUBRIC_VERSION_ID))
    .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  const plan = async (type: 'Teaching' | 'Reflection') => {
    const [tpl] = await tx.select({ id: planTemplates.id }).from(planTemplates).where(eq(planTemplates.type, type));
    if (!tpl) throw new Error(`seed:scale: no ${type} master plan (run the base seed first)`);
    const steps = await tx.select().from(planTemplateSteps).where(eq(planTemplateSteps.templateId, tpl.id)).orderBy(asc(planTemplateSteps.position));
    return { id: tpl.id, steps };
  };
  if (items.length !== 20) throw new Error(`seed:scale: expected 20 rubric items, found ${items.length}`);
  const spec = { id: SPEC_RUBRIC_VERSION_ID, itemIds: items.map((i) => i.id), values: Array.from({ length: RUBRIC_MAX - RUBRIC_MIN + 1 }, (_, v) => RUBRIC_MIN + v) };
  return { spec, teaching: await plan('Teaching'), reflection: await plan('Reflection') };
}

/**
 * Parts of observations carry no version of their own (their observation's covers them). When the role may
 * (superuser: PGlite always, PostgreSQL when the app connects as one), they are inserted with
 * `session_replication_role = replica`, which skips their per-row foreign-key checks: every referenced row was
 * created a moment ago in this transaction, and the checks are most of the cost of a million rows. Rows with a
 * version (observations, chat, notifications) always go in with every trigger.
 */
async function insertRows(tx: Tx, rows: Rows, versions: ScoredVersion[]): Promise<void> {
  const ts = 'timestamptz';
  await bulkInsert(tx, 'observations', { id: 'uuid', faculty_id: 'uuid', observer_id: 'uuid', hod_id: 'uuid', department_id: 'int', course_id: 'uuid', semester: 'text', status: 'text', progress: 'int', rubric_version_id: 'uuid', starting: ts, ending: ts, created_at: ts, updated_at: ts }, rows.observations);
  const res = (await tx.execute(sql`select current_setting('is_superuser') as su`)) as unknown as { rows: { su: string }[] };
  const su = res.rows[0]?.su;
  if (su === 'on') await tx.execute(sql`set local session_replication_role = replica`);
  await bulkInsert(tx, 'scheduling_requests', { id: 'uuid', observation_id: 'uuid', status: 'text', time_slot_by_observer: 'jsonb', time_slots_by_faculty: 'jsonb', scheduled_on: ts, faculty_accepted: 'boolean', observer_accepted: 'boolean', created_at: ts, updated_at: ts }, rows.schedulingRequests);
  await bulkInsert(tx, 'observation_plans', { id: 'uuid', observation_id: 'uuid', type: 'text', template_id: 'uuid', edited_by: 'uuid', edited_at: ts }, rows.plans);
  await bulkInsert(tx, 'observation_plan_steps', { p: 'uuid', t: 'uuid', r: 'text' }, rows.planSteps, {
    target: ['plan_id', 'template_step_id', 'position', 'key', 'code', 'name', 'field', 'response'],
    select: 'r.p, s.id, s.position, s.key, s.code, s.name, s.field, r.r',
    join: 'JOIN plan_template_steps s ON s.id = r.t',
  });
  await bulkInsert(tx, 'meetings', { id: 'uuid', observation_id: 'uuid', kind: 'text', status: 'text', observer_score: 'real', faculty_score: 'real', created_at: ts, updated_at: ts }, rows.meetings);
  // Each side's scores go to its version's items in order: the version's item ids inline, chosen by r.rv (the ids
  // are uuids this process made or read, never input).
  const arrays = versions.map((v) => `WHEN '${v.id}'::uuid THEN ARRAY[${v.itemIds.map((id) => `'${id}'`).join(',')}]::uuid[]`).join(' ');
  await bulkInsert(tx, 'rubric_scores', { m: 'uuid', s: 'text', v: 'json', rv: 'uuid', at: ts }, rows.scores, {
    target: ['meeting_id', 'rubric_item_id', 'side', 'score', 'updated_at'],
    select: 'r.m, i.id, r.s, (r.v->>(i.n::int - 1))::int, r.at',
    join: `CROSS JOIN LATERAL unnest(CASE r.rv ${arrays} END) WITH ORDINALITY AS i(id, n) WHERE i.n <= json_array_length(r.v)`,
  });
  await bulkInsert(tx, 'post_observations', { id: 'uuid', observation_id: 'uuid', status: 'text', location: 'text', scheduled_on: ts, time_slot_by_faculty: 'uuid', created_at: ts, updated_at: ts }, rows.posts);
  await bulkInsert(tx, 'post_observation_slots', { id: 'uuid', post_observation_id: 'uuid', date_time: ts }, rows.postSlots);
  await bulkInsert(tx, 'artifacts', { id: 'uuid', post_observation_id: 'uuid', name: 'text', type: 'text', file_url: 'text', storage_key: 'text', size: 'bigint', uploaded_by: 'uuid', created_at: ts }, rows.artifacts);
  if (su === 'on') await tx.execute(sql`set local session_replication_role = origin`);
  await bulkInsert(tx, 'observation_messages', { id: 'uuid', observation_id: 'uuid', author_id: 'uuid', body: 'text', created_at: ts }, rows.messages);
  await bulkInsert(tx, 'notifications', { id: 'uuid', user_id: 'uuid', title: 'text', message: 'text', route: 'text', open: 'boolean', created_at: ts }, rows.notifications);
  await bulkInsert(tx, 'email_outbox', { id: 'uuid', to: 'text', subject: 'text', body: 'text', template_type: 'text', created_at: ts, sent_at: ts }, rows.emails);
}

async function writeFiles(dir: string, keys: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < keys.length; i += 64) {
    await Promise.all(keys.slice(i, i + 64).map((k) => writeFile(path.join(dir, k), SAMPLE_PDF)));
  }
}
