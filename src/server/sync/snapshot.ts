/**
 * The first download: a snapshot read source by source, not a merge of every source by version.
 *
 * The merged pull (changes.ts) asks every source for `limit` rows per page and keeps the lowest `limit`
 * versions of all of them: on a first download most of what the sources built is thrown away and built again
 * on the next page, and each page costs a scan of what is left. Here a device with nothing (cursor 0) is given
 * a snapshot bound S = the safe upper bound at its first page, and reads every source in turn up to S:
 *
 *   cursor 0 ──▶ s<S>.0.0 ──▶ … s<S>.k.<last version sent from source k> … ──▶ "<S>" (the merged pull from S)
 *
 * Each page reads from where the cursor stands in source k, moving on to k+1 while the page has room (rows and
 * bytes). Invariants: every row with version ≤ S visible to the user at its source's turn is sent once; a row
 * changed or deleted while the snapshot is read has a version > S and reaches the device through the merged
 * pull that follows (so tombstones ≤ S are never needed: the device had nothing). A page never ends inside one
 * version of a source (sources complete their ties), so `after` never splits records.
 */
import type { SyncChange, SyncChangesResponse } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import type { AuthUser } from '../services/deps.js';
import { SYNC_PAGE_MAX_BYTES } from '../../shared/sync/protocol.js';
import { formatCursor, type ChangesQuery, type SnapshotPosition } from './cursor.js';
import { refetchDocs } from './refetch.js';
import { bytesOf, cutByBytes } from './page-bytes.js';
import { SYNC_SOURCES } from './sources/index.js';
import type { FeedContext } from './sources/types.js';


export async function snapshotPage(
  db: Db,
  user: AuthUser,
  q: ChangesQuery & { snapshot: number; position: SnapshotPosition },
  at: { upTo: number; floor: number; scope: string; feed: FeedContext },
): Promise<SyncChangesResponse> {
  const S = q.snapshot;
  const maxBytes = q.maxBytes ?? SYNC_PAGE_MAX_BYTES;
  const refetched = q.refetch.length ? await refetchDocs(db, user, q.refetch, at.upTo, at.feed) : [];
  const page: SyncChange[] = [];
  let bytes = bytesOf(refetched);
  let { source, after } = q.position;
  while (source < SYNC_SOURCES.length && page.length < q.limit && (page.length === 0 || bytes < maxBytes)) {
    const room = q.limit - page.length;
    const rows = (await SYNC_SOURCES[source].changedSince(db, user, after, S, room, at.feed)).filter((c) => c.version > after && c.version <= S);
    if (rows.length === 0) {
      source++;
      after = 0;
      continue;
    }
    const kept = page.length === 0 ? cutByBytes(rows, maxBytes, bytes) : withinBytes(rows, maxBytes, bytes);
    page.push(...kept);
    bytes += bytesOf(kept);
    // The source may hold more above what it returned (it filled the room) or above what the bytes left.
    if (kept.length < rows.length || rows.length >= room) {
      if (kept.length) after = kept[kept.length - 1].version;
      break;
    }
    source++;
    after = 0;
  }
  const done = source >= SYNC_SOURCES.length;
  return {
    changes: [...refetched, ...page],
    cursor: done ? formatCursor(S, at.floor) : formatCursor(S, at.floor, { source, after }),
    // Past the snapshot, what changed while it was read (versions > S) follows at once.
    hasMore: !done || at.upTo > S,
    scope: at.scope,
  };
}

/** Like cutByBytes, but on a page that already has records: nothing goes out beyond the bound. */
function withinBytes(rows: SyncChange[], maxBytes: number, used: number): SyncChange[] {
  const cut = cutByBytes(rows, maxBytes, used);
  return used + bytesOf(cut.slice(0, firstGroupEnd(cut))) > maxBytes ? [] : cut;
}

function firstGroupEnd(rows: SyncChange[]): number {
  let end = 1;
  while (end < rows.length && rows[end].version === rows[0].version) end++;
  return Math.min(end, rows.length);
}
