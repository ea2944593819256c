/**
 * The pull (docs/sync-protocol.md § Pull): what changed for this user since the cursor.
 *
 * Safe upper bound: writers take versions from the sequence without a common lock, each publishing a lower bound
 * of its versions as a shared advisory lock for as long as it runs (migration 0009). `observa_sync_upper_bound()`
 * gives `upTo` below every version a running transaction holds or may take, so every version ≤ upTo is final: a
 * page never skips a row that commits later with a smaller version, and unrelated writers never queue.
 *
 * Cursor: "<version>" or "<version>@<floor when issued>"; during a first download the snapshot form
 * "s<snapshot>.<source>.<after>[@floor]" (sync/snapshot.ts). Reset when the cursor is ahead of the server (its
 * database was replaced) or behind the tombstone floor *and* issued before the purge that raised it — a cursor
 * handed out after the purge (e.g. mid-way through a fresh download) saw only post-purge state and stays valid.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { SYNC_PAGE_MAX_BYTES, type SyncChange, type SyncChangesResponse } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import { tombstones } from '../db/schema.js';
import type { AuthUser } from '../services/deps.js';
import { SYNC_SOURCES } from './sources/index.js';
import type { FeedContext } from './sources/types.js';
import { scopeKey } from '../services/scope/index.js';
import { TOMBSTONE_ENTITY, FLOOR_KEY, removalsFor } from './tombstones.js';
import { snapshotPage } from './snapshot.js';
import { formatCursor, type ChangesQuery } from './cursor.js';
import { refetchDocs } from './refetch.js';
import { bytesOf, cutByBytes } from './page-bytes.js';
import { rowsOf } from '../db/results.js';

export { cutByBytes } from './page-bytes.js';

/** Highest version whose transaction has certainly committed. */
export async function safeUpperBound(db: Db): Promise<number> {
  const [r] = rowsOf<{ v: string | number | null }>(await db.execute(sql`select observa_sync_upper_bound() as v`));
  return r?.v != null ? Number(r.v) : 0;
}

/**
 * Removals for `user` in (since, upTo]: the tombstones whose row's audience included them (removalsFor).
 * `readUpTo`: when the page of raw tombstones was full, the version of its last row — the cursor must not pass
 * it even if none of the page was for this user (more may follow above it).
 */
async function tombstonesSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number): Promise<{ changes: SyncChange[]; readUpTo: number | null }> {
  const rows = await db
    .select()
    .from(tombstones)
    .where(and(gt(tombstones.version, since), lte(tombstones.version, upTo), or(isNull(tombstones.audience), eq(tombstones.audience, user.id))))
    .orderBy(asc(tombstones.version))
    .limit(limit);
  const mine = await removalsFor(db, user, rows);
  const changes = mine.flatMap((t) => {
    const entity = TOMBSTONE_ENTITY[t.entity];
    return entity ? [{ entity, id: t.entityId, version: t.version, data: null }] : [];
  });
  return { changes, readUpTo: rows.length >= limit && rows.length > 0 ? rows[rows.length - 1].version : null };
}

/** The safe upper bound and the tombstone floor in one round trip (every pull starts with both). */
async function headAndFloor(db: Db): Promise<{ upTo: number; floor: number }> {
  const [r] = rowsOf<{ v: string | number | null; f: string | null }>(
    await db.execute(sql`select observa_sync_upper_bound() as v, (select value from server_meta where key = ${FLOOR_KEY}) as f`),
  );
  return { upTo: r?.v != null ? Number(r.v) : 0, floor: r?.f != null ? Number(r.f) : 0 };
}

export async function changesFor(db: Db, user: AuthUser, q: ChangesQuery): Promise<SyncChangesResponse> {
  const { upTo, floor } = await headAndFloor(db);
  const since = q.since.version;
  const issuedFloor = q.since.issuedFloor ?? since;
  if (since > upTo || (since > 0 && since < floor && issuedFloor < floor)) return { resetRequired: true };
  // The user's scope changed under this replica (moved department, new role): rows it may no longer see were
  // not touched, so no tombstone would ever reach it — start over (the client keeps its outbox).
  const scope = scopeKey(user);
  if ((since > 0 || q.since.snapshot) && q.scope !== undefined && q.scope !== scope) return { resetRequired: true };
  // A first download reads a snapshot source by source instead of merging every source by version.
  if (since === 0 || q.since.snapshot) {
    const feed: FeedContext = { pins: q.pins ?? [], now: new Date(), firstDownload: true };
    return snapshotPage(db, user, { ...q, snapshot: since === 0 ? upTo : since, position: q.since.snapshot ?? { source: 0, after: 0 } }, { upTo, floor, scope, feed });
  }
  // The idle pull: a cursor at the head has nothing above it in any source (every version ≤ upTo is
  // final and none is > since), so one statement answers it instead of a probe per source. Pins only shape how
  // later changes are sent (a newly opened observation is downloaded directly), so they change nothing here.
  if (since === upTo && q.refetch.length === 0) return { changes: [], cursor: formatCursor(upTo, floor), hasMore: false, scope };
  const feed: FeedContext = { pins: q.pins ?? [], now: new Date() };

  const sources = q.only ? SYNC_SOURCES.filter((s) => q.only!.entities.has(s.entity)) : SYNC_SOURCES;
  const [removals, ...perSource] = await Promise.all([
    q.only && !q.only.removals ? { changes: [], readUpTo: null } : tombstonesSince(db, user, since, upTo, q.limit),
    ...sources.map((s) => s.changedSince(db, user, since, upTo, q.limit, feed)),
  ]);
  perSource.push(removals.changes);
  // Defensive: a source must only return since < version ≤ upTo; anything else would stall or rewind clients.
  const merged = perSource.flat().filter((c) => c.version > since && c.version <= upTo).sort((a, b) => a.version - b.version);
  // `safe`: every record of every source with a version ≤ safe is in `page` (the cursor may move there).
  let page = merged;
  let safe = upTo;
  if (merged.length > q.limit) {
    // Cut at the limit but never inside one version (a cursor between equal versions would skip records).
    let end = q.limit;
    while (end < merged.length && merged[end].version === merged[end - 1].version) end++;
    page = merged.slice(0, end);
    if (end < merged.length) safe = page[page.length - 1].version;
  }
  // A source that filled its limit may have more rows above its last one: never move the cursor past it.
  for (const list of perSource) {
    if (list.length >= q.limit && list.length > 0) safe = Math.min(safe, list[list.length - 1].version);
  }
  // A full page of raw tombstones (perhaps none of them for this user) may have more above its last one.
  if (removals.readUpTo !== null) safe = Math.min(safe, removals.readUpTo);
  page = page.filter((c) => c.version <= safe);
  const refetched = q.refetch.length ? await refetchDocs(db, user, q.refetch, upTo, feed) : [];
  const byBytes = cutByBytes(page, q.maxBytes ?? SYNC_PAGE_MAX_BYTES, bytesOf(refetched));
  if (byBytes.length < page.length) {
    page = byBytes;
    safe = page.length ? page[page.length - 1].version : since;
  }
  const hasMore = safe < upTo;
  const cursorVersion = Math.max(safe, since);
  return { changes: [...refetched, ...page], cursor: formatCursor(cursorVersion, floor), hasMore, scope };
}
