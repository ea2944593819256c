/**
 * Leaving the rubric page with a partly scored group asks first (a link, the back button, closing the tab). The
 * taps are kept on the device either way; the question says which groups are not complete, so nobody walks
 * away believing a half-scored group was sent.
 */
import { Button, Group, List, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useBlocker } from '@tanstack/react-router';
import { isScaleValue } from '../../../shared/rubric.js';
import type { Draft, RubricGroup } from './rubric-state.js';

export function LeaveGuard({ partial, draft }: { partial: RubricGroup[]; draft: Draft }) {
  const blocking = partial.length > 0;
  const blocker = useBlocker({ shouldBlockFn: () => blocking, enableBeforeUnload: () => blocking, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave with a group partly scored?" centered>
      <Text size="sm">These groups are not complete, so they have not been sent:</Text>
      <List size="sm" my="xs">
        {partial.map((g) => (
          <List.Item key={g.code}>
            {g.code} {g.title}: {g.items.filter((i) => isScaleValue(draft[i.id], g.scale)).length} of {g.items.length} items scored
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">Your scores stay on this device; each group is sent when all its items are scored.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.proceed?.()}>Leave</Button>
        <Button onClick={() => blocker.reset?.()} data-autofocus>Stay and score</Button>
      </Group>
    </Modal>
  );
}
