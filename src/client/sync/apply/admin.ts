/**
 * Optimistic applies of administration: courses (with their slots), slot assignment, new users, master plan
 * steps and email templates. Each writes what the server's document will look like, so screens change at once
 * (offline too) and do not flip when the pulled copy replaces the optimistic one.
 *
 * Set semantics (see ./types.ts): creates only insert when the record is absent (a pulled server copy wins);
 * updates write the chosen values. `prompt.generate` changes nothing in the replica (it only sends mail and
 * notifications), so it has no entry.
 */
import { normaliseSlotTime, type Course, type CourseSlot } from '../../../shared/contract/courses.js';
import type { PlanTemplate } from '../../../shared/contract/templates.js';
import type { User, UserSlot } from '../../../shared/contract/users.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import type { ApplyRegistry } from './types.js';

type Dept = { id: number; name: string };

/** Department names: the departments table first, then any name seen on courses or users (the replica may lack
 * the departments table for some roles). Unknown ids fall back to a neutral label. */
async function departmentNames(db: ReplicaDb, ids: number[]): Promise<Dept[]> {
  const found = new Map<number, string>();
  for (const d of (await db.departments.bulkGet(ids.map(String))) as (ReplicaRecord | undefined)[]) {
    if (d && typeof d.name === 'string') found.set(Number(d.id), d.name);
  }
  if (found.size < ids.length) {
    await db.users.each((u) => {
      const dep = (u as unknown as User).department;
      if (dep && ids.includes(dep.id)) found.set(dep.id, dep.name);
    });
    await db.courses.each((c) => {
      for (const dep of (c as unknown as Course).department ?? []) if (ids.includes(dep.id)) found.set(dep.id, dep.name);
    });
  }
  return ids.map((id) => ({ id, name: found.get(id) ?? `Department ${id}` }));
}

function userSlot(course: Course, s: CourseSlot): UserSlot {
  return {
    id: s.id,
    courseId: course.id,
    course: { id: course.id, courseCode: course.courseCode, name: course.name },
    sectionCode: s.sectionCode,
    day: s.day,
    time: s.time,
    location: s.location,
  };
}

/** Marks `slotIds` of `courseId` as the faculty's, on the course and on the faculty's user record. */
async function assignSlots(db: ReplicaDb, courseId: string | undefined, slotIds: string[], faculty: { id: string; name: string }) {
  const wanted = new Set(slotIds);
  const courses = courseId
    ? [(await db.courses.get(courseId)) as unknown as Course | undefined]
    : ((await db.courses.toArray()) as unknown as Course[]);
  const assigned: UserSlot[] = [];
  for (const course of courses) {
    if (!course) continue;
    let changed = false;
    const slots = course.slots.map((s) => {
      if (!wanted.has(s.id)) return s;
      assigned.push(userSlot(course, s));
      if (s.facultyId === faculty.id && s.faculty === faculty.name) return s;
      changed = true;
      return { ...s, facultyId: faculty.id, faculty: faculty.name };
    });
    if (changed) await db.courses.update(course.id, { slots });
  }
  const user = (await db.users.get(faculty.id)) as unknown as User | undefined;
  if (user && assigned.length) {
    const have = new Set((user.courseSlots ?? []).map((s) => s.id));
    const add = assigned.filter((s) => !have.has(s.id));
    if (add.length) await db.users.update(faculty.id, { courseSlots: [...(user.courseSlots ?? []), ...add] });
  }
}

async function planTemplate(db: ReplicaDb, idOrType: string, type: string): Promise<PlanTemplate | undefined> {
  const byId = (await db.planTemplates.get(idOrType)) as unknown as PlanTemplate | undefined;
  if (byId) return byId;
  return (await db.planTemplates.where('type').equals(type).first()) as unknown as PlanTemplate | undefined;
}

export const ADMIN_APPLY: ApplyRegistry = {
  'course.create': {
    tables: ['departments', 'users'],
    async apply(db, a, ctx) {
      if (await db.courses.get(a.id)) return;
      const course: Course & { version: number } = {
        id: a.id,
        courseCode: a.courseCode.trim(),
        name: a.name.trim(),
        credits: a.credits,
        department: await departmentNames(db, a.departments),
        departments: a.departments,
        campus: a.campus,
        isElective: a.isElective,
        isDepthElective: a.isDepthElective,
        slots: a.slots.map((s) => ({
          id: s.id,
          courseId: a.id,
          sectionCode: s.sectionCode.trim(),
          day: s.day.trim(),
          time: normaliseSlotTime(s.time),
          location: s.location.trim(),
          facultyId: null,
          faculty: null,
        })),
        createdAt: new Date(ctx.now).toISOString(),
        version: 0,
      };
      await db.courses.put(course as unknown as ReplicaRecord);
    },
  },

  'course.assign': {
    tables: ['users'],
    async apply(db, a) {
      const faculty = (await db.users.get(a.facultyId)) as unknown as User | undefined;
      await assignSlots(db, a.courseId, a.slots, { id: a.facultyId, name: faculty?.name ?? '' });
    },
  },

  'user.create': {
    tables: ['courses', 'departments'],
    async apply(db, a, ctx) {
      if (!(await db.users.get(a.id))) {
        const creator = ctx.userId ? ((await db.users.get(ctx.userId)) as unknown as User | undefined) : undefined;
        // The server gives department-bound roles the creator's department, or the one named by a creator without one.
        const deptId = creator?.department?.id ?? a.department ?? null;
        const department = deptId == null ? null : (creator?.department ?? (await departmentNames(db, [deptId]))[0]);
        const user: User & { version: number } = {
          id: a.id,
          name: a.name.trim(),
          email: a.email.trim().toLowerCase(),
          role: a.role,
          campus: creator?.campus ?? a.campus ?? 'Main_Campus',
          department,
          phone: null,
          dateOfBirth: null,
          designation: null,
          avatar: null,
          institute: null,
          degree: null,
          starting: null,
          ending: null,
          facultyObs: [],
          courseSlots: [],
          version: 0,
        };
        await db.users.put(user as unknown as ReplicaRecord);
      }
      if (a.role === 'Faculty' && a.courses.length) {
        await assignSlots(db, a.course, a.courses, { id: a.id, name: a.name.trim() });
      }
    },
  },

  'planTemplate.updateStep': {
    async apply(db, a) {
      const plan = await planTemplate(db, a.templateId, a.type);
      if (!plan) return;
      const name = a.name.trim();
      const field = a.field.trim();
      const steps = plan.steps.map((s) => (s.id === a.stepId ? { ...s, name, field } : s));
      await db.planTemplates.update(plan.id, { steps });
    },
  },

  'emailTemplate.update': {
    async apply(db, a) {
      const byId = await db.emailTemplates.get(a.templateId);
      const tpl = byId ?? (await db.emailTemplates.where('type').equals(a.type).first());
      if (!tpl) return;
      await db.emailTemplates.update(tpl.id, { email: a.email });
    },
  },
};
