/**
 * Shared by the course, user and prompt forms (features never import each other).
 * The departments a picker offers: the replica's departments table, completed by any department named on a
 * user or a course (so the list is right even before the departments table has been pulled). Sorted by name;
 * undefined while loading.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Department } from '../../shared/contract/common.js';
import { getDb } from '../sync/index.js';

export function useDepartments(): Department[] | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    const byId = new Map<number, string>();
    // Cursors, not toArray(): a university's users and courses pass through one at a time.
    await db.courses.each((c) => {
      for (const d of (c.department as Department[] | undefined) ?? []) byId.set(d.id, d.name);
    });
    await db.users.each((u) => {
      const d = u.department as Department | null | undefined;
      if (d) byId.set(d.id, d.name);
    });
    for (const d of await db.departments.toArray()) if (typeof d.name === 'string') byId.set(Number(d.id), d.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, []);
}
