/**
 * Header sync status: online/offline, syncing, pending count; opens a drawer with the details
 * (last synced, oldest unsynced change, storage use) and the refused changes.
 */
import { lazy, Suspense, useState } from 'react';
import { Badge, Group, Indicator, Loader, UnstyledButton } from '@mantine/core';
import { useEngineStatus, useQueueSummary } from '../../hooks/use-sync-status.js';
import { CloudIcon, CloudOffIcon } from '../icons.js';

// The details drawer is only needed once opened: kept out of the initial bundle.
const SyncDrawer = lazy(() => import('./sync-drawer.js').then((m) => ({ default: m.SyncDrawer })));

export function SyncIndicator() {
  const status = useEngineStatus();
  const queue = useQueueSummary();
  const [opened, setOpened] = useState(false);
  const online = status.online;
  const attention = queue.needsAttention.length;

  const stateText = !online ? 'Offline' : status.syncing ? 'Syncing…' : queue.unsynced > 0 ? 'Waiting to sync' : 'All changes synced';
  const label = `${stateText}${queue.unsynced > 0 ? `, ${queue.unsynced} pending` : ''}${attention > 0 ? `, ${attention} need attention` : ''}`;

  return (
    <>
      <UnstyledButton
        aria-label={`Sync status: ${label}`}
        title={label}
        onClick={() => setOpened(true)}
        px={6}
        py={4}
        style={{ borderRadius: 8 }}
      >
          <Group gap={6} wrap="nowrap">
            <Indicator disabled={attention === 0} color="orange" size={10} processing={false}>
              {status.syncing ? <Loader size={18} /> : online ? <CloudIcon /> : <CloudOffIcon color="var(--mantine-color-red-6)" />}
            </Indicator>
            {queue.unsynced > 0 ? (
              // Never truncated ("1 PE…" on a phone): the chip keeps its full width and the header makes room.
              <Badge size="sm" variant="light" tt="none" miw="max-content" style={{ flex: 'none' }} color={attention > 0 ? 'orange' : 'blue'}>
                {queue.unsynced} pending
              </Badge>
            ) : null}
          </Group>
      </UnstyledButton>
      {opened ? (
        <Suspense fallback={null}>
          <SyncDrawer onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
