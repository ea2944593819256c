/**
 * /courses/assign-courses (SPEC §2, §5): a Faculty member (users with role Faculty of the department), a course
 * and one or more of its unassigned slots (already chosen ones are not offered again). Assign shows
 * 'Assigning...' while busy; the change is queued through the outbox.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { assignError, type Course } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { getDb } from '../../sync/index.js';

const EMPTY = { facultyId: null as string | null, courseId: null as string | null, slots: [] as string[] };

export function AssignCoursesForm({ user }: { user: User }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const dept = SEES_ALL_USERS.includes(user.role) ? null : (user.department?.id ?? -1);
  const faculty = useLiveQuery(
    async () => ((await getDb().users.where('role').equals('Faculty').toArray()) as unknown as User[]).filter((u) => dept == null || u.department?.id === dept),
    [dept],
  );
  const courses = useLiveQuery(
    async () => ((await getDb().courses.toArray()) as unknown as Course[]).filter((c) => dept == null || c.departments.includes(dept)),
    [dept],
  );
  const course = courses?.find((c) => c.id === form.courseId);
  const freeSlots = useMemo(
    () => (course?.slots ?? []).filter((s) => s.facultyId == null).map((s) => ({ value: s.id, label: `${s.sectionCode} · ${s.day} ${s.time} · ${s.location}` })),
    [course],
  );

  function chooseCourse(courseId: string | null) {
    setForm((f) => ({ ...f, courseId, slots: [] }));
    const c = courses?.find((x) => x.id === courseId);
    if (c && !c.slots.some((s) => s.facultyId == null)) toast.info(MSG.noSlotsAvailable);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = assignError({ facultyId: form.facultyId ?? undefined, courseId: form.courseId ?? undefined, slots: form.slots });
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      if (await submitWithToast('course.assign', { facultyId: form.facultyId!, courseId: form.courseId!, slots: form.slots }, { success: MSG.courseAssigned })) {
        setForm(EMPTY);
      }
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Assign courses" maw={900}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Faculty"
            required
            searchable
            placeholder="Select faculty"
            value={form.facultyId}
            onChange={(v) => setForm((f) => ({ ...f, facultyId: v }))}
            data={(faculty ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
            nothingFoundMessage={MSG.noUsers}
          />
          <Select
            label="Course"
            required
            searchable
            placeholder="Select course"
            value={form.courseId}
            onChange={chooseCourse}
            data={(courses ?? []).map((c) => ({ value: c.id, label: `${c.courseCode} ${c.name}` }))}
            nothingFoundMessage={MSG.noCourses}
          />
          <MultiSelect
            label="Slots"
            required
            placeholder={form.courseId ? 'Select slots' : 'Choose a course first'}
            disabled={!form.courseId || freeSlots.length === 0}
            hidePickedOptions
            value={form.slots}
            onChange={(v) => setForm((f) => ({ ...f, slots: v }))}
            data={freeSlots}
          />
        </SimpleGrid>
        {form.courseId && freeSlots.length === 0 ? (
          <Alert color="yellow" role="status">
            {MSG.noSlotsAvailable}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? 'Assigning...' : 'Assign'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
