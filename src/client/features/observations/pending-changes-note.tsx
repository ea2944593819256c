/**
 * "Saved on this device" note for an observation with changes still in the outbox (made offline or not yet
 * sent). It reads the same count as the header's sync chip (hooks/use-sync-status.ts `useQueueSummary`): the
 * total it names is the chip's number, and it says how many of those belong to this observation.
 */
import { Alert } from '@mantine/core';
import { useQueueSummary } from '../../hooks/use-sync-status.js';

export function PendingChangesNote({ observationId }: { observationId: string }) {
  const queue = useQueueSummary();
  const here = queue.byEntity.get(observationId);
  if (!here) return null;
  const waiting = here.unsynced - here.refused;
  const share = here.unsynced === queue.unsynced ? 'all on this observation' : `${here.unsynced} on this observation`;
  return (
    <Alert color={here.refused ? 'red' : 'yellow'} mb="md" role="status" title={here.refused ? 'Changes need attention' : 'Saved on this device'}>
      {queue.unsynced} change(s) pending — {share}.{' '}
      {waiting ? 'They are sent when the connection allows. ' : ''}
      {here.refused ? `${here.refused} of them were refused by the server; open the sync status in the header to retry or discard them.` : ''}
    </Alert>
  );
}
