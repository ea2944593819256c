/**
 * The observation stream (SPEC §2 Dashboard, §9): Pending / Ongoing / Completed counts per period, computed from
 * the replica as IndexedDB count() calls on index ranges (db.ts v5: [scope+status(+semester)+createdAt]) — no
 * observation document is read, so 10 000 observations cost a few dozen index counts, not 10 000 objects in the
 * JS heap (tests/bench/client-memory.ts measures the rendered dashboard).
 *
 * Periods: Monthly (default; the 12 months of the chosen year), Quarter (January-March … of the chosen year),
 * Yearly (one bar per year present in the data — no hard-coded years) and Semesters (Spring, Summer, Fall of the
 * chosen year, from each observation's semester). The year of an observation is the UTC year of its ISO
 * `createdAt`, compared as a string prefix (the server writes ISO-8601 UTC).
 */
import { OBSERVATION_STATUSES, SEMESTERS, type ObservationStatus } from '../../../shared/enums.js';
import type { ReplicaDb } from '../../db/db.js';
import type { ObservationScope } from './observation-scope.js';

export const PERIODS = ['Monthly', 'Quarter', 'Yearly', 'Semesters'] as const;
export type Period = (typeof PERIODS)[number];

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
export const QUARTERS = ['January-March', 'April-June', 'July-September', 'October-December'] as const;

export type StreamRow = { period: string } & Record<ObservationStatus, number>;

export interface Stream {
  rows: StreamRow[];
  /** Years present in the data, ascending (the current year when there is no data). */
  years: number[];
  /** The year the rows are for (Monthly, Quarter, Semesters); null for Yearly. */
  year: number | null;
}

/** Faculty have no stream (SPEC §2), so there is no facultyId stream index. */
export type StreamScope = Exclude<ObservationScope, { by: 'facultyId' }>;

/** One bar: a createdAt range [from, to) as ISO prefixes, optionally one semester. */
interface Bucket {
  period: string;
  from: string;
  to: string;
  semester: string | null;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
// Bounds that hold every ISO date of years 0000–9999 and nothing else ('not a date' sorts after '9').
const FIRST = '0000';
const LAST = '9999\uffff';
/** Years further back than this from the newest are not walked one by one (bad data must not cost 9 000 counts). */
const MAX_YEARS = 50;

function indexFor(scope: StreamScope, semester: boolean): string {
  const fields = [...(scope.by === 'all' || scope.by === 'none' ? [] : [scope.by]), 'status', ...(semester ? ['semester'] : []), 'createdAt'];
  return `[${fields.join('+')}]`;
}

function prefixFor(scope: StreamScope): (string | number)[] {
  return scope.by === 'all' || scope.by === 'none' ? [] : [scope.value];
}

/** Observations of one status in one bucket, counted on the index. */
function countBucket(db: ReplicaDb, scope: StreamScope, status: string, b: Bucket): Promise<number> {
  if (scope.by === 'none') return Promise.resolve(0);
  const mid = b.semester == null ? [status] : [status, b.semester];
  const p = prefixFor(scope);
  return db.observations
    .where(indexFor(scope, b.semester != null))
    .between([...p, ...mid, b.from], [...p, ...mid, b.to], true, false)
    .count();
}

function yearOfKey(key: unknown): number | null {
  const iso = Array.isArray(key) ? key[key.length - 1] : null;
  if (typeof iso !== 'string' || iso.charCodeAt(4) !== 45 /* - */) return null;
  const y = Number(iso.slice(0, 4));
  return Number.isInteger(y) ? y : null;
}

/** Oldest and newest createdAt year in the scope: the first and last key of each status range. */
async function yearSpan(db: ReplicaDb, scope: StreamScope): Promise<[number, number] | null> {
  if (scope.by === 'none') return null;
  const p = prefixFor(scope);
  const idx = indexFor(scope, false);
  const ends = await Promise.all(
    OBSERVATION_STATUSES.flatMap((st) => {
      const range = () => db.observations.where(idx).between([...p, st, FIRST], [...p, st, LAST], true, true);
      return [range().limit(1).keys(), range().reverse().limit(1).keys()];
    }),
  );
  const years = ends.flat().map(yearOfKey).filter((y): y is number => y !== null);
  return years.length ? [Math.min(...years), Math.max(...years)] : null;
}

function emptyRows(labels: readonly string[]): StreamRow[] {
  return labels.map((period) => ({ period, Pending: 0, Ongoing: 0, Completed: 0 }));
}

async function countRows(db: ReplicaDb, scope: StreamScope, buckets: Bucket[]): Promise<StreamRow[]> {
  const counts = await Promise.all(buckets.flatMap((b) => OBSERVATION_STATUSES.map((st) => countBucket(db, scope, st, b))));
  const rows = emptyRows(buckets.map((b) => b.period));
  rows.forEach((r, i) => OBSERVATION_STATUSES.forEach((st, j) => (r[st] = counts[i * OBSERVATION_STATUSES.length + j])));
  return rows;
}

/** The bars of one year for Monthly, Quarter and Semesters. */
export function yearBuckets(period: Exclude<Period, 'Yearly'>, year: number): Bucket[] {
  const y = pad(year, 4);
  if (period === 'Monthly') return MONTHS.map((m, i) => ({ period: m, from: `${y}-${pad(i + 1, 2)}`, to: `${y}-${pad(i + 2, 2)}`, semester: null }));
  if (period === 'Quarter') return QUARTERS.map((q, i) => ({ period: q, from: `${y}-${pad(3 * i + 1, 2)}`, to: `${y}-${pad(3 * i + 4, 2)}`, semester: null }));
  return SEMESTERS.map((s) => ({ period: s, from: y, to: pad(year + 1, 4), semester: s }));
}

/**
 * Counts per period for the scope. `year` picks the year for Monthly, Quarter and Semesters (default: the
 * latest year in the data). Observations with an unknown status or a non-ISO date are not counted.
 */
export function loadStream(
  db: ReplicaDb,
  scope: StreamScope,
  period: Period,
  year?: number | null,
  nowYear = new Date().getUTCFullYear(),
): Promise<Stream> {
  // One read-only transaction for the few dozen counts instead of one transaction each.
  return db.transaction('r', db.observations, () => streamIn(db, scope, period, year, nowYear));
}

async function streamIn(db: ReplicaDb, scope: StreamScope, period: Period, year: number | null | undefined, nowYear: number): Promise<Stream> {
  const span = await yearSpan(db, scope);
  let years = [nowYear];
  let yearly: StreamRow[] = emptyRows([String(nowYear)]);
  if (span) {
    const first = Math.max(span[0], span[1] - MAX_YEARS + 1);
    const all = Array.from({ length: span[1] - first + 1 }, (_, i) => first + i);
    const rows = await countRows(db, scope, all.map((y) => ({ period: String(y), from: pad(y, 4), to: pad(y + 1, 4), semester: null })));
    yearly = rows.filter((r) => r.Pending + r.Ongoing + r.Completed > 0);
    years = yearly.map((r) => Number(r.period));
    if (years.length === 0) {
      years = [nowYear];
      yearly = emptyRows([String(nowYear)]);
    }
  }
  if (period === 'Yearly') return { rows: yearly, years, year: null };
  const chosen = year != null && years.includes(year) ? year : years[years.length - 1];
  return { rows: await countRows(db, scope, yearBuckets(period, chosen)), years, year: chosen };
}
