/**
 * The conversation of one observation from the replica, oldest first, with the send state of the user's own
 * messages still in the outbox ('pending' = queued, 'needs-attention' = refused by the server).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ChatMessage } from '../../../shared/contract/observations.js';
import { getDb } from '../../sync/index.js';

export interface ChatEntry extends ChatMessage {
  sendState: 'sent' | 'pending' | 'needs-attention';
}

export async function loadMessages(observationId: string): Promise<ChatEntry[]> {
  const db = getDb();
  const rows = (await db.messages.where('observationId').equals(observationId).sortBy('createdAt')) as unknown as ChatMessage[];
  if (rows.length === 0) return [];
  const ids = new Set(rows.map((r) => r.id));
  const queued = await db.outbox.filter((r) => ids.has(r.entityId)).toArray();
  const state = new Map(queued.map((q) => [q.entityId, q.status === 'needs-attention' ? 'needs-attention' : 'pending'] as const));
  return rows.map((r) => ({ ...r, sendState: state.get(r.id) ?? 'sent' }));
}

export function useMessages(observationId: string): ChatEntry[] | undefined {
  return useLiveQuery(() => loadMessages(observationId), [observationId]);
}
