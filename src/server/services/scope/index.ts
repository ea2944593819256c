/**
 * Scope: what a user may see — the one module the REST reads and the sync feed share.
 *
 *   observations   observations.ts  visibility (SQL + row check) and the grain a device keeps (full / summary)
 *   users          services/users/visibility.ts  (visibleUsersWhere)
 *   courses        services/admin/course-visibility.ts  (courseVisibility)
 *   scope key      key.ts  what the rules above depend on besides the rows themselves; a device whose key
 *                  changed (moved department, new role) re-downloads its replica, dropping what it may no
 *                  longer see
 */
export * from './observations.js';
export { scopeKey } from './key.js';
export { visibleUsersWhere } from '../users/visibility.js';
export { courseVisibility } from '../admin/course-visibility.js';
