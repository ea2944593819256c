/**
 * Drafts on the device (db.ts `DraftRow`): each rubric tap and each note being typed is written here at once,
 * so navigation, a reload, going offline or a closed tab never loses it. A rubric group leaves as one outbox
 * mutation when complete; its draft rows go once the outbox holds them.
 */
import type { DraftRow, ReplicaDb } from './db.js';

export type DraftKind = 'informed' | 'uninformed';

export const scoreDraftId = (observationId: string, kind: DraftKind, itemId: string) => `${observationId}:${kind}:${itemId}`;
export const noteDraftId = (observationId: string, kind: DraftKind, field: string) => `${observationId}:${kind}:note:${field}`;

const prefixOf = (observationId: string, kind: DraftKind) => `${observationId}:${kind}:`;

/** The user's unsent rubric taps for one observation and rubric kind: item id → score. */
export async function readScoreDrafts(db: ReplicaDb, observationId: string, kind: DraftKind, userId: string): Promise<Record<string, number>> {
  const prefix = prefixOf(observationId, kind);
  const rows = await db.drafts.where('observationId').equals(observationId).toArray();
  const out: Record<string, number> = {};
  for (const r of rows) {
    if (r.userId !== userId || typeof r.score !== 'number' || !r.id.startsWith(prefix)) continue;
    out[r.id.slice(prefix.length)] = r.score;
  }
  return out;
}

export function putScoreDraft(db: ReplicaDb, observationId: string, kind: DraftKind, userId: string, itemId: string, score: number): Promise<string> {
  return db.drafts.put({ id: scoreDraftId(observationId, kind, itemId), observationId, userId, score, updatedAt: Date.now() });
}

/**
 * Forgets the taps that reached the outbox: only rows still holding the score that was sent (a tap made while
 * the group was being queued stays a draft).
 */
export async function clearSentScores(db: ReplicaDb, observationId: string, kind: DraftKind, sent: readonly { id: string; score: number }[]): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    for (const s of sent) {
      const id = scoreDraftId(observationId, kind, s.id);
      const row = await db.drafts.get(id);
      if (row && row.score === s.score) await db.drafts.delete(id);
    }
  });
}

export async function readNoteDraft(db: ReplicaDb, id: string, userId: string): Promise<DraftRow['note'] | null> {
  const row = await db.drafts.get(id);
  return row && row.userId === userId && row.note ? row.note : null;
}

export function putNoteDraft(db: ReplicaDb, id: string, observationId: string, userId: string, note: NonNullable<DraftRow['note']>): Promise<unknown> {
  if (!note.body && note.tags.length === 0 && !note.shared) return db.drafts.delete(id);
  return db.drafts.put({ id, observationId, userId, note, updatedAt: Date.now() });
}

export function clearDraft(db: ReplicaDb, id: string): Promise<void> {
  return db.drafts.delete(id);
}
