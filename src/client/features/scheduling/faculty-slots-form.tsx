/** Faculty offer their available slots from their own slots of the observed course (SPEC §2, §5). */
import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { DayTime, Observation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { slotKey } from './format.js';
import { useSchedulingUpdate } from './use-scheduling-update.js';

export function FacultySlotsForm({ obs }: { obs: Observation }) {
  const r = obs.obsRequest!;
  const own = useMemo(() => {
    const mine = obs.faculty.courseSlots.filter((s) => !obs.courseId || s.courseId === obs.courseId);
    const seen = new Map<string, DayTime & { label: string }>();
    for (const s of mine) seen.set(slotKey(s), { day: s.day, time: s.time, label: `${s.day} ${s.time} · ${s.sectionCode} · ${s.location}` });
    return [...seen.entries()];
  }, [obs.faculty.courseSlots, obs.courseId]);
  const [chosen, setChosen] = useState<string[]>(() => r.timeSlotsByFaculty.map(slotKey));
  const { reasons, setReasons, busy, send } = useSchedulingUpdate(obs.id);

  async function update() {
    const picked = own.filter(([k]) => chosen.includes(k)).map(([, s]) => ({ day: s.day, time: s.time }));
    if (picked.length === 0) return toast.error(MSG.provideSlots);
    await send({ timeSlotsByFaculty: picked });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">Your available slots</Title>
      {own.length === 0 ? <Text size="sm" c="dimmed">{MSG.noCourseSlots}</Text> : null}
      <Checkbox.Group value={chosen} onChange={setChosen} label="Available slots" description="Choose the class slots in which you can be observed.">
        <Stack gap="xs" mt="xs">
          {own.map(([k, s]) => (
            <Checkbox key={k} value={k} label={s.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea mt="sm" label="Reasons (optional)" description="Shared with the observer in the conversation." rows={2} value={reasons} onChange={(e) => setReasons(e.currentTarget.value)} />
      <Group mt="sm">
        <Button onClick={() => void update()} loading={busy}>Update</Button>
      </Group>
    </Paper>
  );
}
