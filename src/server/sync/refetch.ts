/** The re-pull of named records after a refused change (a device asks for the current documents by id). */
import type { SyncChange, SyncEntity } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import type { AuthUser } from '../services/deps.js';
import type { ChangesQuery } from './cursor.js';
import { SYNC_SOURCES } from './sources/index.js';
import type { FeedContext, SyncSource } from './sources/types.js';

/** Current documents for a client's re-pull after a refused change; unknown/invisible ids become tombstones. */
export async function refetchDocs(db: Db, user: AuthUser, wanted: ChangesQuery['refetch'], upTo: number, feed: FeedContext): Promise<SyncChange[]> {
  const out: SyncChange[] = [];
  const byEntity = new Map<SyncEntity, string[]>();
  for (const w of wanted) byEntity.set(w.entity, [...(byEntity.get(w.entity) ?? []), w.id]);
  for (const [entity, ids] of byEntity) {
    const sources = SYNC_SOURCES.filter((s) => s.entity === entity);
    const found: SyncChange[] = [];
    for (const s of sources) found.push(...(await docsByIds(db, user, s, ids, upTo, feed)));
    for (const id of ids) {
      const doc = found.find((f) => f.id === id);
      // version 0: a tombstone that never moves the cursor (the id is gone or not visible to this user).
      out.push(doc ?? { entity, id, version: 0, data: null });
    }
  }
  return out;
}

async function docsByIds(db: Db, user: AuthUser, s: SyncSource, ids: string[], upTo: number, feed: FeedContext): Promise<SyncChange[]> {
  if (s.byIds) return s.byIds(db, user, ids, upTo, feed);
  const all = await s.changedSince(db, user, 0, upTo, Number.MAX_SAFE_INTEGER, feed);
  return all.filter((c) => ids.includes(c.id));
}

