/**
 * Observer's side of the post-observation meeting (SPEC §2, §4, §5): create with slots + location once both
 * observations are Completed; while Ongoing update them; Mark Scheduled once faculty chose a slot; Complete
 * Observation once Scheduled.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { Observation, PostObservation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { errText } from './format.js';
import { SlotEditor, type EditableSlot } from './slot-editor.js';

/** `job` waits for the server's answer and shows it; only a local failure is caught here. */
async function attempt(job: () => Promise<boolean>): Promise<boolean> {
  try {
    return await job();
  } catch (err) {
    toast.error(errText(err, MSG.serverNotResponding));
    return false;
  }
}

export function CreatePostForm({ obs }: { obs: Observation }) {
  const [slots, setSlots] = useState<EditableSlot[]>([]);
  const [location, setLocation] = useState('');
  const ready = obs.meetings.informedObservation?.status === 'Completed' && obs.meetings.uninformedObservation?.status === 'Completed';
  if (!ready) return <Alert color="gray">{MSG.observationsNotCompleted}</Alert>;

  const create = () => {
    if (slots.length === 0 || !location.trim()) return toast.error(MSG.timingsOrLocation);
    void attempt(
      () => submitWithToast('postObservation.create', { observationsId: obs.id, facultyId: obs.facultyId, id: crypto.randomUUID(), timeSlotsByObserver: slots, location: location.trim() }, { success: MSG.postCreated }),
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="sm">Schedule the post observation meeting</Title>
      <Stack>
        <SlotEditor slots={slots} onChange={setSlots} />
        <TextInput label="Location" placeholder="A meeting room" value={location} onChange={(e) => setLocation(e.currentTarget.value)} maw={360} />
        <Group>
          <Button onClick={create}>Create</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ObserverPostControls({ obs, post }: { obs: Observation; post: PostObservation }) {
  const [slots, setSlots] = useState<EditableSlot[]>(post.timeSlotsByObserver);
  const [location, setLocation] = useState(post.location ?? '');
  const open = post.status === 'Ongoing' || !post.status;

  const update = () => {
    if (slots.length === 0) return toast.error(MSG.timings);
    void attempt(
      () => submitWithToast('postObservation.update', { observationsId: obs.id, timeSlotsByObserver: slots, ...(location.trim() ? { location: location.trim() } : {}) }, { success: MSG.postUpdated }),
    );
  };
  const setStatus = (status: 'Scheduled' | 'Completed') =>
    void attempt(() => submitWithToast('postObservation.setStatus', { observationsId: obs.id, status }, { success: status === 'Scheduled' ? MSG.postUpdated : MSG.observationUpdated }));

  return (
    <Stack>
      {open ? (
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="sm">Edit timings</Title>
          <Stack>
            <SlotEditor slots={slots} onChange={setSlots} />
            <TextInput label="Location" placeholder="A meeting room" value={location} onChange={(e) => setLocation(e.currentTarget.value)} maw={360} />
            <Group>
              <Button onClick={update}>Update</Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <Group>
        {post.timeSlotByFaculty && post.status === 'Ongoing' ? <Button onClick={() => setStatus('Scheduled')}>Mark Scheduled</Button> : null}
        {post.status === 'Scheduled' ? <Button color="teal" onClick={() => setStatus('Completed')}>Complete Observation</Button> : null}
      </Group>
    </Stack>
  );
}
