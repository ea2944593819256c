/**
 * Faculty's side once the reflection plan is in (SPEC §2, §4): artifact upload and the choice among the
 * observer's slots ('Selected Slot'); Update needs a chosen slot, and is offered while Ongoing with ≥ 1 artifact.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { Observation, PostObservation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { ArtifactUpload } from './artifact-upload.js';
import { errText, isPendingUpload, longDateTime } from './format.js';

export function FacultyPostPanel({ obs, post }: { obs: Observation; post: PostObservation }) {
  const [chosen, setChosen] = useState(post.timeSlotByFaculty ?? '');
  const open = post.status === 'Ongoing';
  // The server accepts the choice only with a registered artifact; uploads travel in their own lane, so a
  // choice sent before the file arrived would be refused. Offer Update once one artifact is on the server.
  const uploaded = post.artifacts.some((a) => !isPendingUpload(a.fileURL));

  async function update() {
    if (!chosen) return toast.error(MSG.timings);
    try {
      await submitWithToast('postObservation.update', { observationsId: obs.id, timeSlotByFaculty: chosen }, { success: MSG.postUpdated });
    } catch (err) {
      toast.error(errText(err, MSG.serverNotResponding));
    }
  }

  return (
    <Stack>
      {open ? <ArtifactUpload observationsId={obs.id} postId={post.id} /> : null}
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">Meeting slots</Title>
        {post.timeSlotsByObserver.length === 0 ? <Text size="sm" c="dimmed">The observer has not provided slots yet.</Text> : null}
        <Radio.Group value={chosen} onChange={setChosen} label="Choose a slot" description={post.location ? `Location: ${post.location}` : undefined}>
          <Stack gap="xs" mt="xs">
            {post.timeSlotsByObserver.map((s) => (
              <Group key={s.id} gap="xs">
                <Radio value={s.id} label={longDateTime(s.dateTime)} disabled={!open} />
                {post.timeSlotByFaculty === s.id ? <Badge size="sm" color="teal" variant="light">Selected Slot</Badge> : null}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {open && post.artifacts.length === 0 ? <Alert mt="sm" color="yellow">{MSG.artifactNeeded}</Alert> : null}
        {open && post.artifacts.length > 0 && !uploaded ? (
          <Alert mt="sm" color="blue">Your artifact is still uploading; choose a slot once it has reached the server.</Alert>
        ) : null}
        {open && uploaded ? (
          <Group mt="sm">
            <Button onClick={() => void update()}>Update</Button>
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}
