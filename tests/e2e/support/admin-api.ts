/**
 * Administration reads and writes straight against the server under test (administration journeys): what the server
 * really holds after a browser journey (courses, users, templates, notifications, dashboard counts), and the
 * few records a journey needs prepared (a course, a faculty member, an observation) without going through UI
 * that another journey already covers.
 */
import { randomUUID } from 'node:crypto';
import type { ApiUser, ServerApi } from './api.js';

export interface ApiCourseSlot {
  id: string;
  sectionCode: string;
  day: string;
  time: string;
  location: string;
  facultyId: string | null;
  faculty: string | null;
}

export interface ApiCourse {
  id: string;
  courseCode: string;
  name: string;
  credits: number;
  departments: number[];
  campus: string;
  slots: ApiCourseSlot[];
}

export interface ApiNotification {
  id: string;
  userId: string;
  title: string;
  message: string;
  route: string | null;
  open: boolean;
}

export interface DashboardCounts {
  observers?: number;
  faculty?: number;
  headsOfDepartment?: number;
  observations?: number;
  slots?: number;
}

/** Unique-per-run suffix: journeys create their own records and never depend on global totals. */
export function runTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** A course code CSC-9xx that no course on the server has yet (checked against GET /courses). */
export async function freeCourseCode(api: ServerApi, token: string): Promise<string> {
  const taken = new Set((await courses(api, token)).map((c) => c.courseCode.toUpperCase()));
  for (let i = 0; i < 200; i++) {
    const code = `CSC-9${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
  throw new Error('no free CSC-9xx course code left on this server');
}

/** Every user and course the Super_Admin sees (GET /data/super-data; never Super_Admin rows). */
export function superData(api: ServerApi, token: string): Promise<{ users: ApiUser[]; courses: ApiCourse[] }> {
  return api.request('GET', '/data/super-data', { token });
}

export async function courses(api: ServerApi, token: string): Promise<ApiCourse[]> {
  return (await api.request<{ courses: ApiCourse[] }>('GET', '/courses', { token })).courses;
}

export async function dashboard(api: ServerApi, token: string): Promise<DashboardCounts> {
  return (await api.request<{ counts: DashboardCounts }>('GET', '/dashboard', { token })).counts;
}

export function notifications(api: ServerApi, token: string): Promise<ApiNotification[]> {
  return api.request('GET', '/notifications', { token });
}

export function emailTemplate(api: ServerApi, token: string, type: string): Promise<{ id: string; type: string; email: string }> {
  return api.request('GET', `/email/${type}`, { token });
}

export function updateEmailTemplate(api: ServerApi, token: string, type: string, email: string): Promise<unknown> {
  return api.request('PUT', `/email/${type}`, { token, body: { email }, headers: { 'idempotency-key': randomUUID() } });
}

/** POST /course as a HOD: one course of the HOD's department with the given slot codes (unassigned). */
export async function createCourse(api: ServerApi, hod: ApiUser & { token: string }, code: string, sections: string[]): Promise<ApiCourse> {
  const dept = hod.department?.id;
  if (dept == null) throw new Error('createCourse needs a HOD with a department');
  const r = await api.request<{ course: ApiCourse }>('POST', '/course', {
    token: hod.token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      courseCode: code,
      name: `E2E course ${code}`,
      credits: 3,
      departments: [Number(dept)],
      slots: sections.map((s, i) => ({ sectionCode: s, day: 'Tuesday', time: `${10 + i}:00-${10 + i}:45`, location: `Room E2E-${i}` })),
    },
  });
  return r.course;
}

/** POST /auth/create as a HOD: a Faculty member of the HOD's department on the given slots. */
export async function createFaculty(
  api: ServerApi,
  hod: { token: string },
  fields: { name: string; email: string; course: string; slots: string[] },
): Promise<ApiUser> {
  const password = 'e2e-password-1';
  return api.request<ApiUser>('POST', '/auth/create', {
    token: hod.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { name: fields.name, email: fields.email, password, confirmPassword: password, role: 'Faculty', course: fields.course, courses: fields.slots },
  });
}

/** POST /observation/initiate as a HOD: one Pending observation of `facultyId` by `observerId`. */
export async function initiateObservation(api: ServerApi, hod: { token: string }, facultyId: string, observerId: string): Promise<void> {
  await api.request('POST', '/observation/initiate', {
    token: hod.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { facultyIds: [facultyId], observerId, semester: 'Fall' },
  });
}
