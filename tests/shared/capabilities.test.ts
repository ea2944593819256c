/**
 * The capability table (src/shared/permissions.ts) against the real server: for every capability the server
 * checks by role alone, each demo role calls the route with a request that only a permitted role gets past the
 * role check with (an empty or unknown body → 400/404, or a read → 200), so a 403 means exactly "the role may
 * not". The client builds menus and page guards from the same table, so this proves they offer nothing the server
 * refuses and hide nothing it allows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/shared/enums.js';
import { can, CAPABILITIES, menuFor, mayOpenPage, PAGE_NEEDS, type Capability } from '../../src/shared/permissions.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';

/** One demo account per role. */
const ACCOUNT: Record<Role, string> = {
  Super_Admin: 'superadmin',
  Admin: 'admin',
  Campus_Director: 'director',
  Head_of_Department: 'hod',
  Observer: 'observer',
  Faculty: 'faculty',
};

type Probe = (t: TestApp, token: string) => Promise<number>;

/**
 * Written out from the API table of docs/api.md and SPEC §6, independently of the table under test (the server reads
 * CAPABILITIES, so comparing the server with the table alone could not catch a wrong entry).
 */
const README: Partial<Record<Capability, Role[]>> = {
  'user.create': ['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department'],
  'user.list': ['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department'],
  'user.manage': ['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department'],
  'user.seeAll': ['Super_Admin', 'Admin', 'Campus_Director'],
  'course.create': ['Super_Admin', 'Admin', 'Head_of_Department'],
  'slots.assign': ['Super_Admin', 'Admin', 'Head_of_Department'],
  'observation.initiate': ['Head_of_Department'],
  'observation.prompt': ['Super_Admin', 'Admin'],
  'observation.delete': ['Super_Admin'],
  'data.all': ['Super_Admin'],
  'template.edit': ['Super_Admin', 'Admin'],
  'email.edit': ['Super_Admin', 'Admin'],
  'analytics.view': ['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department'],
  'sso.approve': ['Super_Admin', 'Admin'],
  'department.mode': ['Super_Admin', 'Admin'],
  'rubric.build': ['Super_Admin', 'Admin', 'Head_of_Department'],
  'calibration.certification': ['Super_Admin', 'Admin', 'Head_of_Department'],
};

/** A valid rubric: POST /rubrics checks the role only after the body (docs/api.md "Rubrics"). */
const PROBE_RUBRIC = { definition: { name: 'Probe rubric', groups: [{ code: 'P', title: 'Probe', items: [{ code: 'P1', title: 'Probe item' }] }], scale: [{ value: 0, label: 'No' }, { value: 1, label: 'Yes' }] } };

/** A request per role-checked capability. `observation.readAll` and `course.list` scope rows instead of refusing. */
const PROBES: Partial<Record<Capability, Probe>> = {
  'user.create': async (t, token) => (await t.post('/api/auth/create', {}, token)).statusCode,
  'user.list': async (t, token) => (await t.get('/api/users?page=1', token)).statusCode,
  'user.manage': async (t, token) => (await t.put(`/api/user/${randomUUID()}/deactivate`, {}, token)).statusCode,
  'user.seeAll': async (t, token) => (await t.get(`/api/user/${await t.userId('faculty.math')}`, token)).statusCode,
  'course.create': async (t, token) => (await t.post('/api/course', {}, token)).statusCode,
  'slots.assign': async (t, token) => (await t.put(`/api/course/user/${randomUUID()}`, {}, token)).statusCode,
  'observation.initiate': async (t, token) => (await t.post('/api/observation/initiate', {}, token)).statusCode,
  'observation.prompt': async (t, token) => (await t.post('/api/observation/prompt', {}, token)).statusCode,
  'observation.delete': async (t, token) => (await t.del(`/api/observation/${randomUUID()}`, token)).statusCode,
  'data.all': async (t, token) => (await t.get('/api/data/super-data', token)).statusCode,
  'template.edit': async (t, token) => (await t.put('/api/template/Teaching', { stepId: randomUUID(), name: '', field: '' }, token)).statusCode,
  'email.edit': async (t, token) => (await t.get('/api/email/CreateUser', token)).statusCode,
  'analytics.view': async (t, token) => (await t.get('/api/analytics', token)).statusCode,
  'sso.approve': async (t, token) => (await t.get('/api/sso-requests', token)).statusCode,
  'department.mode': async (t, token) => (await t.put('/api/department/999999/observation-mode', { mode: 'formative' }, token)).statusCode,
  'rubric.build': async (t, token) => (await t.post('/api/rubrics', PROBE_RUBRIC, token)).statusCode,
  // The demo HOD's department: every other department's HOD would be refused by the department rule, not the role.
  'calibration.certification': async (t, token) => {
    const department = (await t.loginUser('hod')).department as { id: number };
    return (await t.get(`/api/calibration/due?departmentId=${department.id}`, token)).statusCode;
  },
};

let t: TestApp;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  for (const role of ROLES) tokens[role] = await t.login(ACCOUNT[role]);
});
afterAll(() => t.close());

describe('CAPABILITIES matches what the server allows', () => {
  for (const [capability, probe] of Object.entries(PROBES) as [Capability, Probe][]) {
    it(`${capability}: ${CAPABILITIES[capability].join(', ')}`, async () => {
      const refused: Role[] = [];
      const allowed: Role[] = [];
      for (const role of ROLES) ((await probe(t, tokens[role])) === 403 ? refused : allowed).push(role);
      expect(allowed).toEqual(README[capability]);
      expect(allowed).toEqual(ROLES.filter((r) => can(r, capability)));
      expect(refused).toEqual(ROLES.filter((r) => !can(r, capability)));
    });
  }
});

describe('menus offer only usable pages', () => {
  it.each(ROLES)('%s: every menu link opens a page the role may use', (role) => {
    const links = menuFor(role).flatMap((g) => (g.children ?? [g]).map((l) => l.to));
    expect(links.length).toBeGreaterThan(2);
    for (const to of links) {
      const page = (to ?? '').replace(/^\/(user|email)\/[^/]+$/, '/$1/$slug');
      expect(mayOpenPage(role, page), `${role} → ${to}`).toBe(true);
    }
  });

  it('every role that may create users has Create User; no other role has it', () => {
    for (const role of ROLES) {
      const has = menuFor(role).some((g) => (g.children ?? [g]).some((l) => l.to === '/users/create-user'));
      expect(has, role).toBe(can(role, 'user.create'));
    }
    expect(CAPABILITIES['user.create']).toEqual(['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department']);
  });

  it('each page that needs a capability is closed to the roles without it', () => {
    expect(mayOpenPage('Faculty', '/courses/create-courses')).toBe(false);
    expect(mayOpenPage('Campus_Director', '/observations/prompt-observation')).toBe(false);
    expect(mayOpenPage('Campus_Director', '/email/$slug')).toBe(false);
    expect(mayOpenPage('Observer', '/observations/list-observation')).toBe(true);
    for (const [path, needs] of Object.entries(PAGE_NEEDS)) {
      for (const role of ROLES) expect(mayOpenPage(role, path)).toBe(needs === null || can(role, needs));
    }
  });
});
