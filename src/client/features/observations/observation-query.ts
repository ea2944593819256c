/**
 * The list page's query over the replica (must stay fast with 10 000 observations). Without filters it reads
 * one page through the createdAt index (newest first) and counts with the primary key — no document beyond
 * the page is deserialised. With filters it walks the createdAt index once, keeping only matches.
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

export async function queryObservationPage(db: ReplicaDb, f: ObservationFilters, page: number, pageSize: number): Promise<ObservationPage> {
  const offset = Math.max(0, page - 1) * pageSize;
  const newestFirst = db.observations.orderBy('createdAt').reverse();
  if (f.statuses.length === 0 && f.semesters.length === 0) {
    const [total, rows] = await Promise.all([db.observations.count(), newestFirst.offset(offset).limit(pageSize).toArray()]);
    return { total, rows: rows as Observation[] };
  }
  const all = (await newestFirst.filter((o) => matchesFilters(o as Observation, f)).toArray()) as Observation[];
  return { total: all.length, rows: all.slice(offset, offset + pageSize) };
}
