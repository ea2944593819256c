/**
 * Pinned observations: the feed sends most of a large scope as summaries; an observation the user
 * opens is downloaded whole and pinned, so the pull keeps sending it whole (`pin=` on every pull, see pull.ts)
 * and it stays readable offline. At most PIN_MAX pins: the oldest beyond that is let go. Letting one go
 * re-pulls it (refetch), so the server decides again which grain this device keeps.
 */
import { ObservationSummary } from '../../shared/contract/observation-summary.js';
import { PIN_MAX } from '../../shared/sync/protocol.js';
import type { ReplicaDb, ReplicaRecord } from '../db/db.js';
import { addRefetch, getMeta, META, setMeta } from './meta.js';

export async function getPins(db: ReplicaDb): Promise<string[]> {
  return (await getMeta<string[]>(db, META.pins)) ?? [];
}

/** Stores a whole document fetched from the server and pins it. A newer copy already held is kept. */
export async function pinObservation(db: ReplicaDb, doc: ReplicaRecord & { id: string; version?: number }): Promise<void> {
  await db.transaction('rw', db.observations, db.meta, async () => {
    const held = await db.observations.get(doc.id);
    if (!held || held.grain === 'summary' || (held.version ?? 0) <= (doc.version ?? 0)) {
      await db.observations.put({ ...doc, grain: 'full' });
    }
    const pins = (await getPins(db)).filter((p) => p !== doc.id);
    pins.push(doc.id);
    const dropped = pins.splice(0, Math.max(0, pins.length - PIN_MAX));
    await setMeta(db, META.pins, pins);
    for (const id of dropped) await addRefetch(db, 'observations', id);
  });
}

/**
 * "Remove from this device": the copy shrinks to its summary now; the next pull re-sends it in the grain the
 * server decides (whole again if the user takes part in it or it is open or recent).
 */
export async function unpinObservation(db: ReplicaDb, id: string): Promise<void> {
  await db.transaction('rw', db.observations, db.meta, async () => {
    await setMeta(db, META.pins, (await getPins(db)).filter((p) => p !== id));
    const held = await db.observations.get(id);
    const summary = held ? ObservationSummary.safeParse({ ...held, grain: 'summary' }) : null;
    if (summary?.success) await db.observations.put({ ...summary.data, id, version: held?.version });
    await addRefetch(db, 'observations', id);
  });
}
