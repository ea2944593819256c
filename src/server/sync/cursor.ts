/**
 * The pull's cursor and query. Cursor: "<version>" or "<version>@<floor when issued>"; during a first download the
 * snapshot form "s<snapshot>.<source>.<after>[@floor]" (sync/snapshot.ts).
 */
import type { SyncEntity } from '../../shared/sync/protocol.js';
import type { FeedParts } from './feed-candidates.js';

export interface SnapshotPosition {
  /** Index into SYNC_SOURCES of the source being read. */
  source: number;
  /** The last version sent from that source (0: none yet). */
  after: number;
}

export interface Cursor {
  /** Everything ≤ version is on the device; for a snapshot cursor, the snapshot's upper bound. */
  version: number;
  issuedFloor: number | null;
  /** Mid-way through a first download: the source being read and the last version sent from it. */
  snapshot?: SnapshotPosition;
}

export function parseCursor(raw: string | undefined): Cursor | null {
  const m = /^(?:s(\d{1,18})\.(\d{1,2})\.(\d{1,18})|(\d{1,18}))(?:@(\d{1,18}))?$/.exec(raw ?? '0');
  if (!m) return null;
  const issuedFloor = m[5] !== undefined ? Number(m[5]) : null;
  if (m[4] !== undefined) return { version: Number(m[4]), issuedFloor };
  return { version: Number(m[1]), issuedFloor, snapshot: { source: Number(m[2]), after: Number(m[3]) } };
}

export function formatCursor(version: number, floor: number, snapshot?: SnapshotPosition): string {
  const base = snapshot ? `s${version}.${snapshot.source}.${snapshot.after}` : String(version);
  return floor > 0 ? `${base}@${floor}` : base;
}

export interface ChangesQuery {
  since: Cursor;
  limit: number;
  refetch: { entity: SyncEntity; id: string }[];
  /** Observation ids the device opened and keeps whole. */
  pins?: string[];
  /** The scope key the device's replica was built for (absent on a first pull). */
  scope?: string;
  /** Bytes of JSON after which a page ends (SYNC_PAGE_MAX_BYTES; tests pass less). */
  maxBytes?: number;
  /**
   * A live nudge's probe (sync/feed-bus.ts): only these parts of the feed had rows in the window
   * (sync/feed-candidates.ts), so only they are asked. Never set by the pull route.
   */
  only?: FeedParts;
}

