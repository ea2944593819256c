/**
 * The role matrix (SPEC §6, the API table of docs/api.md and docs/adr/2026-11-22-who-creates-whom.md). One place answers
 * "may this role do X": the server's role checks, the client's page guards, the in-page buttons and the sidebar
 * menu all read CAPABILITIES, so a role is never offered a page or a button the server would refuse (a 403 that
 * only shows up later in "needs attention").
 */
import { ROLES, type Role } from './enums.js';

/** Which roles each role may create. Super_Admin: every role but Super_Admin (our decision). */
export const CREATABLE_ROLES: Record<Role, readonly Role[]> = {
  Super_Admin: ['Admin', 'Campus_Director', 'Head_of_Department', 'Observer', 'Faculty'],
  Admin: ['Campus_Director', 'Head_of_Department', 'Observer', 'Faculty'],
  Campus_Director: ['Head_of_Department', 'Observer', 'Faculty'],
  Head_of_Department: ['Observer', 'Faculty'],
  Observer: [],
  Faculty: [],
};

export function mayCreateRole(creator: Role, target: Role): boolean {
  // An unknown creator role (hostile or stale input) may create nothing, rather than throw.
  return (CREATABLE_ROLES[creator] ?? []).includes(target);
}

/**
 * May `actor` deactivate, reactivate or import `target`? The rule of who creates whom (CREATABLE_ROLES): a role
 * manages the roles it may create, and a department-bound creator (a Head_of_Department) only people of its own
 * department — as POST /auth/create gives a HOD's users the HOD's department.
 */
export function mayManageUser(actor: { role: Role; departmentId: number | null }, target: { role: string; departmentId: number | null }): boolean {
  if (!mayCreateRole(actor.role, target.role as Role)) return false;
  return actor.departmentId == null || actor.departmentId === target.departmentId;
}

const ALL_SEEING: readonly Role[] = ['Super_Admin', 'Admin', 'Campus_Director'];
const TEMPLATE_EDITORS: readonly Role[] = ['Super_Admin', 'Admin'];
const COURSE_MANAGERS: readonly Role[] = ['Super_Admin', 'Admin', 'Head_of_Department'];

/**
 * Every capability and the roles that hold it. Capabilities the server checks by role alone are enforced from
 * here (tests/shared/capabilities.test.ts calls the real server with every role); ownership rules (an
 * observation's own observer, a HOD's own department) are checked by the services on top of these.
 */
export const CAPABILITIES = {
  /** POST /auth/create (the roles it may create: CREATABLE_ROLES). */
  'user.create': ROLES.filter((r) => CREATABLE_ROLES[r].length > 0),
  /** Deactivate, reactivate and reassign a user's observations; import users and courses (the users: mayManageUser). */
  'user.manage': ROLES.filter((r) => CREATABLE_ROLES[r].length > 0),
  /** GET /users (HOD: own department). */
  'user.list': [...ALL_SEEING, 'Head_of_Department'],
  /** Sees every user (except Super_Admin rows in lists); the /user/:slug lists by role. */
  'user.seeAll': ALL_SEEING,
  /** The course list page (everyone reads the courses they may see; these roles manage them). */
  'course.list': [...ALL_SEEING, 'Head_of_Department'],
  /** Faculty's own courses, shown on the dashboard (SPEC §2: the Faculty menu's Courses points to /). */
  'course.own': ['Faculty'],
  /** POST /course. */
  'course.create': COURSE_MANAGERS,
  /** PUT /course/user/{facultyId}. */
  'slots.assign': COURSE_MANAGERS,
  /** POST /observation/initiate. */
  'observation.initiate': ['Head_of_Department'],
  /** POST /observation/prompt. */
  'observation.prompt': TEMPLATE_EDITORS,
  /** Reads every observation (never writes to a cycle). */
  'observation.readAll': ALL_SEEING,
  /** DELETE /observation/{id}. */
  'observation.delete': ['Super_Admin'],
  /** GET /data/super-data. */
  'data.all': ['Super_Admin'],
  /** The plan editor pages (read-only without template.edit). */
  'template.view': ALL_SEEING,
  /** PUT /template/{id}. */
  'template.edit': TEMPLATE_EDITORS,
  /** GET and PUT /email/{id}. */
  'email.edit': TEMPLATE_EDITORS,
  /** GET /sso-requests, POST /sso-requests/{id}/approve and /reject: people single sign-on held as pending. */
  'sso.approve': TEMPLATE_EDITORS,
  /** GET /analytics and the /analytics page (HOD: own department). Never Faculty: it shows observer scores. */
  'analytics.view': [...ALL_SEEING, 'Head_of_Department'],
  /** PUT /department/{id}/observation-mode: formative or summative per department (src/shared/observation-mode.ts). */
  'department.mode': TEMPLATE_EDITORS,
  /**
   * POST /rubrics and the builder pages: administrators build the institution's rubrics, a HOD their department's
   * (src/shared/access-policy/rubrics.ts mayEditRubric decides per rubric).
   */
  'rubric.build': [...TEMPLATE_EDITORS, 'Head_of_Department'],
  /**
   * The calibration pages (src/shared/access-policy/calibration.ts decides per session on the server): observers
   * take part, a HOD organises their department's sessions, Admin and Super_Admin the institution's.
   */
  'calibration.view': ['Super_Admin', 'Admin', 'Head_of_Department', 'Observer'],
  'calibration.organise': ['Super_Admin', 'Admin', 'Head_of_Department'],
  /**
   * GET /calibration/due and /calibration/severity and their pages: who of a department is calibrated, an observer's
   * severity (HOD: own department; src/shared/access-policy/calibration.ts decides per department and observer).
   */
  'calibration.certification': [...TEMPLATE_EDITORS, 'Head_of_Department'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role, capability: Capability): boolean {
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

/** Roles whose members see every user (except Super_Admin rows in lists). */
export const SEES_ALL_USERS: readonly Role[] = CAPABILITIES['user.seeAll'];

/** Roles that may edit the master plans and email templates. */
export const EDITS_TEMPLATES: readonly Role[] = CAPABILITIES['template.edit'];

/** Roles that create courses and change their slots; a Head_of_Department only for their own department's courses. */
export const COURSE_CREATORS: readonly Role[] = CAPABILITIES['course.create'];

/** May `user` add, edit and delete slots of a course of `courseDepartments`? (The server decides; the UI follows.) */
export function mayEditCourseSlots(user: { role: Role; departmentId: number | null }, courseDepartments: readonly number[]): boolean {
  if (!COURSE_CREATORS.includes(user.role)) return false;
  if (user.role !== 'Head_of_Department') return true;
  return user.departmentId != null && courseDepartments.includes(user.departmentId);
}

/**
 * What each signed-in page needs (null: every signed-in role; what it shows is scoped by the server). Keyed by
 * the router's full path; the client checks at compile time that every route is listed (src/client/session/
 * page-access.ts) and renders "Not available for your role" instead of a page the role cannot use.
 */
export const PAGE_NEEDS = {
  '/': null,
  '/dashboard': null,
  '/settings/profile': null,
  '/settings/edit-profile': null,
  '/settings/reset-password': null,
  '/users/list-user': 'user.list',
  '/users/create-user': 'user.create',
  '/user/$slug': 'user.seeAll',
  '/courses/list-courses': 'course.list',
  '/courses/create-courses': 'course.create',
  '/courses/assign-courses': 'slots.assign',
  '/plan/teaching-plan': 'template.view',
  '/plan/reflection-plan': 'template.view',
  '/email/$slug': 'email.edit',
  '/observations/list-observation': null,
  '/observations/create-observation': 'observation.initiate',
  '/observations/prompt-observation': 'observation.prompt',
  '/observations/detail-observation/$id': null,
  '/observations/observation-scheduling/$id': null,
  '/observations/observation-rubric/$id': null,
  '/observations/uninformed-observation-rubric/$id': null,
  '/observations/post-observation-meeting/$id': null,
  '/analytics': 'analytics.view',
  '/rubrics/list-rubrics': 'rubric.build',
  '/rubrics/edit-rubric/$id': 'rubric.build',
  // Index routes' full paths end in '/' (routes/_app/calibration/index.tsx, $sessionId/index.tsx).
  '/calibration/': 'calibration.view',
  '/calibration/create': 'calibration.organise',
  '/calibration/$sessionId/': 'calibration.view',
  '/calibration/$sessionId/results': 'calibration.view',
  '/calibration/due': 'calibration.certification',
  '/calibration/severity': 'calibration.certification',
} as const satisfies Record<string, Capability | null>;

export type PagePath = keyof typeof PAGE_NEEDS;

/** May `role` use the page at router full path `path`? Unknown paths are left to the router's not-found page. */
export function mayOpenPage(role: Role, path: string): boolean {
  if (!Object.hasOwn(PAGE_NEEDS, path)) return true;
  const needs: Capability | null = PAGE_NEEDS[path as PagePath];
  return needs === null || can(role, needs);
}

export interface MenuLink {
  label: string;
  to: string;
}
export interface MenuGroup {
  label: string;
  to?: string;
  children?: MenuLink[];
}

/** `to` is a concrete address; `page` is the route it opens when that differs (the /user/:slug and /email/:slug pages). */
interface MenuEntry {
  label: string;
  to: string;
  page?: PagePath;
  /** Overrides the page's own need (Faculty's "Courses" link to the dashboard's course table). */
  needs?: Capability;
  /**
   * Pages reached from this one that have no menu entry of their own; the sidebar highlights this entry there.
   * An entry ending in '/' (other than '/' itself) covers every path under it; otherwise the exact path.
   */
  covers?: readonly string[];
}

/** The screens of one observation, opened from the observation list. */
const OBSERVATION_SCREENS = [
  '/observations/detail-observation/',
  '/observations/observation-scheduling/',
  '/observations/observation-rubric/',
  '/observations/uninformed-observation-rubric/',
  '/observations/post-observation-meeting/',
];

/**
 * The one menu (SPEC §2 sidebar menus, in its order). A role sees the entries whose page it may open; a group
 * left with one entry shows as a plain link named after the group, and an empty group is dropped.
 */
const MENU: readonly (MenuEntry | { label: string; children: readonly MenuEntry[] })[] = [
  { label: 'Dashboard', to: '/dashboard', covers: ['/'] },
  {
    label: 'Observations',
    children: [
      { label: 'List Observations', to: '/observations/list-observation', covers: OBSERVATION_SCREENS },
      { label: 'Initiate Observation', to: '/observations/create-observation' },
      { label: 'Prompt Observation', to: '/observations/prompt-observation' },
    ],
  },
  { label: 'Analytics', to: '/analytics' },
  {
    label: 'Courses',
    children: [
      { label: 'List Courses', to: '/courses/list-courses' },
      { label: 'Create Courses', to: '/courses/create-courses' },
      { label: 'Assign Courses', to: '/courses/assign-courses' },
      { label: 'Your Courses', to: '/', needs: 'course.own' },
    ],
  },
  {
    label: 'Users',
    children: [
      { label: 'List Users', to: '/users/list-user' },
      { label: 'Create User', to: '/users/create-user' },
      { label: 'Campus Directors', to: '/user/campus-directors', page: '/user/$slug' },
      { label: 'Head of Departments', to: '/user/head-of-departments', page: '/user/$slug' },
      { label: 'Observers', to: '/user/observers', page: '/user/$slug' },
      { label: 'Faculty', to: '/user/faculty', page: '/user/$slug' },
    ],
  },
  {
    label: 'Academic Plans',
    children: [
      { label: 'Teaching Plan', to: '/plan/teaching-plan' },
      { label: 'Reflection Plan', to: '/plan/reflection-plan' },
    ],
  },
  { label: 'Rubrics', to: '/rubrics/list-rubrics', covers: ['/rubrics/'] },
  { label: 'Calibration', to: '/calibration', page: '/calibration/', covers: ['/calibration/'] },
  { label: 'Observer Certification', to: '/calibration/due', covers: ['/calibration/severity'] },
  {
    label: 'Email Templates',
    children: [
      { label: 'New User', to: '/email/new-user', page: '/email/$slug' },
      { label: 'Initiate Observation', to: '/email/initiate-observation', page: '/email/$slug' },
      { label: 'Update Observation', to: '/email/update-observation', page: '/email/$slug' },
      { label: 'Observation Prompt', to: '/email/observation-prompt', page: '/email/$slug' },
    ],
  },
  { label: 'Profile', to: '/settings/profile', covers: ['/settings/'] },
];

function entryVisible(role: Role, e: MenuEntry): boolean {
  return e.needs ? can(role, e.needs) : mayOpenPage(role, e.page ?? e.to);
}

/** Sidebar menu of `role`: only the pages it may use. */
export function menuFor(role: Role): MenuGroup[] {
  const out: MenuGroup[] = [];
  for (const item of MENU) {
    if (!('children' in item)) {
      if (entryVisible(role, item)) out.push({ label: item.label, to: item.to });
      continue;
    }
    const children = item.children.filter((c) => entryVisible(role, c)).map((c) => ({ label: c.label, to: c.to }));
    if (children.length === 1) out.push({ label: item.label, to: children[0].to });
    else if (children.length > 1) out.push({ label: item.label, children });
  }
  return out;
}

const samePath = (pathname: string, to: string) => pathname === to || (to !== '/' && pathname === `${to}/`);

/**
 * The menu link of `role` to highlight at `pathname`: the link to that page, else the entry that covers it (an
 * observation's screens → its list, /settings/* → Profile, / → Dashboard), else none.
 */
export function activeMenuLink(role: Role, pathname: string): string | undefined {
  const entries = MENU.flatMap((item) => ('children' in item ? item.children : [item])).filter((e) => entryVisible(role, e));
  const exact = entries.find((e) => samePath(pathname, e.to));
  if (exact) return exact.to;
  // The most specific cover wins: /calibration/severity is Observer Certification's, though under /calibration/.
  const covers = (c: string) => (c.length > 1 && c.endsWith('/') ? pathname.startsWith(c) : pathname === c);
  let best: { to: string; length: number } | undefined;
  for (const e of entries) {
    for (const c of e.covers ?? []) if (covers(c) && (!best || c.length > best.length)) best = { to: e.to, length: c.length };
  }
  return best?.to;
}
