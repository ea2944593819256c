/**
 * /users/create-user (SPEC §2, §5). Role offers only CREATABLE_ROLES of the creator; campus and department are
 * the creator's (read-only). A creator without a department (Super_Admin, Admin, Campus_Director) picks one for
 * department-bound roles. A Faculty user needs a course and one or more of its unassigned slots. Nobody types the
 * new user's password: the server emails them an invitation link to set their own. A refused submit keeps SPEC's
 * toast and also marks each field concerned and focuses the first. The change is queued through the outbox
 * (works offline); the form clears 2 s after success.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { DELAY } from '../../../shared/constants.js';
import type { Course } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { CAMPUSES, display, type Campus, type Role } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { CREATABLE_ROLES } from '../../../shared/permissions.js';
import { createUserError, isValidEmail } from '../../../shared/validation.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { getDb } from '../../sync/index.js';
import { useDepartments } from '../../hooks/use-departments.js';

const DEPARTMENT_ROLES: readonly string[] = ['Head_of_Department', 'Observer', 'Faculty'];
const EMPTY = { name: '', email: '', role: null as string | null, department: null as string | null, course: null as string | null, slots: [] as string[] };
type Field = 'name' | 'email' | 'role' | 'department' | 'course' | 'slots';
const FIELD_ORDER: readonly Field[] = ['name', 'email', 'role', 'department', 'course', 'slots'];
const fieldId = (f: Field) => `create-user-${f}`;

/** The university domain: the creator's own address's (the server checks against its configured domain). */
export function domainOf(email: string): string {
  return email.split('@')[1]?.toLowerCase() ?? '';
}

/** The fields a refused submit points at, each with what it needs (the toast keeps SPEC's one message). */
export function createUserFieldErrors(
  form: typeof EMPTY,
  domain: string,
  opts: { needsDepartment: boolean; hasSlots: boolean },
): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (!form.name.trim()) e.name = 'Enter the name';
  if (!form.email.trim()) e.email = 'Enter the email';
  else if (!isValidEmail(form.email)) e.email = MSG.invalidEmail;
  else if (domainOf(form.email) !== domain) e.email = MSG.domainOnly(domain);
  if (!form.role) e.role = 'Choose a role';
  if (opts.needsDepartment && !form.department) e.department = MSG.selectDepartment;
  if (form.role === 'Faculty') {
    if (!form.course) e.course = MSG.facultyNeedsCourse;
    else if (opts.hasSlots && form.slots.length === 0) e.slots = MSG.facultyNeedsSlot;
  }
  return e;
}

export function CreateUserForm({ creator }: { creator: User }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const set = <K extends keyof typeof EMPTY>(k: K, v: (typeof EMPTY)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => (k in e ? { ...e, [k]: undefined } : e));
  };

  const departments = useDepartments();
  const courses = useLiveQuery(() => getDb().courses.toArray() as unknown as Promise<Course[]>, []);
  const roles = CREATABLE_ROLES[creator.role];
  const needsDepartmentPick = creator.department == null && DEPARTMENT_ROLES.includes(form.role ?? '');
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
    const domain = domainOf(creator.email);
    const problem =
      createUserError({ name: form.name, email: form.email, password: '', role: form.role ?? '', course: form.course ?? undefined, slots: form.slots }, domain) ??
      (needsDepartmentPick && departmentId == null ? MSG.selectDepartment : null);
    if (problem) {
      const marked = createUserFieldErrors(form, domain, { needsDepartment: needsDepartmentPick, hasSlots: freeSlots.length > 0 });
      setErrors(marked);
      const first = FIELD_ORDER.find((f) => marked[f]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return void toast.error(problem);
    }
    const email = form.email.trim().toLowerCase();
    if (await getDb().users.filter((u) => String(u.email).toLowerCase() === email).count()) {
      setErrors({ email: MSG.emailTaken });
      document.getElementById(fieldId('email'))?.focus();
      return void toast.error(MSG.emailTaken);
    }
    setBusy(true);
    try {
      const ok = await submitWithToast('user.create', {
        id: crypto.randomUUID(),
        name: form.name.trim(),
        email,
        role: form.role as Role,
        campus: (CAMPUSES as readonly string[]).includes(creator.campus) ? (creator.campus as Campus) : undefined,
        department: needsDepartmentPick && departmentId != null ? departmentId : undefined,
        course: form.role === 'Faculty' ? (form.course ?? undefined) : undefined,
        courses: form.role === 'Faculty' ? form.slots : [],
      }, { progress: MSG.userCreating, success: MSG.userInvited });
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
          <TextInput id={fieldId('name')} label="Name" required value={form.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} autoComplete="off" />
          <TextInput
            id={fieldId('email')}
            label="Email"
            required
            type="email"
            placeholder={`name@${domainOf(creator.email)}`}
            value={form.email}
            error={errors.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            autoComplete="off"
          />
          <Select
            id={fieldId('role')}
            label="Role"
            required
            allowDeselect={false}
            placeholder="Choose a role"
            value={form.role}
            error={errors.role}
            onChange={(v) => {
              setForm((f) => ({ ...f, role: v, course: null, slots: [] }));
              setErrors((e) => ({ ...e, role: undefined, course: undefined, slots: undefined }));
            }}
            data={roles.map((r) => ({ value: r, label: display(r) }))}
          />
          <TextInput label="Campus" value={display(creator.campus)} readOnly variant="filled" />
          {needsDepartmentPick ? (
            <Select
              id={fieldId('department')}
              label="Department"
              required
              placeholder="Select department"
              value={form.department}
              error={errors.department}
              onChange={(v) => {
                setForm((f) => ({ ...f, department: v, course: null, slots: [] }));
                setErrors((e) => ({ ...e, department: undefined }));
              }}
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
              id={fieldId('course')}
              label="Course"
              required
              searchable
              placeholder="Select course"
              value={form.course}
              error={errors.course}
              onChange={(v) => {
                setForm((f) => ({ ...f, course: v, slots: [] }));
                setErrors((e) => ({ ...e, course: undefined, slots: undefined }));
              }}
              data={courseOptions}
              nothingFoundMessage={MSG.noCourses}
            />
            {form.course && freeSlots.length === 0 ? (
              <Alert color="yellow" title="Slots" role="status">
                {MSG.noSlotsForCourse}
              </Alert>
            ) : (
              <MultiSelect
                id={fieldId('slots')}
                label="Slots"
                required
                error={errors.slots}
                placeholder={form.course ? 'Select slots' : 'Choose a course first'}
                disabled={!form.course}
                value={form.slots}
                onChange={(v) => set('slots', v)}
                data={freeSlots}
              />
            )}
          </SimpleGrid>
        ) : null}
        <Text size="sm" c="dimmed">The new user gets an email with a link to set their own password.</Text>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Create User
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
