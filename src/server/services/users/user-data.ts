/**
 * GET /user/{id} (SPEC §3 user data, §7): the user document plus the observations that user takes part in,
 * narrowed to what the viewer may see, built for the viewer by the one observation document builder — so a
 * faculty viewer never receives the observer's scores here either.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import type { UserData } from '../../../shared/contract/user-data.js';
import type { Db } from '../../db/client.js';
import { observations } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { observationRule, type Viewer } from '../scope/index.js';
import { runPerShape } from '../../db/prepared-shapes.js';
import { buildDocuments } from '../observations/document.js';

/** As many as GET /observations answers at most. */
const LIMIT = 500;

export async function userData(db: Db, viewer: AuthUser, user: User): Promise<UserData> {
  // "Takes part in" is the target's own visibility rule: faculty/observer of it, or HOD of its department.
  const target: Viewer = { id: user.id, role: user.role, departmentId: user.department?.id ?? null };
  // Prepared once per pair of shapes (db/prepared-shapes.ts): built with Drizzle on every call it cost more than
  // PostgreSQL answering it.
  const rows = await runPerShape(
    db,
    'user_data',
    (bind) => {
      const t = observationRule(target, bind, 't_');
      const v = observationRule(viewer, bind, 'v_');
      return { shape: `${t.shape}_${v.shape}`, condition: and(t.condition, v.condition) };
    },
    (condition) => db.select().from(observations).where(condition).orderBy(desc(observations.createdAt)).limit(LIMIT),
    {},
  );
  return { ...user, slots: user.courseSlots, observations: await buildDocuments(db, viewer, rows) };
}

/** Is the viewer an Observer with an observation of this Faculty member (any stage)? */
export async function observerPairedWith(db: Db, viewer: AuthUser, target: Pick<User, 'id' | 'role'>): Promise<boolean> {
  if (viewer.role !== 'Observer' || target.role !== 'Faculty') return false;
  const [row] = await db
    .select({ id: observations.id })
    .from(observations)
    .where(and(eq(observations.observerId, viewer.id), eq(observations.facultyId, target.id)))
    .limit(1);
  return row != null;
}
