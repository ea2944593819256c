/**
 * "Saved on this device" note for an observation with changes still in the outbox (made offline or not yet
 * sent). The header's sync badge counts them too; this says which screen they belong to.
 */
import { Alert } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../sync/index.js';

export function PendingChangesNote({ observationId }: { observationId: string }) {
  const counts = useLiveQuery(async () => {
    const rows = await getDb().outbox.filter((r) => r.entityId === observationId).toArray();
    return { pending: rows.filter((r) => r.status !== 'needs-attention').length, refused: rows.filter((r) => r.status === 'needs-attention').length };
  }, [observationId]);
  if (!counts || (counts.pending === 0 && counts.refused === 0)) return null;
  return (
    <Alert color={counts.refused ? 'red' : 'yellow'} mb="md" role="status" title={counts.refused ? 'Changes need attention' : 'Saved on this device'}>
      {counts.pending ? `${counts.pending} change(s) to this observation are waiting to sync. ` : ''}
      {counts.refused ? `${counts.refused} change(s) were refused by the server; open the sync status in the header to retry or discard them.` : ''}
    </Alert>
  );
}
