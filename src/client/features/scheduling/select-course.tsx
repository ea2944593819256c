/** The observer starts scheduling by choosing one of the faculty member's courses (SPEC §2). */
import { useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { Observation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { errText } from './format.js';

export function SelectCourse({ obs }: { obs: Observation }) {
  const courses = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of obs.faculty.courseSlots) m.set(s.courseId, s.course ? `${s.course.courseCode} ${s.course.name}` : s.courseId);
    return [...m.entries()].map(([value, label]) => ({ value, label }));
  }, [obs.faculty.courseSlots]);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!courseId) return toast.error(MSG.provideAllFields);
    setBusy(true);
    try {
      await submitWithToast('scheduling.create', { observationsId: obs.id, facultyId: obs.facultyId, courseId, id: crypto.randomUUID() }, { progress: MSG.schedulingCreating, success: MSG.schedulingCreated });
    } catch (err) {
      toast.error(errText(err, MSG.somethingWrongScheduling));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack>
        <Text>Choose the course of {obs.faculty.name} to observe.</Text>
        <Select label="Select Course" placeholder="Select course" data={courses} value={courseId} onChange={setCourseId} nothingFoundMessage={MSG.noCourseSlots} />
        {courses.length === 0 ? <Text size="sm" c="dimmed">{MSG.noCourseSlots}</Text> : null}
        <Group>
          <Button onClick={() => void start()} loading={busy}>Start Scheduling</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
