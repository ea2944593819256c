/**
 * Sync sources of the observation cycle (issue 4):
 *   observations  whole Observation documents built per viewer by the same builder as GET /observation/{id}
 *                 (faculty never get observer scores); every change to a part bumps the observation row
 *                 (touch triggers), so the row's version is the document's version.
 *   messages      chat messages of the observations the user may see.
 * Deletions arrive as tombstones (observation and message delete triggers). Known staleness: a change to the
 * faculty's course slots alone does not bump the observation (its `faculty.courseSlots` refreshes with the next
 * change of the observation); the replica's `courses` documents carry the current slots.
 */
import { and, asc, gt, inArray, lte } from 'drizzle-orm';
import type { ChatMessage, Observation } from '../../../shared/contract/observations.js';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { observationMessages, observations } from '../../db/schema.js';
import { visibleWhere } from '../../services/observations/access.js';
import { messageDocuments } from '../../services/observations/chat.js';
import { buildDocuments } from '../../services/observations/document.js';
import type { SyncSource } from './types.js';

export const observationsSource: SyncSource = {
  entity: 'observations',
  async changedSince(db: Db, user, since, upTo, limit) {
    const rows = await db
      .select()
      .from(observations)
      .where(and(gt(observations.version, since), lte(observations.version, upTo), visibleWhere(user)))
      .orderBy(asc(observations.version))
      .limit(limit);
    return toChanges(await buildDocuments(db, user, rows));
  },
  async byIds(db, user, ids, upTo) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(observations)
      .where(and(inArray(observations.id, wanted), lte(observations.version, upTo), visibleWhere(user)));
    return toChanges(await buildDocuments(db, user, rows));
  },
};

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function toChanges(docs: Observation[]): SyncChange[] {
  return docs.map((d) => ({ entity: 'observations', id: d.id, version: d.version, data: d as unknown as Record<string, unknown> }));
}

export const messagesSource: SyncSource = {
  entity: 'messages',
  async changedSince(db: Db, user, since, upTo, limit) {
    const visible = db.select({ id: observations.id }).from(observations).where(visibleWhere(user));
    const rows = await db
      .select()
      .from(observationMessages)
      .where(and(gt(observationMessages.version, since), lte(observationMessages.version, upTo), inArray(observationMessages.observationId, visible)))
      .orderBy(asc(observationMessages.version))
      .limit(limit);
    return messageChanges(await messageDocuments(db, rows));
  },
  async byIds(db, user, ids, upTo) {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const visible = db.select({ id: observations.id }).from(observations).where(visibleWhere(user));
    const rows = await db
      .select()
      .from(observationMessages)
      .where(and(inArray(observationMessages.id, wanted), lte(observationMessages.version, upTo), inArray(observationMessages.observationId, visible)));
    return messageChanges(await messageDocuments(db, rows));
  },
};

function messageChanges(docs: ChatMessage[]): SyncChange[] {
  return docs.map((d) => ({ entity: 'messages', id: d.id, version: d.version, data: d as unknown as Record<string, unknown> }));
}

export const OBSERVATION_SOURCES: SyncSource[] = [observationsSource, messagesSource];
