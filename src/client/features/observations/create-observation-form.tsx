/**
 * Initiate Observation (SPEC §2, §5): a Head of Department picks one observer of the department, one or more
 * faculty members with no open observation, and a semester. Faculty who cannot be chosen are listed with the reason
 * (and shown disabled in the picker) instead of silently missing. Queued through the outbox (works offline); the list
 * follows 2.5 s after the success toast (SPEC §4). The rubric: a published version of the institution's or the
 * department's rubrics on the device (docs/adr/2026-11-28-rubric-versions.md), the department's default preselected
 * when the server can say which it is; "the department's default" leaves the choice to the server.
 * Calibration (docs/adr/2026-11-28-calibration.md): online, the form asks GET /calibration/due whether the chosen
 * observer is calibrated on the version and warns before and after initiating (the outbox keeps no answer body, so
 * the after-warning is that same server check, made once the initiate is applied); when the institution requires
 * calibration the server refuses the initiate (409) and its message shows on the Observer field.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import Dexie from 'dexie';
import { useNavigate } from '@tanstack/react-router';
import { DELAY } from '../../../shared/constants.js';
import type { User } from '../../../shared/contract/users.js';
import type { RubricSummary, RubricVersion } from '../../../shared/contract/rubrics.js';
import { fetchRubrics } from '../../api/rubrics.js';
import { fetchCalibrationDue } from '../../api/calibration-reports.js';
import { SEMESTERS, type Semester } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { getDb } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { showOutcome } from '../../components/submit-result.js';
import { submit as submitMutation } from '../../sync/index.js';

export interface CreateObservationFormProps {
  hod: Pick<User, 'id' | 'department'>;
}

interface Candidates {
  observers: { value: string; label: string }[];
  faculty: { value: string; label: string; disabled?: boolean }[];
  /** Faculty of the department who cannot be chosen, with the reason (SPEC §5: one open observation at a time). */
  unavailable: { id: string; name: string; reason: string }[];
}

/** Why a faculty member is not offered, or null when they can be observed. */
function unavailableReason(openStatus: string | undefined): string | null {
  return openStatus ? `Has an open observation (${openStatus})` : null;
}

async function loadCandidates(departmentId: number | null): Promise<Candidates> {
  const db = getDb();
  // Only the department's observers and faculty (the [role+department.id] index), not the whole users table.
  const users = (
    departmentId == null
      ? await db.users.where('role').anyOf('Observer', 'Faculty').toArray()
      : await db.users.where('[role+department.id]').anyOf([['Observer', departmentId], ['Faculty', departmentId]]).toArray()
  ) as unknown as User[];
  const open = new Map<string, string>();
  // The open statuses' ranges of the [status+createdAt] index (db.ts v17 has no single status index).
  for (const st of ['Pending', 'Ongoing']) {
    await db.observations
      .where('[status+createdAt]')
      .between([st], [st, Dexie.maxKey], true, true)
      .each((o) => open.set(String(o.facultyId), String(o.status)));
  }
  // Deactivated accounts take part in no new cycle (the server refuses them too).
  const inDept = (u: User) => (departmentId == null || u.department?.id === departmentId) && !u.deactivatedAt;
  const option = (u: User) => ({ value: u.id, label: `${u.name} (${u.email})` });
  const faculty = users.filter((u) => u.role === 'Faculty' && inDept(u));
  const unavailable = faculty.flatMap((u) => {
    const reason = unavailableReason(open.get(u.id));
    return reason ? [{ id: u.id, name: u.name, reason }] : [];
  });
  const blocked = new Set(unavailable.map((u) => u.id));
  return {
    observers: users.filter((u) => u.role === 'Observer' && inDept(u)).map(option),
    faculty: [
      // Without a course slot the observer cannot choose a course at scheduling: offered, with the warning.
      ...faculty
        .filter((u) => !blocked.has(u.id))
        .map((u) => {
          const o = option(u);
          return u.courseSlots?.length ? o : { ...o, label: `${o.label} · no course slot assigned yet` };
        }),
      // Shown, not choosable, so the HOD sees why they are missing.
      ...unavailable.map((u) => ({ value: u.id, label: `${u.name} — ${u.reason}`, disabled: true })),
    ],
    unavailable,
  };
}

/** Published versions a HOD of `departmentId` may initiate on: the institution's and the department's. */
async function loadVersions(departmentId: number | null): Promise<{ value: string; label: string }[]> {
  const all = (await getDb().rubricVersions.toArray()) as unknown as RubricVersion[];
  return all
    .filter((v) => v.status === 'published' && (v.departmentId == null || v.departmentId === departmentId))
    .sort((a, b) => a.name.localeCompare(b.name) || b.number - a.number)
    .map((v) => ({ value: v.id, label: `${v.name} · version ${v.number}` }));
}

/** The version an initiate without one would use: the newest published of the department's default, else the institution's. */
export function defaultVersionId(rubrics: readonly RubricSummary[], departmentId: number | null): string | null {
  const rubric = rubrics.find((r) => departmentId != null && r.defaultFor.includes(departmentId)) ?? rubrics.find((r) => r.institutionDefault);
  const published = (rubric?.versions ?? []).filter((v) => v.status === 'published').sort((a, b) => b.number - a.number);
  return published[0]?.id ?? null;
}

const SERVER_DEFAULT = 'department-default';
const isOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

/** The server's "not calibrated" refusal names the field as `observerId: …`; the form shows it on the Observer field. */
export function observerRefusal(message: string): string | null {
  return message.startsWith('observerId: ') ? `Observer: ${message.slice('observerId: '.length)}` : null;
}

/**
 * Whether `observerId` is calibrated on the version (undefined: unknown — offline, or the server did not answer),
 * from GET /calibration/due for the department; `version` undefined = the version the server would choose.
 */
async function calibrationOf(departmentId: number, observerId: string, version: string | undefined): Promise<{ calibrated: boolean; rubricVersionId: string } | undefined> {
  if (!isOnline()) return undefined;
  try {
    const due = await fetchCalibrationDue({ departmentId, rubricVersionId: version });
    const row = due.observers.find((o) => o.userId === observerId);
    return row ? { calibrated: row.calibrated, rubricVersionId: due.rubricVersionId } : undefined;
  } catch {
    return undefined;
  }
}

export function CreateObservationForm({ hod }: CreateObservationFormProps) {
  const departmentId = hod.department?.id ?? null;
  const candidates = useLiveQuery(() => loadCandidates(departmentId), [departmentId]);
  const versions = useLiveQuery(() => loadVersions(departmentId), [departmentId]);
  const [rubricVersionId, setRubricVersionId] = useState<string | null>(null);
  const [defaultId, setDefaultId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Online the server says which rubric is the department's default; offline the server chooses at sync.
    fetchRubrics().then(
      (r) => live && setDefaultId(defaultVersionId(r, departmentId)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [departmentId]);
  const versionData = useMemo(
    () => [{ value: SERVER_DEFAULT, label: 'The department’s default rubric' }, ...(versions ?? []).map((v) => (v.value === defaultId ? { ...v, label: `${v.label} (department default)` } : v))],
    [versions, defaultId],
  );
  const chosenVersion = rubricVersionId ?? (defaultId && versions?.some((v) => v.value === defaultId) ? defaultId : SERVER_DEFAULT);
  const [observerId, setObserverId] = useState<string | null>(null);
  const [facultyIds, setFacultyIds] = useState<string[]>([]);
  const [semester, setSemester] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [observerError, setObserverError] = useState<string | null>(null);
  /** Before initiating: the observer's calibration on the chosen version (undefined: not known). */
  const [calibration, setCalibration] = useState<{ calibrated: boolean; rubricVersionId: string } | undefined>(undefined);
  const [afterWarning, setAfterWarning] = useState<string | null>(null);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const versionArg = chosenVersion === SERVER_DEFAULT ? undefined : chosenVersion;
  const versionName = (id: string | undefined) => versions?.find((v) => v.value === id)?.label ?? 'this rubric version';
  const observerName = (candidates?.observers.find((o) => o.value === observerId)?.label ?? '').replace(/ \(.*\)$/, '');
  useEffect(() => {
    let live = true;
    setCalibration(undefined);
    if (departmentId == null || !observerId) return;
    void calibrationOf(departmentId, observerId, versionArg).then((c) => live && setCalibration(c));
    return () => {
      live = false;
    };
  }, [departmentId, observerId, versionArg]);
  const notCalibrated = (name: string, versionId: string) => `${name} is not calibrated on ${versionName(versionId)}.`;

  // Faculty chosen earlier stay chosen only while they are still available.
  const facultyData = useMemo(() => candidates?.faculty ?? [], [candidates]);
  const noFaculty = candidates !== undefined && facultyData.every((f) => f.disabled);

  async function submit() {
    if (!observerId || facultyIds.length === 0) return toast.error(MSG.selectObserverAndFaculty);
    if (!semester) return toast.error(MSG.selectSemester);
    setBusy(true);
    setObserverError(null);
    setAfterWarning(null);
    let loading: string | undefined;
    try {
      const ids = Object.fromEntries(facultyIds.map((f) => [f, crypto.randomUUID()]));
      const version = versionArg ? { rubricVersionId: versionArg } : {};
      loading = toast.loading(MSG.observationsInitiating);
      const outcome = await submitMutation('observation.initiate', { facultyIds, observerId, semester: semester as Semester, ids, ...version });
      if (outcome.kind === 'refused') setObserverError(observerRefusal(outcome.message));
      if (!showOutcome(outcome, MSG.observationsInitiated, loading)) return void setBusy(false);
      loading = undefined;
      const after = outcome.kind === 'applied' && departmentId != null ? await calibrationOf(departmentId, observerId, versionArg) : undefined;
      if (after && !after.calibrated) {
        const warning = notCalibrated(observerName || 'The observer', after.rubricVersionId);
        setAfterWarning(warning);
        toast.info(`Initiated with a warning: ${warning}`);
      }
      timer.current = setTimeout(() => void navigate({ to: '/observations/list-observation' }), DELAY.initiateRedirect);
    } catch (err) {
      if (loading) toast.hide(loading);
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
          onChange={(v) => {
            setObserverId(v);
            setObserverError(null);
          }}
          searchable
          nothingFoundMessage="No observers in your department"
          error={observerError}
        />
        {calibration && !calibration.calibrated && !afterWarning ? (
          <Alert color="yellow" title="Calibration" data-testid="calibration-before">
            {`${notCalibrated(observerName || 'This observer', calibration.rubricVersionId)} You can still initiate unless the institution requires calibration.`}
          </Alert>
        ) : null}
        {afterWarning ? (
          <Alert color="yellow" title="Initiated with a warning" data-testid="calibration-warning" role="status">
            {afterWarning}
          </Alert>
        ) : null}
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
        {candidates && candidates.unavailable.length > 0 ? (
          <Box aria-label="Faculty not offered" role="group">
            <Text size="xs" c="dimmed" fw={600}>
              Not offered
            </Text>
            <Box component="ul" m={0} pl="md">
              {candidates.unavailable.map((u) => (
                <Text component="li" size="xs" c="dimmed" key={u.id}>
                  {u.name}: {u.reason}
                </Text>
              ))}
            </Box>
          </Box>
        ) : null}
        <Select label="Semester" placeholder="Select semester" data={[...SEMESTERS]} value={semester} onChange={setSemester} />
        <Select label="Rubric" data={versionData} value={chosenVersion} onChange={(v) => setRubricVersionId(v)} allowDeselect={false} description="The version is fixed on the observation: a later version never changes its scoring." />
        <Button onClick={() => void submit()} loading={busy} disabled={busy} w="fit-content">
          Initiate
        </Button>
      </Stack>
    </Paper>
  );
}
