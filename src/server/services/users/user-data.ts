/**
 * GET /user/{id} (SPEC §3 user data, §7): the user document plus the observations that user takes part in,
 * narrowed to what the viewer may see, built for the viewer by the one observation document builder — so a
 * faculty viewer never receives the observer's scores here either.
 */
import { and, desc } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import type { UserData } from '../../../shared/contract/user-data.js';
import type { Db } from '../../db/client.js';
import { observations } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';
import { visibleWhere, type Viewer } from '../observations/access.js';
import { buildDocuments } from '../observations/document.js';

/** As many as GET /observations answers at most. */
const LIMIT = 500;

export async function userData(db: Db, viewer: AuthUser, user: User): Promise<UserData> {
  // "Takes part in" is the target's own visibility rule: faculty/observer of it, or HOD of its department.
  const target: Viewer = { id: user.id, role: user.role, departmentId: user.department?.id ?? null };
  const rows = await db
    .select()
    .from(observations)
    .where(and(visibleWhere(target), visibleWhere(viewer)))
    .orderBy(desc(observations.createdAt))
    .limit(LIMIT);
  return { ...user, slots: user.courseSlots, observations: await buildDocuments(db, viewer, rows) };
}
