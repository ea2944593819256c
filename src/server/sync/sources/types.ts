import type { SyncChange, SyncEntity } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../services/deps.js';

/** What the device told the feed besides its cursor (sync/changes.ts). */
export interface FeedContext {
  /** Observation ids the device keeps whole because its user opened them (bounded: PIN_MAX). */
  pins: readonly string[];
  now: Date;
  /** A first download (sync/snapshot.ts): the device holds nothing yet, so nothing needs removing from it. */
  firstDownload?: boolean;
}

/**
 * One entity's contribution to the sync pull. Each area (profile, observations, admin) provides the sources
 * for its entities; the pull route merges them by version.
 */
export interface SyncSource {
  entity: SyncEntity;
  /**
   * Records of this entity that `user` may see with since < version ≤ upTo, ordered by version, at most `limit`.
   * `data` is the document exactly as the REST API would return it to this user (e.g. faculty never get
   * observer scores).
   */
  changedSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number, feed?: FeedContext): Promise<SyncChange[]>;
  /**
   * Optional: the current documents of these ids as this user may see them (version ≤ upTo). Used when a client
   * asks to re-pull entities after the server refused a change to them. Without it the pull scans
   * changedSince(0…upTo) and filters by id — correct but slower. Ids the user can't see are simply left out
   * (the pull answers them with a tombstone).
   */
  byIds?(db: Db, user: AuthUser, ids: string[], upTo: number, feed?: FeedContext): Promise<SyncChange[]>;
}
