/**
 * /courses/create-courses (SPEC §2, §5). Course code, name, credit hours, departments (removable chips; the
 * user's own department preselected), elective switches, read-only campus, and slots saved one by one.
 * Create shows 'Processing' while saving; the change is queued through the outbox (works offline) and the form
 * resets 1.5 s after success. Rules: the shared `courseCreateError`, plus a HOD's own department must stay
 * chosen and the code must be new on the campus (checked against the replica; the server is the authority).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Divider, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { courseCreateError, CREDITS_MAX, CREDITS_MIN, type Course } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { CAMPUSES, display, type Campus } from '../../../shared/enums.js';
import { DELAY } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { getDb } from '../../sync/index.js';
import { SavedSlotsTable } from './saved-slots-table.js';
import { SlotEntry, type DraftSlot } from './slot-entry.js';
import { useDepartments } from '../../hooks/use-departments.js';

function emptyForm(user: User) {
  return {
    courseCode: '',
    name: '',
    credits: '' as number | string,
    departments: user.department ? [String(user.department.id)] : ([] as string[]),
    isElective: false,
    isDepthElective: false,
    slots: [] as DraftSlot[],
  };
}

export function CreateCourseForm({ user }: { user: User }) {
  const [form, setForm] = useState(() => emptyForm(user));
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const departments = useDepartments();
  const campus: Campus = (CAMPUSES as readonly string[]).includes(user.campus) ? (user.campus as Campus) : 'Main_Campus';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const credits = form.credits === '' ? null : Number(form.credits);
    const deptIds = form.departments.map(Number);
    const problem = courseCreateError({ courseCode: form.courseCode, name: form.name, credits, departments: deptIds, slots: form.slots });
    if (problem) return void toast.error(problem);
    if (user.role === 'Head_of_Department' && user.department && !deptIds.includes(user.department.id)) {
      return void toast.error(MSG.ownDepartmentCourse);
    }
    const code = form.courseCode.trim().toUpperCase();
    const courses = (await getDb().courses.toArray()) as unknown as Course[];
    if (courses.some((c) => c.campus === campus && c.courseCode.toUpperCase() === code)) return void toast.error(MSG.courseCodeTaken);

    setBusy(true);
    try {
      const ok = await submitWithToast('course.create', {
        id: crypto.randomUUID(),
        courseCode: form.courseCode.trim(),
        name: form.name.trim(),
        departments: deptIds,
        campus,
        credits: credits as number,
        isElective: form.isElective,
        isDepthElective: form.isDepthElective,
        slots: form.slots,
      }, { success: MSG.courseCreated });
      if (!ok) return void setBusy(false);
      timer.current = setTimeout(() => {
        setForm(emptyForm(user));
        setBusy(false);
      }, DELAY.courseReset);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Create course">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Course code" required placeholder="CSC-011" value={form.courseCode} onChange={(e) => setForm({ ...form, courseCode: e.currentTarget.value })} />
          <TextInput label="Course name" required placeholder="Introduction to Programming" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          <NumberInput
            label="Credit hours"
            required
            min={CREDITS_MIN}
            max={CREDITS_MAX}
            allowDecimal={false}
            placeholder="3"
            value={form.credits}
            onChange={(v) => setForm({ ...form, credits: v })}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Departments"
            required
            searchable
            placeholder={form.departments.length ? '' : 'Select departments'}
            data={(departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={form.departments}
            onChange={(v) => setForm({ ...form, departments: v })}
            clearable={false}
            nothingFoundMessage={MSG.noDepartment}
          />
          <TextInput label="Campus" value={display(campus)} readOnly variant="filled" />
        </SimpleGrid>
        <Group>
          <Switch label="Elective" checked={form.isElective} onChange={(e) => setForm({ ...form, isElective: e.currentTarget.checked })} />
          <Switch label="Depth elective" checked={form.isDepthElective} onChange={(e) => setForm({ ...form, isDepthElective: e.currentTarget.checked })} />
        </Group>
        <Divider />
        <Title order={2} size="h5">
          Slots
        </Title>
        <SlotEntry saved={form.slots} disabled={busy} onAdd={(s) => setForm((f) => ({ ...f, slots: [...f.slots, s] }))} />
        <SavedSlotsTable slots={form.slots} onRemove={(id) => setForm((f) => ({ ...f, slots: f.slots.filter((s) => s.id !== id) }))} />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Processing' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
