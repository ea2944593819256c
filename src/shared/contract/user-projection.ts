/**
 * Least data: which part of a user document reaches which viewer — defined here once and applied by every
 * server path that hands out users (GET /user/{id}, GET /users, /data/*, the sync feed) and, as `Person`, by
 * the observation document.
 *
 *   full    the whole document                  the user themselves; Super_Admin; Admin and Campus_Director
 *                                               for everyone but a Super_Admin; a Head_of_Department for
 *                                               the department-bound users of their own department
 *   public  who this is, nothing personal       everyone else the visibility rule lets see the user
 *           (PUBLIC_USER_FIELDS; personal and education details null, no slots, no observation ids)
 *
 * A co-participant of an observation is embedded in it as a `Person`: id, name and avatar.
 */
import { z } from 'zod';
import type { Role } from '../enums.js';
import type { User } from './users.js';

/** Fields of a user document every viewer allowed to see the user receives. */
export const PUBLIC_USER_FIELDS = ['id', 'name', 'email', 'role', 'campus', 'department', 'designation', 'avatar'] as const;

/** A participant embedded in an observation document. */
export const Person = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type Person = z.infer<typeof Person>;

export type UserView = 'full' | 'public';

export interface ProjectionViewer {
  id: string;
  role: Role;
  departmentId: number | null;
}

const MANAGERS: readonly Role[] = ['Admin', 'Campus_Director'];
const DEPARTMENT_BOUND: readonly Role[] = ['Head_of_Department', 'Observer', 'Faculty'];

export function userViewFor(viewer: ProjectionViewer, target: Pick<User, 'id' | 'role' | 'department'>): UserView {
  if (viewer.id === target.id || viewer.role === 'Super_Admin') return 'full';
  if (MANAGERS.includes(viewer.role)) return target.role === 'Super_Admin' ? 'public' : 'full';
  if (
    viewer.role === 'Head_of_Department' &&
    viewer.departmentId != null &&
    DEPARTMENT_BOUND.includes(target.role) &&
    target.department?.id === viewer.departmentId
  ) {
    return 'full';
  }
  return 'public';
}

/** The document as `view` allows: the same shape, with everything outside PUBLIC_USER_FIELDS emptied. */
export function projectUser(doc: User, view: UserView): User {
  if (view === 'full') return doc;
  return {
    id: doc.id,
    name: doc.name,
    email: doc.email,
    role: doc.role,
    campus: doc.campus,
    department: doc.department,
    designation: doc.designation,
    avatar: doc.avatar,
    phone: null,
    dateOfBirth: null,
    institute: null,
    degree: null,
    starting: null,
    ending: null,
    facultyObs: [],
    courseSlots: [],
  };
}

/** Each document as this viewer may receive it. */
export function projectUsersFor(viewer: ProjectionViewer, docs: User[]): User[] {
  return docs.map((d) => projectUser(d, userViewFor(viewer, d)));
}
