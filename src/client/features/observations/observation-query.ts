/**
 * The list page's query over the replica (must stay fast and small with 10 000 observations). It works on
 * index keys and reads only the page's ten documents, keeping only their summary fields, so the list renders the
 * same from either grain (src/shared/contract/observation-summary.ts) and never holds the table:
 *
 *   order     the createdAt index, newest first (cursor offset/limit)
 *   filters   [status+createdAt] / [status+semester+createdAt] ranges (counts and key cursors, see below)
 *   page      bulkGet of the ten ids
 */
import Dexie from 'dexie';
import type { Observation } from '../../../shared/contract/observations.js';
import { OBSERVATION_STATUSES } from '../../../shared/enums.js';
import type { ObservationSummary } from '../../../shared/contract/observation-summary.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import { getMeta, META } from '../../sync/meta.js';

/** Rows per page of the observation list. */
export const OBSERVATION_PAGE_SIZE = 10;

export interface ObservationFilters {
  statuses: string[];
  semesters: string[];
}

export function matchesFilters(o: Pick<Observation, 'status' | 'semester'>, f: ObservationFilters): boolean {
  return (f.statuses.length === 0 || f.statuses.includes(o.status)) && (f.semesters.length === 0 || f.semesters.includes(o.semester));
}

/**
 * A list row: the summary fields, plus the class dates when the replica holds the full document (a summary does
 * not carry them; the list shows '—' then).
 */
export type ObservationListRow = Pick<
  ObservationSummary,
  'id' | 'course' | 'facultyId' | 'observerId' | 'semester' | 'status' | 'observationProgress' | 'cycleLabel' | 'createdAt'
> & {
  faculty: { id: string; name: string };
  observer: { id: string; name: string };
  starting: string | null;
  ending: string | null;
};

export interface ObservationPage {
  rows: ObservationListRow[];
  total: number;
}

function toListRow(o: ReplicaRecord): ObservationListRow {
  const d = o as unknown as Observation;
  return {
    id: d.id,
    course: d.course ?? null,
    facultyId: d.facultyId,
    observerId: d.observerId,
    semester: d.semester,
    status: d.status,
    observationProgress: d.observationProgress ?? 0,
    cycleLabel: d.cycleLabel ?? '',
    createdAt: d.createdAt,
    faculty: { id: d.faculty?.id ?? d.facultyId, name: d.faculty?.name ?? '' },
    observer: { id: d.observer?.id ?? d.observerId, name: d.observer?.name ?? '' },
    starting: typeof d.starting === 'string' ? d.starting : null,
    ending: typeof d.ending === 'string' ? d.ending : null,
  };
}

export async function queryObservationPage(db: ReplicaDb, f: ObservationFilters, page: number, pageSize: number): Promise<ObservationPage> {
  const offset = Math.max(0, page - 1) * pageSize;
  const newestFirst = db.observations.orderBy('createdAt').reverse();
  if (f.statuses.length === 0 && f.semesters.length === 0) {
    const [total, rows] = await Promise.all([db.observations.count(), newestFirst.offset(offset).limit(pageSize).toArray()]);
    return { total, rows: rows.map(toListRow) };
  }
  // Filtered: one index range per (status[, semester]) pair on [status(+semester)+createdAt] (db.ts v5). The
  // total is the sum of their count()s; the page walks each range newest first with a key cursor for only
  // offset + pageSize keys (no document read), merges them by createdAt and reads the page's ten documents.
  // Nothing here is proportional to the table: reading every key costs ~1 s at 10 000 on a busy tablet.
  const statuses = f.statuses.length ? f.statuses : [...OBSERVATION_STATUSES];
  const ranges = statuses.flatMap((st) =>
    f.semesters.length
      ? f.semesters.map((sem) => db.observations.where('[status+semester+createdAt]').between([st, sem, Dexie.minKey], [st, sem, Dexie.maxKey]))
      : [db.observations.where('[status+createdAt]').between([st, Dexie.minKey], [st, Dexie.maxKey])],
  );
  const want = offset + pageSize;
  const [counts, heads] = await Promise.all([
    Promise.all(ranges.map((r) => r.count())),
    Promise.all(
      ranges.map(async (r) => {
        const out: { at: string; id: string }[] = [];
        await r.clone().reverse().limit(want).eachPrimaryKey((id, cursor) => {
          const key = cursor.key as unknown[];
          out.push({ at: String(key[key.length - 1]), id: String(id) });
        });
        return out;
      }),
    ),
  ]);
  const merged = heads.flat().sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  const ids = merged.slice(offset, want).map((k) => k.id);
  const rows = (await db.observations.bulkGet(ids)).filter((r) => r !== undefined);
  return { total: counts.reduce((a, b) => a + b, 0), rows: rows.map(toListRow) };
}

/**
 * The unfiltered first page, read as the navigation to the list starts (the route's loader, which does not wait
 * for it) so the table can show its rows in its first render instead of a spinner and a second render a frame
 * later. Taken once; older than PREFETCH_FRESH_MS it is not used (the table reads the replica itself), nor by
 * another viewer than the one it was read for, nor when the replica belonged to someone else at the time (a
 * sign-out and another sign-in in between: the rows would be the previous user's). The table's live query
 * replaces it with the current page at once either way.
 */
const PREFETCH_FRESH_MS = 5_000;
let prefetched: { at: number; pageSize: number; db: ReplicaDb; viewerId: string; page: ObservationPage | undefined } | null = null;

export function prefetchFirstPage(db: ReplicaDb, pageSize: number, viewerId: string | undefined): void {
  if (!viewerId) return;
  const entry: NonNullable<typeof prefetched> = { at: Date.now(), pageSize, db, viewerId, page: undefined };
  prefetched = entry;
  db.transaction('r', [db.meta, db.observations], async () => {
    if ((await getMeta<string>(db, META.userId)) !== viewerId) return undefined;
    return queryObservationPage(db, { statuses: [], semesters: [] }, 1, pageSize);
  })
    .then((page) => {
      entry.page = page;
    })
    .catch(() => {
      if (prefetched === entry) prefetched = null;
    });
}

export function takePrefetchedFirstPage(db: ReplicaDb, pageSize: number, viewerId: string | undefined): ObservationPage | undefined {
  const entry = prefetched;
  prefetched = null;
  if (!entry || entry.db !== db || entry.viewerId !== viewerId || entry.pageSize !== pageSize) return undefined;
  return Date.now() - entry.at > PREFETCH_FRESH_MS ? undefined : entry.page;
}
