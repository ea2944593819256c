import type { SyncChange, SyncEntity } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/types.js';

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
  changedSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number): Promise<SyncChange[]>;
}
