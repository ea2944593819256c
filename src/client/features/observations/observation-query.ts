/**
 * The list page's query over the replica (must stay fast with 10 000 observations). Observation documents are
 * large (plans, rubric rows), so the query works on keys and reads only the page's ten documents:
 *
 *   order   the createdAt index, newest first (primary keys only — nothing deserialised)
 *   status  the status index (primary keys only)
 *   semester not indexed in the replica schema: an id → semester map, filled once per observation (the semester
 *           never changes after initiation), so only the first semester filter reads documents
 *   page    bulkGet of the ten ids
 */
import type { Observation } from '../../../shared/contract/observations.js';
import type { ReplicaDb } from '../../db/db.js';

export interface ObservationFilters {
  statuses: string[];
  semesters: string[];
}

export function matchesFilters(o: Pick<Observation, 'status' | 'semester'>, f: ObservationFilters): boolean {
  return (f.statuses.length === 0 || f.statuses.includes(o.status)) && (f.semesters.length === 0 || f.semesters.includes(o.semester));
}

export interface ObservationPage {
  rows: Observation[];
  total: number;
}

const semesterOf = new Map<string, string>();
const FILL_BATCH = 500;

async function fillSemesters(db: ReplicaDb, ids: readonly string[]): Promise<void> {
  const missing = ids.filter((id) => !semesterOf.has(id));
  for (let i = 0; i < missing.length; i += FILL_BATCH) {
    const batch = missing.slice(i, i + FILL_BATCH);
    const docs = await db.observations.bulkGet(batch);
    docs.forEach((d, k) => {
      if (d) semesterOf.set(batch[k], String(d.semester));
    });
  }
}

export async function queryObservationPage(db: ReplicaDb, f: ObservationFilters, page: number, pageSize: number): Promise<ObservationPage> {
  const offset = Math.max(0, page - 1) * pageSize;
  const newestFirst = db.observations.orderBy('createdAt').reverse();
  if (f.statuses.length === 0 && f.semesters.length === 0) {
    const [total, rows] = await Promise.all([db.observations.count(), newestFirst.offset(offset).limit(pageSize).toArray()]);
    return { total, rows: rows as Observation[] };
  }
  let ids = (await newestFirst.primaryKeys()) as string[];
  if (f.statuses.length > 0) {
    const withStatus = new Set((await db.observations.where('status').anyOf(f.statuses).primaryKeys()) as string[]);
    ids = ids.filter((id) => withStatus.has(id));
  }
  if (f.semesters.length > 0) {
    await fillSemesters(db, ids);
    ids = ids.filter((id) => f.semesters.includes(semesterOf.get(id) ?? ''));
  }
  const rows = (await db.observations.bulkGet(ids.slice(offset, offset + pageSize))).filter((r) => r !== undefined);
  return { total: ids.length, rows: rows as Observation[] };
}
