/** The sync details drawer (lazy): state, pending count, last synced, oldest unsynced change, storage, refused changes. */
import { Badge, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useEngineStatus, useQueueSummary } from '../../hooks/use-sync-status.js';
import { syncNow } from '../../sync/index.js';
import { AlertIcon } from '../icons.js';
import { formatAgo, formatBytes } from './format.js';
import { NeedsAttentionPanel } from './needs-attention-panel.js';

export function SyncDrawer({ onClose }: { onClose: () => void }) {
  const status = useEngineStatus();
  const queue = useQueueSummary();
  const online = status.online;
  const storage = status.storage;
  const attention = queue.needsAttention.length;
  const now = Date.now();
  return (
    <Drawer opened onClose={onClose} position="right" title="Sync status" size="md">
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
          Storage used: {formatBytes(storage?.usage)}
          {storage?.quota ? ` of ${formatBytes(storage.quota)}` : ''}
          {storage && !storage.persisted ? ' (not persistent: the browser may clear it under storage pressure)' : ''}
        </Text>
        <Group>
          <Button size="xs" variant="light" onClick={() => syncNow()} disabled={status.syncing}>
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
  );
}
