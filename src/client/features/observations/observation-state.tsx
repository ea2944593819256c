/** Loading and 'Not found' states shared by every observation page (unknown id, deleted, or not visible). */
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function ObservationLoading() {
  return (
    <Group justify="center" p="xl">
      <Loader aria-label="Loading observation" />
    </Group>
  );
}

export function ObservationNotFound({ message }: { message?: string }) {
  return (
    <Stack align="center" p="xl" gap="xs">
      <Title order={2} size="h4">Not found</Title>
      <Text c="dimmed">{message ?? 'This observation does not exist or is not visible to you.'}</Text>
      <Anchor component={Link} to="/observations/list-observation">Back to the observations</Anchor>
    </Stack>
  );
}
