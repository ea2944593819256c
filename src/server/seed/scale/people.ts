/**
 * The people and teaching of a scale run: departments (shared by name across runs), and per department one HOD,
 * observers (one per ~8 faculty) and faculty members, each with a course of the department and a slot they teach.
 * Emails and course codes carry the run tag, so a second run adds people instead of colliding.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { CAMPUSES } from '../../../shared/enums.js';
import type { Tx } from '../../db/client.js';
import { departments } from '../../db/schema.js';
import { bulkInsert } from './bulk.js';
import { COURSE_TOPICS, DAYS, DEPARTMENT_NAMES, DESIGNATIONS, FIRST_NAMES, LAST_NAMES, ROOMS, TIMES } from './names.js';
import type { Rng } from './random.js';

export interface Person {
  id: string;
  name: string;
  email: string;
  departmentId: number;
}

export interface FacultyMember extends Person {
  courseId: string;
  slot: { day: string; time: string; location: string };
}

export interface Department {
  id: number;
  hod: Person;
  observers: Person[];
  faculty: FacultyMember[];
}

/** Faculty members per department, and faculty per observer, as a mid-size university staffs them. */
const FACULTY_PER_DEPARTMENT = 60;
const FACULTY_PER_OBSERVER = 8;

export interface PeopleInput {
  tag: string;
  facultyCount: number;
  domain: string;
  passwordHash: string;
  now: Date;
}

export async function seedPeople(tx: Tx, r: Rng, p: PeopleInput): Promise<Department[]> {
  const deptCount = Math.max(3, Math.ceil(p.facultyCount / FACULTY_PER_DEPARTMENT));
  const names = Array.from({ length: deptCount }, (_, i) => {
    const base = DEPARTMENT_NAMES[i % DEPARTMENT_NAMES.length];
    return i < DEPARTMENT_NAMES.length ? base : `${base} ${Math.floor(i / DEPARTMENT_NAMES.length) + 1}`;
  });
  // Departments are shared by name: a second run staffs the same departments with more people.
  await tx.insert(departments).values(names.map((name) => ({ name }))).onConflictDoNothing();
  const rows = await tx.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.name, names));
  const idOf = new Map(rows.map((d) => [d.name, d.id]));

  let n = 0;
  const person = (departmentId: number): Person => {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    n++;
    return { id: randomUUID(), name: `${first} ${last}`, email: `${first}.${last}.${p.tag}${n}@${p.domain}`.toLowerCase(), departmentId };
  };

  const users: Record<string, unknown>[] = [];
  const courses: Record<string, unknown>[] = [];
  const courseDepartments: Record<string, unknown>[] = [];
  const slots: Record<string, unknown>[] = [];
  const campus = CAMPUSES[0];
  const created = new Date(p.now.getTime() - 5 * 365 * 86_400_000).toISOString();
  const user = (x: Person, role: string, designation: string) =>
    users.push({ id: x.id, name: x.name, email: x.email, password_hash: p.passwordHash, role, campus, department_id: x.departmentId, designation, created_at: created, updated_at: created });

  const result: Department[] = [];
  let courseNo = 0;
  for (const [i, name] of names.entries()) {
    const departmentId = idOf.get(name)!;
    const facultyHere = Math.floor(p.facultyCount / deptCount) + (i < p.facultyCount % deptCount ? 1 : 0);
    const hod = person(departmentId);
    user(hod, 'Head_of_Department', 'Head of Department');
    const observers = Array.from({ length: Math.max(2, Math.ceil(facultyHere / FACULTY_PER_OBSERVER)) }, () => person(departmentId));
    for (const o of observers) user(o, 'Observer', r.pick(DESIGNATIONS.slice(2)));
    const prefix = name.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase();
    const faculty: FacultyMember[] = [];
    for (let k = 0; k < facultyHere; k++) {
      const f = person(departmentId);
      user(f, 'Faculty', r.pick(DESIGNATIONS));
      const courseId = randomUUID();
      courseNo++;
      courses.push({
        id: courseId,
        course_code: `${prefix}${100 + (courseNo % 400)}-${p.tag}${courseNo}`,
        name: `${name}: ${r.pick(COURSE_TOPICS)}`,
        credits: r.pick([2, 3, 3, 4]),
        campus,
        is_elective: r.chance(0.2),
        is_depth_elective: r.chance(0.05),
        created_at: created,
      });
      courseDepartments.push({ course_id: courseId, department_id: departmentId });
      const slot = { day: r.pick(DAYS), time: r.pick(TIMES), location: r.pick(ROOMS) };
      slots.push({ id: randomUUID(), course_id: courseId, section_code: 'A', ...slot, faculty_id: f.id });
      // Some courses have a second section nobody teaches yet (the slot lists show unassigned slots too).
      if (r.chance(0.2)) slots.push({ id: randomUUID(), course_id: courseId, section_code: 'B', day: r.pick(DAYS), time: r.pick(TIMES), location: r.pick(ROOMS), faculty_id: null });
      faculty.push({ ...f, courseId, slot });
    }
    result.push({ id: departmentId, hod, observers, faculty });
  }

  await bulkInsert(tx, 'users', { id: 'uuid', name: 'text', email: 'text', password_hash: 'text', role: 'text', campus: 'text', department_id: 'int', designation: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' }, users);
  await bulkInsert(tx, 'courses', { id: 'uuid', course_code: 'text', name: 'text', credits: 'int', campus: 'text', is_elective: 'boolean', is_depth_elective: 'boolean', created_at: 'timestamptz' }, courses);
  await bulkInsert(tx, 'course_departments', { course_id: 'uuid', department_id: 'int' }, courseDepartments);
  await bulkInsert(tx, 'slots', { id: 'uuid', course_id: 'uuid', section_code: 'text', day: 'text', time: 'text', location: 'text', faculty_id: 'uuid' }, slots);
  return result;
}
