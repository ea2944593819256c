/**
 * Loading and 'Not found' states shared by every observation page (unknown id, deleted, or not visible), and
 * 'Not downloaded' when the replica holds only the observation's summary and it cannot be fetched now (offline).
 */
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../sync/index.js';

export function ObservationLoading() {
  return (
    <Group justify="center" p="xl">
      <Loader role="status" aria-label="Loading observation" />
    </Group>
  );
}

export const NOT_DOWNLOADED = 'This observation has not been downloaded to this device.';

export function ObservationNotFound({ message, id }: { message?: string; id?: string }) {
  const summaryOnly = useLiveQuery(async () => (id ? (await getDb().observations.get(id))?.grain === 'summary' : false), [id]);
  return (
    <Stack align="center" p="xl" gap="xs">
      <Title order={2} size="h4">{summaryOnly ? 'Not downloaded' : 'Not found'}</Title>
      <Text c="dimmed">{summaryOnly ? NOT_DOWNLOADED : (message ?? 'This observation does not exist or is not visible to you.')}</Text>
      {summaryOnly ? <Text size="sm" c="dimmed">Open it again when you are online to keep it on this device.</Text> : null}
      <Anchor component={Link} to="/observations/list-observation">Back to the observations</Anchor>
    </Stack>
  );
}
