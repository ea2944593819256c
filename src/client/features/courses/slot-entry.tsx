/**
 * Slot entry of Create Courses (SPEC §2, §5): Slot code, Slot day, Slot timing (24-hour, no am/pm) and Slot
 * location, saved with the 'Save and Add Slot' link. The rules are the shared `slotError`; a second slot with
 * the same section code is refused here too.
 */
import { useState } from 'react';
import { Anchor, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { normaliseSlotTime, slotError, WEEKDAYS } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';

export interface DraftSlot {
  id: string;
  sectionCode: string;
  day: string;
  time: string;
  location: string;
}

const EMPTY = { sectionCode: '', day: null as string | null, time: '', location: '' };

export function SlotEntry({ saved, onAdd, disabled }: { saved: DraftSlot[]; onAdd: (slot: DraftSlot) => void; disabled?: boolean }) {
  const [slot, setSlot] = useState(EMPTY);

  function add() {
    const candidate = { sectionCode: slot.sectionCode.trim(), day: slot.day ?? '', time: slot.time.trim(), location: slot.location.trim() };
    const problem = slotError(candidate);
    if (problem) return void toast.error(problem);
    if (saved.some((s) => s.sectionCode.toUpperCase() === candidate.sectionCode.toUpperCase())) return void toast.error(MSG.duplicateSection);
    onAdd({ ...candidate, id: crypto.randomUUID(), time: normaliseSlotTime(candidate.time) });
    setSlot(EMPTY);
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput label="Slot code" placeholder="A" value={slot.sectionCode} onChange={(e) => setSlot({ ...slot, sectionCode: e.currentTarget.value })} />
        <Select label="Slot day" placeholder="Select day" data={[...WEEKDAYS]} value={slot.day} onChange={(v) => setSlot({ ...slot, day: v })} />
        <TextInput
          label="Slot timing"
          placeholder="09:00-10:30"
          description="24-hour, no am/pm"
          value={slot.time}
          onChange={(e) => setSlot({ ...slot, time: e.currentTarget.value })}
        />
        <TextInput label="Slot location" placeholder="Room 101" value={slot.location} onChange={(e) => setSlot({ ...slot, location: e.currentTarget.value })} />
      </SimpleGrid>
      <Group>
        <Anchor component="button" type="button" onClick={add} disabled={disabled} fz="sm">
          Save and Add Slot
        </Anchor>
      </Group>
    </>
  );
}
