/**
 * The role matrix (SPEC §6 plus the decisions recorded in the README). One place answers "may this role do X".
 */
import type { Role } from './enums.js';

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

/** Roles whose members see every user (except Super_Admin rows in lists). */
export const SEES_ALL_USERS: readonly Role[] = ['Super_Admin', 'Admin', 'Campus_Director'];

/** Roles that may edit the master plans and email templates. */
export const EDITS_TEMPLATES: readonly Role[] = ['Super_Admin', 'Admin'];

/** Roles that create courses and change their slots; a Head_of_Department only for their own department's courses. */
export const COURSE_CREATORS: readonly Role[] = ['Super_Admin', 'Admin', 'Head_of_Department'];

/** May `user` add, edit and delete slots of a course of `courseDepartments`? (The server decides; the UI follows.) */
export function mayEditCourseSlots(user: { role: Role; departmentId: number | null }, courseDepartments: readonly number[]): boolean {
  if (!COURSE_CREATORS.includes(user.role)) return false;
  if (user.role !== 'Head_of_Department') return true;
  return user.departmentId != null && courseDepartments.includes(user.departmentId);
}

/** SPEC §2: any role other than Observer, Head_of_Department or Faculty gets the full menu. */
export function hasFullMenu(role: Role): boolean {
  return role !== 'Observer' && role !== 'Head_of_Department' && role !== 'Faculty';
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

/** Sidebar menus by role (SPEC §2). */
export function menuFor(role: Role): MenuGroup[] {
  const profile: MenuGroup = { label: 'Profile', to: '/settings/profile' };
  const dashboard: MenuGroup = { label: 'Dashboard', to: '/dashboard' };
  if (role === 'Observer') {
    return [dashboard, { label: 'Observations', to: '/observations/list-observation' }, profile];
  }
  if (role === 'Faculty') {
    return [
      dashboard,
      { label: 'Observations', children: [{ label: 'Observations', to: '/observations/list-observation' }] },
      { label: 'Courses', to: '/' },
      profile,
    ];
  }
  if (role === 'Head_of_Department') {
    return [
      dashboard,
      {
        label: 'Users',
        children: [
          { label: 'List Users', to: '/users/list-user' },
          { label: 'Create User', to: '/users/create-user' },
        ],
      },
      {
        label: 'Observations',
        children: [
          { label: 'List Observations', to: '/observations/list-observation' },
          { label: 'Initiate Observation', to: '/observations/create-observation' },
        ],
      },
      {
        label: 'Courses',
        children: [
          { label: 'List Courses', to: '/courses/list-courses' },
          { label: 'Create Courses', to: '/courses/create-courses' },
          { label: 'Assign Courses', to: '/courses/assign-courses' },
        ],
      },
      profile,
    ];
  }
  return [
    dashboard,
    {
      label: 'Observations',
      children: [
        { label: 'List Observations', to: '/observations/list-observation' },
        { label: 'Prompt Observation', to: '/observations/prompt-observation' },
      ],
    },
    { label: 'Courses', children: [{ label: 'List Courses', to: '/courses/list-courses' }] },
    {
      label: 'Users',
      children: [
        { label: 'List Users', to: '/users/list-user' },
        { label: 'Campus Directors', to: '/user/campus-directors' },
        { label: 'Head of Departments', to: '/user/head-of-departments' },
        { label: 'Observers', to: '/user/observers' },
        { label: 'Faculty', to: '/user/faculty' },
      ],
    },
    {
      label: 'Academic Plans',
      children: [
        { label: 'Teaching Plan', to: '/plan/teaching-plan' },
        { label: 'Reflection Plan', to: '/plan/reflection-plan' },
      ],
    },
    {
      label: 'Email Templates',
      children: [
        { label: 'New User', to: '/email/new-user' },
        { label: 'Initiate Observation', to: '/email/initiate-observation' },
        { label: 'Update Observation', to: '/email/update-observation' },
        { label: 'Observation Prompt', to: '/email/observation-prompt' },
      ],
    },
    profile,
  ];
}
