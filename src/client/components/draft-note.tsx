/** The note a form shows when it reopened with the user's unsaved draft, with a way to drop it. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { MSG } from '../../shared/messages.js';

export function DraftNote({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Alert color="blue" variant="light" role="status" py="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{MSG.draftRestored}</Text>
        <Button size="compact-xs" variant="subtle" onClick={onDiscard}>
          Discard draft
        </Button>
      </Group>
    </Alert>
  );
}
