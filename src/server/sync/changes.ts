/**
 * The pull (DESIGN.md § Pull): what changed for this user since the cursor.
 *
 * Safe upper bound: writers bump versions under pg_advisory_xact_lock(727274) (migration 0001), so taking that
 * lock in a short transaction and reading the sequence's last_value gives `upTo` such that every version ≤ upTo
 * is committed: a page never skips a row that commits later with a smaller version.
 *
 * Cursor: "<version>" or "<version>@<floor when issued>". Reset when the cursor is ahead of the server (its
 * database was replaced) or behind the tombstone floor *and* issued before the purge that raised it — a cursor
 * handed out after the purge (e.g. mid-way through a fresh download) saw only post-purge state and stays valid.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { SyncChange, SyncChangesResponse, SyncEntity } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import { tombstones } from '../db/schema.js';
import type { AuthUser } from '../http/types.js';
import { SYNC_SOURCES } from './sources/index.js';
import type { SyncSource } from './sources/types.js';
import { TOMBSTONE_ENTITY, tombstoneFloor } from './tombstones.js';

export const SYNC_LOCK_KEY = 727274;

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** Highest version whose transaction has certainly committed. */
export async function safeUpperBound(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const [r] = rowsOf<{ last_value: string | number; is_called: boolean }>(
      await tx.execute(sql`select last_value, is_called from sync_version`),
    );
    return r && r.is_called ? Number(r.last_value) : 0;
  });
}

export interface Cursor {
  version: number;
  issuedFloor: number | null;
}

export function parseCursor(raw: string | undefined): Cursor | null {
  const m = /^(\d{1,18})(?:@(\d{1,18}))?$/.exec(raw ?? '0');
  if (!m) return null;
  return { version: Number(m[1]), issuedFloor: m[2] !== undefined ? Number(m[2]) : null };
}

export function formatCursor(version: number, floor: number): string {
  return floor > 0 ? `${version}@${floor}` : String(version);
}

export interface ChangesQuery {
  since: Cursor;
  limit: number;
  refetch: { entity: SyncEntity; id: string }[];
}

async function tombstonesSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number): Promise<SyncChange[]> {
  const rows = await db
    .select()
    .from(tombstones)
    .where(and(gt(tombstones.version, since), lte(tombstones.version, upTo), or(isNull(tombstones.audience), eq(tombstones.audience, user.id))))
    .orderBy(asc(tombstones.version))
    .limit(limit);
  return rows.flatMap((t) => {
    const entity = TOMBSTONE_ENTITY[t.entity];
    return entity ? [{ entity, id: t.entityId, version: t.version, data: null }] : [];
  });
}

/** Current documents for a client's re-pull after a refused change; unknown/invisible ids become tombstones. */
async function refetchDocs(db: Db, user: AuthUser, wanted: ChangesQuery['refetch'], upTo: number): Promise<SyncChange[]> {
  const out: SyncChange[] = [];
  const byEntity = new Map<SyncEntity, string[]>();
  for (const w of wanted) byEntity.set(w.entity, [...(byEntity.get(w.entity) ?? []), w.id]);
  for (const [entity, ids] of byEntity) {
    const sources = SYNC_SOURCES.filter((s) => s.entity === entity);
    const found: SyncChange[] = [];
    for (const s of sources) found.push(...(await docsByIds(db, user, s, ids, upTo)));
    for (const id of ids) {
      const doc = found.find((f) => f.id === id);
      // version 0: a tombstone that never moves the cursor (the id is gone or not visible to this user).
      out.push(doc ?? { entity, id, version: 0, data: null });
    }
  }
  return out;
}

async function docsByIds(db: Db, user: AuthUser, s: SyncSource, ids: string[], upTo: number): Promise<SyncChange[]> {
  if (s.byIds) return s.byIds(db, user, ids, upTo);
  const all = await s.changedSince(db, user, 0, upTo, Number.MAX_SAFE_INTEGER);
  return all.filter((c) => ids.includes(c.id));
}

export async function changesFor(db: Db, user: AuthUser, q: ChangesQuery): Promise<SyncChangesResponse> {
  const upTo = await safeUpperBound(db);
  const floor = await tombstoneFloor(db);
  const since = q.since.version;
  const issuedFloor = q.since.issuedFloor ?? since;
  if (since > upTo || (since > 0 && since < floor && issuedFloor < floor)) return { resetRequired: true };

  const perSource = await Promise.all([
    ...SYNC_SOURCES.map((s) => s.changedSince(db, user, since, upTo, q.limit)),
    tombstonesSince(db, user, since, upTo, q.limit),
  ]);
  // Defensive: a source must only return since < version ≤ upTo; anything else would stall or rewind clients.
  const merged = perSource.flat().filter((c) => c.version > since && c.version <= upTo).sort((a, b) => a.version - b.version);
  let page = merged;
  let hasMore = false;
  if (merged.length > q.limit) {
    // Cut at the limit but never inside one version (a cursor between equal versions would skip records).
    let end = q.limit;
    while (end < merged.length && merged[end].version === merged[end - 1].version) end++;
    page = merged.slice(0, end);
    hasMore = end < merged.length;
  }
  // A source that filled its limit may have more rows above its last one: never move the cursor past it.
  for (const list of perSource) {
    if (list.length >= q.limit && list.length > 0) {
      const lastOfSource = list[list.length - 1].version;
      if (page.length && page[page.length - 1].version > lastOfSource) {
        page = page.filter((c) => c.version <= lastOfSource);
      }
      hasMore = true;
    }
  }
  const cursorVersion = hasMore ? (page.length ? page[page.length - 1].version : since) : upTo;
  const refetched = q.refetch.length ? await refetchDocs(db, user, q.refetch, upTo) : [];
  return { changes: [...refetched, ...page], cursor: formatCursor(cursorVersion, floor), hasMore };
}

