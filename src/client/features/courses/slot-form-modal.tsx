/**
 * Add or edit one slot of an existing course: Slot code, Slot day, Slot timing (24-hour) and
 * Slot location, checked with the shared `courseSlotError` (the creation rules, and a section code unique among
 * the course's other slots) before the change is queued through the outbox (works offline).
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { courseSlotError, WEEKDAYS, type Course, type CourseSlot } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';

export function SlotFormModal({ course, slot, onClose }: { course: Course; slot: CourseSlot | 'new'; onClose: () => void }) {
  const editing = slot === 'new' ? null : slot;
  const [form, setForm] = useState({
    sectionCode: editing?.sectionCode ?? '',
    day: (editing?.day ?? null) as string | null,
    time: editing?.time ?? '',
    location: editing?.location ?? '',
  });
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const candidate = { sectionCode: form.sectionCode.trim(), day: form.day ?? '', time: form.time.trim(), location: form.location.trim() };
    const problem = courseSlotError(candidate, course.slots.filter((s) => s.id !== editing?.id));
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      const ok = editing
        ? await submitWithToast('course.updateSlot', { courseId: course.id, id: editing.id, ...candidate }, { success: MSG.slotUpdated })
        : await submitWithToast('course.addSlot', { courseId: course.id, id: crypto.randomUUID(), ...candidate }, { success: MSG.slotAdded });
      if (!ok) return void setBusy(false);
      onClose();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
      setBusy(false);
    }
  }

  const title = editing ? `Edit slot ${editing.sectionCode} of ${course.courseCode}` : `Add a slot to ${course.courseCode}`;
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Slot code" placeholder="A" value={form.sectionCode} onChange={(e) => setForm({ ...form, sectionCode: e.currentTarget.value })} />
            <Select label="Slot day" placeholder="Select day" data={[...WEEKDAYS]} value={form.day} onChange={(v) => setForm({ ...form, day: v })} />
            <TextInput
              label="Slot timing"
              placeholder="09:00-10:30"
              description="24-hour, no am/pm"
              value={form.time}
              onChange={(e) => setForm({ ...form, time: e.currentTarget.value })}
            />
            <TextInput label="Slot location" placeholder="Room 101" value={form.location} onChange={(e) => setForm({ ...form, location: e.currentTarget.value })} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save slot' : 'Add slot'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
