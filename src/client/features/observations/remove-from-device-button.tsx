/**
 * "Remove from this device": shown for an observation the user opened (pinned, sync/pins.ts). The replica keeps
 * its summary; the whole document is downloaded again when it is next opened online. Removing leaves the page.
 */
import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../../sync/index.js';
import { getPins } from '../../sync/pins.js';
import { toast } from '../../components/toast.js';
import { removeFromDevice } from './download.js';

export function RemoveFromDeviceButton({ id }: { id: string }) {
  const navigate = useNavigate();
  const pinned = useLiveQuery(async () => (await getPins(getDb())).includes(id), [id]);
  if (!pinned) return null;
  return (
    <Button
      variant="default"
      onClick={() => {
        // Leave the page first: open, it would download the observation again at once.
        void navigate({ to: '/observations/list-observation' })
          .then(() => removeFromDevice(id))
          .then(
          () => toast.success('Removed from this device.'),
          (err: unknown) => toast.error(err instanceof Error ? err.message : 'Something went wrong, Try again in a moment!'),
        );
      }}
    >
      Remove from this device
    </Button>
  );
}
