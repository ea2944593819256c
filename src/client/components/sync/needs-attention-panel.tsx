/**
 * The refused changes from the outbox, wired to the engine's retry/discard.
 *
 * A retried change leaves the needs-attention status at once (it is pending again), but until the server answers
 * it stays listed here as "Retrying…" rather than vanishing:
 *
 *   refused ──Retry──▶ pending (listed: Retrying…) ──applied──▶ gone from the outbox (and from here)
 *                                                └──refused──▶ refused again (listed with the new message)
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../../db/db.js';
import { useQueueSummary } from '../../hooks/use-sync-status.js';
import { discardMutation, getDb, retryMutation } from '../../sync/index.js';
import { toast } from '../toast.js';
import { NeedsAttentionList } from './needs-attention-list.js';

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.info('Copied to the clipboard.');
  } catch {
    toast.error('Could not copy: the browser refused clipboard access.');
  }
}

export function NeedsAttentionPanel() {
  const { needsAttention } = useQueueSummary();
  // Rows the user retried from this panel, as they were when refused.
  const [retried, setRetried] = useState<ReadonlyMap<string, OutboxRow>>(new Map());
  // Which of them are still in the outbox (the outbox is short; no index on mutationId).
  const queued = useLiveQuery(
    async () => (retried.size ? new Set((await getDb().outbox.filter((r) => retried.has(r.mutationId)).toArray()).map((r) => r.mutationId)) : new Set<string>()),
    [retried],
  );
  const refusedIds = new Set(needsAttention.map((r) => r.mutationId));
  const retrying = [...retried.values()].filter((r) => !refusedIds.has(r.mutationId) && (queued === undefined || queued.has(r.mutationId)));
  const retry = (id: string) => {
    const row = needsAttention.find((r) => r.mutationId === id);
    if (row) setRetried((m) => new Map(m).set(id, row));
    void retryMutation(id);
  };
  return (
    <NeedsAttentionList
      rows={[...needsAttention, ...retrying]}
      retrying={new Set(retrying.map((r) => r.mutationId))}
      onRetry={retry}
      onDiscard={(id) => void discardMutation(id)}
      onCopy={(text) => void copy(text)}
    />
  );
}
