/**
 * The rubric page's device state: the user's unsent taps (db/drafts.ts) and which items the outbox still holds
 * (queued to send, or refused), read live so the group badges follow the outbox as it drains.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { readScoreDrafts, type DraftKind } from '../../db/drafts.js';
import { getDb } from '../../sync/index.js';
import type { QueuedItems } from './rubric-state.js';

const NONE: QueuedItems = { pending: new Set(), refused: new Set() };

interface SaveGroupArgs {
  kind?: string;
  observationsId?: string;
  rubricsFinal?: { id: string }[];
}

async function queuedItems(observationId: string, kind: DraftKind): Promise<QueuedItems> {
  const rows = await getDb().outbox.toArray();
  const pending = new Set<string>();
  const refused = new Set<string>();
  for (const r of rows) {
    if (r.name !== 'rubrics.saveGroup') continue;
    const a = r.args as SaveGroupArgs;
    if (a.observationsId !== observationId || a.kind !== kind) continue;
    for (const item of a.rubricsFinal ?? []) (r.status === 'needs-attention' ? refused : pending).add(item.id);
  }
  return { pending, refused };
}

/** `drafts` is undefined until read (the form waits for it, so a restored tap never flickers away). */
export function useRubricDrafts(observationId: string, kind: DraftKind, userId: string): { drafts: Record<string, number> | undefined; queued: QueuedItems } {
  const drafts = useLiveQuery(() => readScoreDrafts(getDb(), observationId, kind, userId), [observationId, kind, userId]);
  const queued = useLiveQuery(() => queuedItems(observationId, kind), [observationId, kind]) ?? NONE;
  return { drafts, queued };
}
