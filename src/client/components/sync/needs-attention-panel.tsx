/** The refused changes from the outbox, wired to the engine's retry/discard. */
import { useQueueSummary } from '../../hooks/use-sync-status.js';
import { discardMutation, retryMutation } from '../../sync/index.js';
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
  return (
    <NeedsAttentionList
      rows={needsAttention}
      onRetry={(id) => void retryMutation(id)}
      onDiscard={(id) => void discardMutation(id)}
      onCopy={(text) => void copy(text)}
    />
  );
}
