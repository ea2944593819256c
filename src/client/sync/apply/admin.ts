/**
 * Optimistic applies of administration: courses (with their slots), slot assignment, new users, master plan
 * steps and email templates. Each writes what the server's document will look like, so screens change at once
 * (offline too) and do not flip when the pulled copy replaces the optimistic one.
 *
 * Set semantics (see ./types.ts): creates only insert when the record is absent (a pulled server copy wins);
 * updates write the chosen values. `prompt.generate` changes nothing in the replica (it only sends mail and
 * notifications), so it has no entry.
 *
 * Every apply is one chain of Dexie promises (`.then`), never native `await`s: the pull's rebase runs many
 * applies in one transaction and Dexie loses the transaction zone across native awaits (PrematureCommitError;
 * reproduced in tests/client/apply-admin.test.ts).
 */
import Dexie from 'dexie';
import { normaliseSlotTime, type Course, type CourseSlot } from '../../../shared/contract/courses.js';
import type { PlanTemplate } from '../../../shared/contract/templates.js';
import type { User, UserSlot } from '../../../shared/contract/users.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import type { ApplyRegistry } from './types.js';

type Dept = { id: number; name: string };

const done = (): void => undefined;

/** Department names: the departments table first, then any name seen on courses or users (the replica may lack
 * the departments table for some roles). Unknown ids fall back to a neutral label. */
function departmentNames(db: ReplicaDb, ids: number[]): Promise<Dept[]> {
  const found = new Map<number, string>();
  const result = () => ids.map((id) => ({ id, name: found.get(id) ?? `Department ${id}` }));
  return db.departments.bulkGet(ids.map(String)).then((rows) => {
    for (const d of rows) if (d && typeof d.name === 'string') found.set(Number(d.id), d.name);
    if (found.size >= ids.length) return result();
    return db.users
      .each((u) => {
        const dep = (u as unknown as User).department;
        if (dep && ids.includes(dep.id)) found.set(dep.id, dep.name);
      })
      .then(() =>
        db.courses.each((c) => {
          for (const dep of (c as unknown as Course).department ?? []) if (ids.includes(dep.id)) found.set(dep.id, dep.name);
        }),
      )
      .then(result);
  });
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
function assignSlots(db: ReplicaDb, courseId: string | undefined, slotIds: string[], faculty: { id: string; name: string }): Promise<void> {
  const wanted = new Set(slotIds);
  const assigned: UserSlot[] = [];
  const load: Promise<(Course | undefined)[]> = courseId
    ? db.courses.get(courseId).then((c) => [c as unknown as Course | undefined])
    : db.courses.toArray().then((cs) => cs as unknown as Course[]);
  return load
    .then((courses) => {
      const writes: Promise<unknown>[] = [];
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
        if (changed) writes.push(db.courses.update(course.id, { slots }));
      }
      return Dexie.Promise.all(writes);
    })
    .then(() => db.users.get(faculty.id))
    .then((raw) => {
      const user = raw as unknown as User | undefined;
      if (!user || !assigned.length) return;
      const have = new Set((user.courseSlots ?? []).map((s) => s.id));
      const add = assigned.filter((s) => !have.has(s.id));
      if (add.length) return db.users.update(faculty.id, { courseSlots: [...(user.courseSlots ?? []), ...add] }).then(done);
    });
}

function planTemplate(db: ReplicaDb, idOrType: string, type: string): Promise<PlanTemplate | undefined> {
  return db.planTemplates.get(idOrType).then(
    (byId) => (byId as unknown as PlanTemplate | undefined) ?? (db.planTemplates.where('type').equals(type).first() as unknown as Promise<PlanTemplate | undefined>),
  );
}

export const ADMIN_APPLY: ApplyRegistry = {
  'course.create': {
    tables: ['departments', 'users'],
    apply(db, a, ctx) {
      return db.courses.get(a.id).then((existing) => {
        if (existing) return;
        return departmentNames(db, a.departments).then((department) => {
          const course: Course & { version: number } = {
            id: a.id,
            courseCode: a.courseCode.trim(),
            name: a.name.trim(),
            credits: a.credits,
            department,
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
              course: { id: a.id, courseCode: a.courseCode.trim(), name: a.name.trim() },
            })),
            createdAt: new Date(ctx.now).toISOString(),
            version: 0,
          };
          return db.courses.put(course as unknown as ReplicaRecord).then(done);
        });
      });
    },
  },

  'course.assign': {
    tables: ['users'],
    apply(db, a) {
      return db.users
        .get(a.facultyId)
        .then((faculty) => assignSlots(db, a.courseId, a.slots, { id: a.facultyId, name: (faculty as unknown as User | undefined)?.name ?? '' }));
    },
  },

  // Slots of an existing course: set semantics (a re-applied add finds the slot present and changes nothing).
  'course.addSlot': {
    apply(db, a) {
      return db.courses.get(a.courseId).then((raw) => {
        const course = raw as unknown as Course | undefined;
        if (!course || course.slots.some((s) => s.id === a.id)) return;
        const slot: CourseSlot = {
          id: a.id,
          courseId: course.id,
          sectionCode: a.sectionCode.trim(),
          day: a.day.trim(),
          time: normaliseSlotTime(a.time),
          location: a.location.trim(),
          facultyId: null,
          faculty: null,
          course: { id: course.id, courseCode: course.courseCode, name: course.name },
        };
        return db.courses.update(course.id, { slots: [...course.slots, slot] }).then(done);
      });
    },
  },

  'course.updateSlot': {
    tables: ['users'],
    apply(db, a) {
      const fields = { sectionCode: a.sectionCode.trim(), day: a.day.trim(), time: normaliseSlotTime(a.time), location: a.location.trim() };
      return db.courses.get(a.courseId).then((raw) => {
        const course = raw as unknown as Course | undefined;
        const old = course?.slots.find((s) => s.id === a.id);
        if (!course || !old) return;
        const slots = course.slots.map((s) => (s.id === a.id ? { ...s, ...fields } : s));
        return db.courses.update(course.id, { slots }).then(() => {
          // The assigned faculty's user record lists the slot too (the server re-sends it; mirror it now).
          if (!old.facultyId) return;
          return db.users.get(old.facultyId).then((u) => {
            const user = u as unknown as User | undefined;
            if (!user?.courseSlots?.some((s) => s.id === a.id)) return;
            const courseSlots = user.courseSlots.map((s) => (s.id === a.id ? { ...s, ...fields } : s));
            return db.users.update(user.id, { courseSlots }).then(done);
          });
        });
      });
    },
  },

  'course.deleteSlot': {
    apply(db, a) {
      return db.courses.get(a.courseId).then((raw) => {
        const course = raw as unknown as Course | undefined;
        // An assigned slot stays: the server refuses to delete it (409), so hiding it would only flicker.
        const slot = course?.slots.find((s) => s.id === a.id);
        if (!course || !slot || slot.facultyId) return;
        return db.courses.update(course.id, { slots: course.slots.filter((s) => s.id !== a.id) }).then(done);
      });
    },
  },

  'course.unassignSlot': {
    tables: ['users'],
    apply(db, a) {
      return db.courses.get(a.courseId).then((raw) => {
        const course = raw as unknown as Course | undefined;
        const slot = course?.slots.find((s) => s.id === a.id);
        if (!course || !slot?.facultyId) return;
        const facultyId = slot.facultyId;
        const slots = course.slots.map((s) => (s.id === a.id ? { ...s, facultyId: null, faculty: null } : s));
        return db.courses.update(course.id, { slots }).then(() =>
          db.users.get(facultyId).then((u) => {
            const user = u as unknown as User | undefined;
            if (!user?.courseSlots?.some((s) => s.id === a.id)) return done();
            return db.users.update(user.id, { courseSlots: user.courseSlots.filter((s) => s.id !== a.id) }).then(done);
          }),
        );
      });
    },
  },

  'user.create': {
    tables: ['courses', 'departments'],
    apply(db, a, ctx) {
      const slots = () => (a.role === 'Faculty' && a.courses.length ? assignSlots(db, a.course, a.courses, { id: a.id, name: a.name.trim() }) : undefined);
      return db.users.get(a.id).then((existing) => {
        if (existing) return slots();
        return (ctx.userId ? db.users.get(ctx.userId) : Dexie.Promise.resolve(undefined))
          .then((raw) => {
            const creator = raw as unknown as User | undefined;
            // The server gives department-bound roles the creator's department, or the one named by a creator without one.
            const deptId = creator?.department?.id ?? a.department ?? null;
            const department: Promise<Dept | null> =
              deptId == null ? Dexie.Promise.resolve(null) : creator?.department ? Dexie.Promise.resolve(creator.department) : departmentNames(db, [deptId]).then((d) => d[0]);
            return department.then((dep) => {
              const user: User & { version: number } = {
                id: a.id,
                name: a.name.trim(),
                email: a.email.trim().toLowerCase(),
                role: a.role,
                campus: creator?.campus ?? a.campus ?? 'Main_Campus',
                department: dep,
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
              return db.users.put(user as unknown as ReplicaRecord);
            });
          })
          .then(slots);
      });
    },
  },

  'planTemplate.updateStep': {
    apply(db, a) {
      return planTemplate(db, a.templateId, a.type).then((plan) => {
        if (!plan) return;
        const name = a.name.trim();
        const field = a.field.trim();
        const steps = plan.steps.map((s) => (s.id === a.stepId ? { ...s, name, field } : s));
        return db.planTemplates.update(plan.id, { steps }).then(done);
      });
    },
  },

  'emailTemplate.update': {
    apply(db, a) {
      return db.emailTemplates
        .get(a.templateId)
        .then((byId) => byId ?? db.emailTemplates.where('type').equals(a.type).first())
        .then((tpl) => (tpl ? db.emailTemplates.update(tpl.id, { email: a.email }).then(done) : undefined));
    },
  },
  'department.setMode': {
    apply(db, a) {
      return db.departments.update(String(a.departmentId), { observationMode: a.mode }).then(done);
    },
  },
};
