import { Button, Group, Modal, Text } from '@mantine/core';

export interface LogoutWarningProps {
  /** Unsynced changes; null hides the dialog. */
  count: number | null;
  onWait: () => void;
  onSignOut: () => void;
}

/** Shown when signing out would throw away changes that have not reached the server yet. */
export function LogoutWarning({ count, onWait, onSignOut }: LogoutWarningProps) {
  return (
    <Modal opened={count !== null} onClose={onWait} title="Unsynced changes" centered>
      <Text size="sm" mb="md">
        {count === 1 ? '1 change has' : `${count ?? 0} changes have`} not reached the server yet. If you sign out now{' '}
        {count === 1 ? 'it' : 'they'} will be lost. Wait until you are online and the changes have synced, or sign out
        anyway.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onWait} data-autofocus>
          Wait to sync
        </Button>
        <Button color="red" onClick={onSignOut}>
          Sign out anyway
        </Button>
      </Group>
    </Modal>
  );
}
