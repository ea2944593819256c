/**
 * `--rubric-versions` of the scale seed (docs/adr/2026-11-28-rubric-versions.md at scale, docs/performance.md
 * "Rubric versions at scale"): rubrics with many versions, in the rows the builder service writes
 * (services/rubrics/builder.ts and versions.ts: a rubric, its numbered versions with a scale, each version's items
 * in group order with a descriptor per level), and the seeded observations spread over three published versions.
 *
 *   - The first department of the run gets 100 versions: a rubric of 30 items × 7 levels (60 versions) and a
 *     shorter one of 16 items × 5 levels (40 versions); the newest of each is published, the older ones retired
 *     (publish, then retire: what the builder and the frozen-version triggers allow). It is the department's
 *     default rubric, as a HOD who built it would set.
 *   - The institution gets one rubric of 30 items × 7 levels with two published versions: the versions other
 *     departments may score on (an observation's version is the institution's or its department's: choose.ts).
 *   - Each department's observations go round SPEC's version and its two others in turn (the first department:
 *     its two rubrics' newest versions; the others: the institution rubric's two versions).
 *
 * Versions are inserted as drafts with their items, then published and retired by UPDATE, so the triggers that
 * freeze a published version see the same order of events as through the builder. Every version was published
 * before the oldest seeded observation was initiated.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rubricDefaults } from '../../db/schema.js';
import { bulkInsert } from './bulk.js';
import type { Department } from './people.js';

/** A version observations are scored on: its items in group order and its level values, ascending. */
export interface ScoredVersion {
  id: string;
  itemIds: string[];
  values: number[];
}

/** Versions per rubric of the first department (100 together), and the institution rubric's. */
export const DEPARTMENT_RUBRICS = [
  { name: 'Teaching practice rubric', groups: 5, itemsPerGroup: 6, levels: 7, versions: 60, published: 1 },
  { name: 'Short walkthrough rubric', groups: 4, itemsPerGroup: 4, levels: 5, versions: 40, published: 1 },
] as const;
export const INSTITUTION_RUBRIC = { name: 'Institution rubric 30 × 7', groups: 5, itemsPerGroup: 6, levels: 7, versions: 2, published: 2 } as const;

const LEVEL_LABELS = ['Not evident', 'Emerging', 'Developing', 'Approaching', 'Proficient', 'Accomplished', 'Exemplary'];
const DAY = 86_400_000;

interface Shape {
  name: string;
  groups: number;
  itemsPerGroup: number;
  levels: number;
  versions: number;
  /** How many of the newest versions stay published (the older ones are retired). */
  published: number;
}

export interface RubricRows {
  rubrics: Record<string, unknown>[];
  versions: Record<string, unknown>[];
  items: Record<string, unknown>[];
  /** { id, p: published at, b: published by, t: retired at or null } */
  lifecycle: Record<string, unknown>[];
}

/** The rows of one rubric and its versions; returns the published versions' scoring shapes, oldest first. */
function addRubric(rows: RubricRows, s: Shape, departmentId: number | null, by: string | null, tag: string, before: Date): ScoredVersion[] {
  const rubricId = randomUUID();
  const name = `${s.name} (${tag})`;
  const values = Array.from({ length: s.levels }, (_, i) => i + 1);
  const scale = values.map((value) => ({ value, label: LEVEL_LABELS[Math.round((value - 1) * ((LEVEL_LABELS.length - 1) / (s.levels - 1)))] }));
  const first = new Date(before.getTime() - (s.versions + 1) * DAY);
  rows.rubrics.push({ id: rubricId, name, department_id: departmentId, created_by: by, created_at: first.toISOString(), updated_at: first.toISOString() });
  const out: ScoredVersion[] = [];
  for (let n = 1; n <= s.versions; n++) {
    const id = randomUUID();
    const published = new Date(first.getTime() + n * DAY);
    rows.versions.push({ id, rubric_id: rubricId, number: n, scale, created_at: published.toISOString(), updated_at: published.toISOString() });
    // Only the newest versions stay published; each older one was retired when the next was published.
    const retired = n <= s.versions - s.published ? new Date(published.getTime() + DAY).toISOString() : null;
    rows.lifecycle.push({ id, p: published.toISOString(), b: by, t: retired });
    const itemIds: string[] = [];
    for (let g = 1; g <= s.groups; g++) {
      const code = String.fromCharCode(64 + g);
      for (let p = 1; p <= s.itemsPerGroup; p++) {
        const itemId = randomUUID();
        itemIds.push(itemId);
        rows.items.push({
          id: itemId,
          rubric_version_id: id,
          code,
          group_title: `Domain ${code}: ${['Planning', 'Environment', 'Instruction', 'Assessment', 'Professionalism'][(g - 1) % 5]}`,
          group_position: g,
          position: p,
          item_code: `${code}${p}`,
          title: `Component ${code}${p}, as revised in version ${n}`,
          guidance: `Look for evidence of component ${code}${p} across the whole lesson, not in one moment.`,
          descriptors: Object.fromEntries(values.map((v) => [String(v), `${scale[v - 1].label}: component ${code}${p} is ${['absent', 'rare', 'occasional', 'frequent', 'consistent', 'consistent and adapted', 'led by the students'][Math.round((v - 1) * (6 / (s.levels - 1)))]}.`])),
        });
      }
    }
    if (!retired) out.push({ id, itemIds, values });
  }
  return out;
}

/**
 * Inserts the rubrics and versions and answers, per department id, the two non-SPEC versions its observations
 * take turns with SPEC's.
 */
export async function seedRubricVersions(tx: Tx, depts: Department[], tag: string, before: Date): Promise<{ byDepartment: Map<number, ScoredVersion[]>; rows: Record<string, number> }> {
  const rows: RubricRows = { rubrics: [], versions: [], items: [], lifecycle: [] };
  const [home, ...others] = depts;
  const homeVersions = DEPARTMENT_RUBRICS.map((s) => addRubric(rows, s, home.id, home.hod.id, tag, before).at(-1)!);
  const homeRubricId = rows.rubrics[0].id as string;
  const institution = addRubric(rows, INSTITUTION_RUBRIC, null, null, tag, before);

  const ts = 'timestamptz';
  await bulkInsert(tx, 'rubrics', { id: 'uuid', name: 'text', department_id: 'int', created_by: 'uuid', created_at: ts, updated_at: ts }, rows.rubrics);
  await bulkInsert(tx, 'rubric_versions', { id: 'uuid', rubric_id: 'uuid', number: 'int', scale: 'jsonb', created_at: ts, updated_at: ts }, rows.versions);
  await bulkInsert(tx, 'rubric_items', { id: 'uuid', rubric_version_id: 'uuid', code: 'text', group_title: 'text', group_position: 'int', position: 'int', item_code: 'text', title: 'text', guidance: 'text', descriptors: 'jsonb' }, rows.items);
  const lifecycle = JSON.stringify(rows.lifecycle);
  await tx.execute(sql`UPDATE rubric_versions v SET status = 'published', published_at = r.p, published_by = r.b, updated_at = r.p
    FROM json_to_recordset(${lifecycle}::json) AS r(id uuid, p timestamptz, b uuid, t timestamptz) WHERE v.id = r.id`);
  await tx.execute(sql`UPDATE rubric_versions v SET status = 'retired', retired_at = r.t, updated_at = r.t
    FROM json_to_recordset(${lifecycle}::json) AS r(id uuid, p timestamptz, b uuid, t timestamptz) WHERE v.id = r.id AND r.t IS NOT NULL`);
  await tx
    .insert(rubricDefaults)
    .values({ departmentId: home.id, rubricId: homeRubricId, setBy: home.hod.id, setAt: before })
    .onConflictDoUpdate({ target: rubricDefaults.departmentId, set: { rubricId: homeRubricId, setBy: home.hod.id, setAt: before } });

  const byDepartment = new Map<number, ScoredVersion[]>([[home.id, homeVersions]]);
  for (const d of others) byDepartment.set(d.id, institution);
  return {
    byDepartment,
    rows: { rubrics: rows.rubrics.length, rubricVersions: rows.versions.length, rubricItems: rows.items.length, departmentVersions: DEPARTMENT_RUBRICS.reduce((n, s) => n + s.versions, 0) },
  };
}
