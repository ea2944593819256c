/**
 * The observer picks one of the faculty's offered slots and a date (SPEC §2, §5 'Provide all required fields!').
 * Disabled once faculty accepted ('Faculty Accepted Day and Slot'). The date must fall on the picked slot's
 * weekday and not be in the past (shared rule, src/shared/class-dates.ts).
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { classDateError, localDay } from '../../../shared/class-dates.js';
import { toast } from '../../components/toast.js';
import { dateInputToIso, isoToDateInput, longDate, slotKey, slotLabel } from './format.js';
import { useSchedulingUpdate } from './use-scheduling-update.js';

export function ObserverPickForm({ obs }: { obs: Observation }) {
  const r = obs.obsRequest!;
  const accepted = r.facultyAccepted;
  const [slot, setSlot] = useState<string>(() => (r.timeSlotByObserver[0] ? slotKey(r.timeSlotByObserver[0]) : ''));
  const [date, setDate] = useState(() => isoToDateInput(r.scheduledOn));
  const { reasons, setReasons, busy, send } = useSchedulingUpdate(obs.id);

  const picked = r.timeSlotsByFaculty.find((s) => slotKey(s) === slot);
  // The date falls on the picked slot's weekday and is not in the past (the server checks it too).
  const dateError = date && !accepted ? classDateError(date, picked ? [picked.day] : [], localDay(new Date())) : null;

  async function update() {
    if (!picked || !date) return toast.error(MSG.provideAllFields);
    if (dateError) return toast.error(dateError);
    await send({ timeSlotByObserver: [{ day: picked.day, time: picked.time }], scheduledOn: dateInputToIso(date) });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">Day and slot</Title>
      {accepted ? (
        <Alert color="teal" title={MSG.facultyAlreadyAccepted} mb="sm">
          {r.timeSlotByObserver.map(slotLabel).join(', ')} on {longDate(r.scheduledOn)}
        </Alert>
      ) : null}
      {r.timeSlotsByFaculty.length === 0 ? (
        <Text size="sm" c="dimmed">The faculty member has not offered slots yet.</Text>
      ) : (
        <Radio.Group value={slot} onChange={setSlot} label="Faculty slots" description="Pick one of the slots the faculty member offered.">
          <Stack gap="xs" mt="xs">
            {r.timeSlotsByFaculty.map((s) => (
              <Radio key={slotKey(s)} value={slotKey(s)} label={slotLabel(s)} disabled={accepted} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <TextInput
        mt="sm"
        type="date"
        label="Date"
        description={picked ? `A ${picked.day}, today or later` : undefined}
        min={localDay(new Date())}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={dateError ?? undefined}
        disabled={accepted}
        maw={360}
      />
      <Textarea mt="sm" label="Reasons (optional)" description="Shared with the faculty member in the conversation." rows={2} value={reasons} onChange={(e) => setReasons(e.currentTarget.value)} disabled={accepted} />
      <Group mt="sm">
        <Button onClick={() => void update()} loading={busy} disabled={accepted}>Update</Button>
      </Group>
    </Paper>
  );
}
