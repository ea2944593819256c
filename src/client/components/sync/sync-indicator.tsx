/**
 * Header sync status (issue 3): online/offline, syncing, pending count; opens a drawer with the details
 * (last synced, oldest unsynced change, storage use) and the refused changes.
 */
import { useState } from 'react';
import { Badge, Button, Divider, Drawer, Group, Indicator, Loader, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useEngineStatus, useQueueSummary } from '../../hooks/use-sync-status.js';
import { useStorageEstimate } from '../../hooks/use-storage-estimate.js';
import { startSync } from '../../sync/index.js';
import { AlertIcon, CloudIcon, CloudOffIcon } from '../icons.js';
import { formatAgo, formatBytes } from './format.js';
import { NeedsAttentionPanel } from './needs-attention-panel.js';

export function SyncIndicator() {
  const status = useEngineStatus();
  const queue = useQueueSummary();
  const [opened, setOpened] = useState(false);
  const storage = useStorageEstimate(opened);
  const online = status.online;
  const attention = queue.needsAttention.length;
  const now = Date.now();

  const stateText = !online ? 'Offline' : status.syncing ? 'Syncing…' : queue.unsynced > 0 ? 'Waiting to sync' : 'All changes synced';
  const label = `${stateText}${queue.unsynced > 0 ? `, ${queue.unsynced} pending` : ''}${attention > 0 ? `, ${attention} need attention` : ''}`;

  return (
    <>
      <Tooltip label={label}>
        <UnstyledButton aria-label={`Sync status: ${label}`} onClick={() => setOpened(true)} px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={6} wrap="nowrap">
            <Indicator disabled={attention === 0} color="orange" size={10} processing={false}>
              {status.syncing ? <Loader size={18} /> : online ? <CloudIcon /> : <CloudOffIcon color="var(--mantine-color-red-6)" />}
            </Indicator>
            {queue.unsynced > 0 ? (
              <Badge size="sm" variant="light" color={attention > 0 ? 'orange' : 'blue'}>
                {queue.unsynced} pending
              </Badge>
            ) : null}
          </Group>
        </UnstyledButton>
      </Tooltip>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" title="Sync status" size="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color={online ? 'teal' : 'red'}>{online ? 'Online' : 'Offline'}</Badge>
            {status.syncing ? <Badge color="blue">Syncing</Badge> : null}
            {status.authRequired ? <Badge color="orange">Sign-in needed</Badge> : null}
          </Group>
          <Text size="sm">Pending changes: {queue.unsynced}</Text>
          <Text size="sm">Last synced: {formatAgo(queue.lastSyncedAt, now)}</Text>
          <Text size="sm">Oldest unsynced change: {queue.oldestAt === null ? 'none' : formatAgo(queue.oldestAt, now)}</Text>
          <Text size="sm">
            Storage used: {formatBytes(storage.usage)}
            {storage.quota ? ` of ${formatBytes(storage.quota)}` : ''}
            {storage.persisted === false ? ' (the browser may clear it under pressure)' : ''}
          </Text>
          <Group>
            <Button size="xs" variant="light" onClick={() => void startSync()} disabled={status.syncing}>
              Sync now
            </Button>
          </Group>
          <Divider my="sm" />
          <Group gap={6}>
            {attention > 0 ? <AlertIcon color="var(--mantine-color-orange-6)" /> : null}
            <Title order={3} size="h5">
              Needs attention ({attention})
            </Title>
          </Group>
          <NeedsAttentionPanel />
        </Stack>
      </Drawer>
    </>
  );
}
