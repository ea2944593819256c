/**
 * Which users a list shows (SPEC §2, §6): roles that see everyone (Super_Admin, Admin, Campus_Director) list
 * every user except Super_Admin rows; everyone else lists the users of their own department. Sorted by name.
 * The replica already holds only what the server lets the viewer see; this narrows it to the list's meaning.
 */
import type { User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';

export function visibleUsers(viewer: Pick<User, 'role' | 'department'>, users: readonly User[], role?: Role): User[] {
  const all = SEES_ALL_USERS.includes(viewer.role);
  const dept = viewer.department?.id ?? null;
  return users
    .filter((u) => u.role !== 'Super_Admin')
    .filter((u) => all || (dept != null && u.department?.id === dept))
    .filter((u) => !role || u.role === role)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Rows of one page (pages count from 1) and the number of pages (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((p - 1) * size, p * size), pages, page: p };
}
