/**
 * Initiate Observation (SPEC §2, §5): a Head of Department picks one observer of the department, one or more
 * faculty members with no open observation, and a semester. Queued through the outbox (works offline); the list
 * follows 2.5 s after the success toast (SPEC §4).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, MultiSelect, Paper, Select, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from '@tanstack/react-router';
import { DELAY } from '../../../shared/constants.js';
import type { User } from '../../../shared/contract/users.js';
import { SEMESTERS, type Semester } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { getDb, mutate } from '../../sync/index.js';
import { toast } from '../../components/toast.js';

export interface CreateObservationFormProps {
  hod: Pick<User, 'id' | 'department'>;
}

interface Candidates {
  observers: { value: string; label: string }[];
  faculty: { value: string; label: string }[];
}

async function loadCandidates(departmentId: number | null): Promise<Candidates> {
  const db = getDb();
  const users = (await db.users.toArray()) as unknown as User[];
  const open = new Set<string>();
  await db.observations.where('status').anyOf('Pending', 'Ongoing').each((o) => open.add(String(o.facultyId)));
  const inDept = (u: User) => departmentId == null || u.department?.id === departmentId;
  const option = (u: User) => ({ value: u.id, label: `${u.name} (${u.email})` });
  return {
    observers: users.filter((u) => u.role === 'Observer' && inDept(u)).map(option),
    faculty: users.filter((u) => u.role === 'Faculty' && inDept(u) && !open.has(u.id)).map(option),
  };
}

export function CreateObservationForm({ hod }: CreateObservationFormProps) {
  const departmentId = hod.department?.id ?? null;
  const candidates = useLiveQuery(() => loadCandidates(departmentId), [departmentId]);
  const [observerId, setObserverId] = useState<string | null>(null);
  const [facultyIds, setFacultyIds] = useState<string[]>([]);
  const [semester, setSemester] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Faculty chosen earlier stay chosen only while they are still available.
  const facultyData = useMemo(() => candidates?.faculty ?? [], [candidates]);
  const noFaculty = candidates !== undefined && facultyData.length === 0;

  async function submit() {
    if (!observerId || facultyIds.length === 0) return toast.error(MSG.selectObserverAndFaculty);
    if (!semester) return toast.error(MSG.selectSemester);
    setBusy(true);
    try {
      const ids = Object.fromEntries(facultyIds.map((f) => [f, crypto.randomUUID()]));
      await mutate('observation.initiate', { facultyIds, observerId, semester: semester as Semester, ids });
      toast.success(MSG.observationsInitiated);
      timer.current = setTimeout(() => void navigate({ to: '/observations/list-observation' }), DELAY.initiateRedirect);
    } catch (err) {
      setBusy(false);
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack>
        <Select
          label="Observer"
          placeholder="Select observer"
          data={candidates?.observers ?? []}
          value={observerId}
          onChange={setObserverId}
          searchable
          nothingFoundMessage="No observers in your department"
        />
        {noFaculty ? <Alert color="yellow" title="Faculty">{MSG.noFacultyAvailable}</Alert> : null}
        <MultiSelect
          label="Faculty"
          placeholder={noFaculty ? MSG.noFacultyAvailable : 'Select faculty'}
          data={facultyData}
          value={facultyIds}
          onChange={setFacultyIds}
          searchable
          disabled={noFaculty}
          nothingFoundMessage={MSG.noFacultyAvailable}
        />
        <Select label="Semester" placeholder="Select semester" data={[...SEMESTERS]} value={semester} onChange={setSemester} />
        <Button onClick={() => void submit()} loading={busy} disabled={busy} w="fit-content">
          Initiate
        </Button>
      </Stack>
    </Paper>
  );
}
