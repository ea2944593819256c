/**
 * /users/create-user (SPEC §2, §5). Role offers only CREATABLE_ROLES of the creator; campus and department are
 * the creator's (read-only). A creator without a department (Super_Admin, Admin, Campus_Director) picks one for
 * department-bound roles. A Faculty user needs a course and one or more of its unassigned slots. The change is
 * queued through the outbox (works offline); the form clears 2 s after success.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { DELAY } from '../../../shared/constants.js';
import type { Course } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { CAMPUSES, display, type Campus, type Role } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { CREATABLE_ROLES } from '../../../shared/permissions.js';
import { createUserError } from '../../../shared/validation.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { getDb } from '../../sync/index.js';
import { useDepartments } from '../../hooks/use-departments.js';

const DEPARTMENT_ROLES: readonly string[] = ['Head_of_Department', 'Observer', 'Faculty'];
const EMPTY = { name: '', email: '', password: '', confirm: '', role: 'Select', department: null as string | null, course: null as string | null, slots: [] as string[] };

/** The university domain: the creator's own address's (the server checks against its configured domain). */
export function domainOf(email: string): string {
  return email.split('@')[1]?.toLowerCase() ?? '';
}

export function CreateUserForm({ creator }: { creator: User }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const set = <K extends keyof typeof EMPTY>(k: K, v: (typeof EMPTY)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const departments = useDepartments();
  const courses = useLiveQuery(() => getDb().courses.toArray() as unknown as Promise<Course[]>, []);
  const roles = CREATABLE_ROLES[creator.role];
  const needsDepartmentPick = creator.department == null && DEPARTMENT_ROLES.includes(form.role);
  const departmentId = creator.department?.id ?? (form.department ? Number(form.department) : null);

  const courseOptions = useMemo(
    () =>
      (courses ?? [])
        .filter((c) => departmentId == null || c.departments.includes(departmentId))
        .sort((a, b) => a.courseCode.localeCompare(b.courseCode))
        .map((c) => ({ value: c.id, label: `${c.courseCode} ${c.name}` })),
    [courses, departmentId],
  );
  const freeSlots = useMemo(() => {
    const c = courses?.find((x) => x.id === form.course);
    return (c?.slots ?? []).filter((s) => s.facultyId == null).map((s) => ({ value: s.id, label: `${s.sectionCode} · ${s.day} ${s.time} · ${s.location}` }));
  }, [courses, form.course]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = createUserError(
      { name: form.name, email: form.email, password: form.password, confirmPassword: form.confirm, role: form.role, course: form.course ?? undefined, slots: form.slots },
      domainOf(creator.email),
    );
    if (problem) return void toast.error(problem);
    if (needsDepartmentPick && departmentId == null) return void toast.error(MSG.selectDepartment);
    const email = form.email.trim().toLowerCase();
    if (await getDb().users.filter((u) => String(u.email).toLowerCase() === email).count()) {
      return void toast.error(MSG.emailTaken);
    }
    setBusy(true);
    try {
      const ok = await submitWithToast('user.create', {
        id: crypto.randomUUID(),
        name: form.name.trim(),
        email,
        password: form.password,
        role: form.role as Role,
        campus: (CAMPUSES as readonly string[]).includes(creator.campus) ? (creator.campus as Campus) : undefined,
        department: needsDepartmentPick && departmentId != null ? departmentId : undefined,
        course: form.role === 'Faculty' ? (form.course ?? undefined) : undefined,
        courses: form.role === 'Faculty' ? form.slots : [],
      }, { progress: MSG.userCreating, success: MSG.userCreated });
      if (!ok) return void setBusy(false);
      clearTimer.current = setTimeout(() => {
        setForm(EMPTY);
        setBusy(false);
      }, DELAY.createUserClear);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Create user" maw={760}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} autoComplete="off" />
          <TextInput label="Email" required type="email" placeholder={`name@${domainOf(creator.email)}`} value={form.email} onChange={(e) => set('email', e.currentTarget.value)} autoComplete="off" />
          <PasswordInput label="Password" required value={form.password} onChange={(e) => set('password', e.currentTarget.value)} autoComplete="new-password" />
          <PasswordInput label="Confirm Password" required value={form.confirm} onChange={(e) => set('confirm', e.currentTarget.value)} autoComplete="new-password" />
          <Select
            label="Role"
            required
            allowDeselect={false}
            value={form.role}
            onChange={(v) => setForm((f) => ({ ...f, role: v ?? 'Select', course: null, slots: [] }))}
            data={[{ value: 'Select', label: 'Select' }, ...roles.map((r) => ({ value: r, label: display(r) }))]}
          />
          <TextInput label="Campus" value={display(creator.campus)} readOnly variant="filled" />
          {needsDepartmentPick ? (
            <Select
              label="Department"
              required
              placeholder="Select department"
              value={form.department}
              onChange={(v) => setForm((f) => ({ ...f, department: v, course: null, slots: [] }))}
              data={(departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              nothingFoundMessage={MSG.noDepartment}
            />
          ) : (
            <TextInput label="Department" value={creator.department?.name ?? 'All departments'} readOnly variant="filled" />
          )}
        </SimpleGrid>
        {form.role === 'Faculty' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Course"
              required
              searchable
              placeholder="Select course"
              value={form.course}
              onChange={(v) => setForm((f) => ({ ...f, course: v, slots: [] }))}
              data={courseOptions}
              nothingFoundMessage={MSG.noCourses}
            />
            {form.course && freeSlots.length === 0 ? (
              <Alert color="yellow" title="Slots" role="status">
                {MSG.noSlotsForCourse}
              </Alert>
            ) : (
              <MultiSelect
                label="Slots"
                required
                placeholder={form.course ? 'Select slots' : 'Choose a course first'}
                disabled={!form.course}
                value={form.slots}
                onChange={(v) => set('slots', v)}
                data={freeSlots}
              />
            )}
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Create User
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
