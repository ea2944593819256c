/**
 * Super_Admin's delete (SPEC §2 Detail): a confirmation, then the outbox delete; the list follows after 1.5 s.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DELAY } from '../../../shared/constants.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';

export function DeleteObservationButton({ id, onDeleted }: { id: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function remove() {
    setBusy(true);
    try {
      onDeleted?.();
      const ok = await submitWithToast('observation.delete', { id }, { success: 'Observation deleted!' });
      setOpen(false);
      if (!ok) return void setBusy(false);
      timer.current = setTimeout(() => void navigate({ to: '/observations/list-observation' }), DELAY.afterDeleteObservation);
    } catch (err) {
      setBusy(false);
      toast.error(err instanceof Error ? err.message : 'Something went wrong, Try again in a moment!');
    }
  }

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        Delete Observation
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete observation" centered>
        <Text size="sm">This deletes the observation with its scheduling, scores, meeting and artifacts. This action will not be reversed!</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>Delete</Button>
        </Group>
      </Modal>
    </>
  );
}
