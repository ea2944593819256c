/**
 * Evidence notes of one observation from the replica, ordered by their offset in the class, with the
 * send state of the observer's own changes still in the outbox.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { EvidenceNote, NoteKind } from '../../../shared/contract/evidence.js';
import { getDb } from '../../sync/index.js';

export interface NoteEntry extends EvidenceNote {
  sendState: 'sent' | 'pending' | 'needs-attention';
}

export async function loadNotes(observationId: string, kind?: NoteKind): Promise<NoteEntry[]> {
  const db = getDb();
  const rows = ((await db.notes.where('observationId').equals(observationId).toArray()) as unknown as EvidenceNote[])
    .filter((n) => !kind || n.kind === kind)
    .sort((a, b) => a.offsetSeconds - b.offsetSeconds || a.createdAt.localeCompare(b.createdAt));
  if (rows.length === 0) return [];
  const ids = new Set(rows.map((r) => r.id));
  const queued = await db.outbox.filter((r) => ids.has(r.entityId)).toArray();
  const state = new Map<string, NoteEntry['sendState']>();
  for (const q of queued) if (state.get(q.entityId) !== 'needs-attention') state.set(q.entityId, q.status === 'needs-attention' ? 'needs-attention' : 'pending');
  return rows.map((r) => ({ ...r, sendState: state.get(r.id) ?? 'sent' }));
}

export function useNotes(observationId: string, kind?: NoteKind): NoteEntry[] | undefined {
  return useLiveQuery(() => loadNotes(observationId, kind), [observationId, kind]);
}

/** "12:34" (or "1:02:03") since the class started. */
export function formatOffset(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
