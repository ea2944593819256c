/**
 * Sync sources of the observation cycle (grains and scope: docs/adr/2026-11-24-replica-scope-and-grains.md):
 *   observations  for every observation in the user's scope (services/scope), either its summary (a few hundred
 *                 bytes, grain 'summary') or the whole document built per viewer by the same builder as
 *                 GET /observation/{id} (grain 'full': the ones the user takes part in, open, recent or pinned by
 *                 the device — scope/observations.ts isFullGrain). Faculty never get observer scores in either.
 *                 Every change to a part bumps the observation row (touch triggers), so the row's version is the
 *                 document's version; the grain is decided when a version is sent, so a document that stops
 *                 qualifying (completed long ago) is downgraded with its next change, not before.
 *   messages      chat messages of the observations the user may see.
 * Deletions arrive as tombstones (observation and message delete triggers). Known staleness: a change to the
 * faculty's course slots alone does not bump the observation (its `faculty.courseSlots` refreshes with the next
 * change of the observation); the replica's `courses` documents carry the current slots.
 */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { observationMessages, observations } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { isFullGrain, observationScope, type ObservationRow } from '../../services/scope/index.js';
import { messageDocuments } from '../../services/observations/chat.js';
import { buildDocuments } from '../../services/observations/document.js';
import { buildSummaries } from '../../services/observations/summary.js';
import type { FeedContext, SyncSource } from './types.js';

const NO_FEED: FeedContext = { pins: [], now: new Date(0) };

/** Each row in the grain this device keeps, in the rows' order. */
async function grainChanges(db: Db, user: AuthUser, rows: ObservationRow[], feed: FeedContext = { ...NO_FEED, now: new Date() }): Promise<SyncChange[]> {
  const full = rows.filter((r) => isFullGrain(user, r, feed));
  const fullIds = new Set(full.map((r) => r.id));
  const [docs, summaries] = await Promise.all([
    buildDocuments(db, user, full),
    buildSummaries(db, rows.filter((r) => !fullIds.has(r.id))),
  ]);
  const byId = new Map<string, Record<string, unknown>>();
  for (const d of docs) byId.set(d.id, { ...d, grain: 'full' });
  for (const s of summaries) byId.set(s.id, s as unknown as Record<string, unknown>);
  return rows.flatMap((r) => {
    const data = byId.get(r.id);
    return data ? [{ entity: 'observations' as const, id: r.id, version: r.version, data }] : [];
  });
}

export const observationsSource: SyncSource = {
  entity: 'observations',
  async changedSince(db: Db, user, since, upTo, limit, feed) {
    const rows = await db
      .select()
      .from(observations)
      .where(and(gt(observations.version, since), lte(observations.version, upTo), observationScope(user)))
      .orderBy(asc(observations.version))
      .limit(limit);
    return grainChanges(db, user, rows, feed);
  },
  async byIds(db, user, ids, upTo, feed) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(observations)
      .where(and(inArray(observations.id, wanted), lte(observations.version, upTo), observationScope(user)));
    return grainChanges(db, user, rows, feed);
  },
};

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const messagesSource: SyncSource = {
  entity: 'messages',
  async changedSince(db: Db, user, since, upTo, limit) {
    // Version first: an idle pull probes the version index and never expands the user's whole scope.
    const rows = await db
      .select({ m: observationMessages })
      .from(observationMessages)
      .innerJoin(observations, joinObservation())
      .where(and(gt(observationMessages.version, since), lte(observationMessages.version, upTo), observationScope(user)))
      .orderBy(asc(observationMessages.version))
      .limit(limit);
    return messageChanges(await messageDocuments(db, rows.map((r) => r.m)));
  },
  async byIds(db, user, ids, upTo) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await db
      .select({ m: observationMessages })
      .from(observationMessages)
      .innerJoin(observations, joinObservation())
      .where(and(inArray(observationMessages.id, wanted), lte(observationMessages.version, upTo), observationScope(user)));
    return messageChanges(await messageDocuments(db, rows.map((r) => r.m)));
  },
};

function joinObservation() {
  return eq(observations.id, observationMessages.observationId);
}

function messageChanges(docs: Awaited<ReturnType<typeof messageDocuments>>): SyncChange[] {
  return docs.map((d) => ({ entity: 'messages', id: d.id, version: d.version, data: d as unknown as Record<string, unknown> }));
}

export const OBSERVATION_SOURCES: SyncSource[] = [observationsSource, messagesSource];
