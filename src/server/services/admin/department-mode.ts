/**
 * Formative or summative per department (src/shared/observation-mode.ts): Super_Admin and Admin choose for the
 * institution ('department.mode'). Only observations initiated afterwards take the new mode; the ones under way keep
 * theirs (initiate.ts copies it), so no one loses or gains sight of an observation already started.
 */
import { asc, eq } from 'drizzle-orm';
import type { DepartmentWithMode } from '../../../shared/contract/common.js';
import type { ObservationMode } from '../../../shared/observation-mode.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { departments } from '../../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';

const doc = (d: { id: number; name: string; observationMode: string }): DepartmentWithMode => ({
  id: d.id,
  name: d.name,
  observationMode: d.observationMode as ObservationMode,
});

export async function listDepartments(db: Db): Promise<DepartmentWithMode[]> {
  const rows = await db.select({ id: departments.id, name: departments.name, observationMode: departments.observationMode }).from(departments).orderBy(asc(departments.name));
  return rows.map(doc);
}

export async function setDepartmentMode(ctx: WriteContext, u: AuthUser, departmentId: number, mode: ObservationMode): Promise<DepartmentWithMode> {
  if (!can(u.role, 'department.mode')) throw forbidden();
  const [row] = await ctx.tx
    .update(departments)
    .set({ observationMode: mode })
    .where(eq(departments.id, departmentId))
    .returning({ id: departments.id, name: departments.name, observationMode: departments.observationMode });
  if (!row) throw notFound('This department does not exist.');
  ctx.audit({ actorId: u.id, action: 'department.mode', entity: 'departments', entityId: String(row.id), detail: { mode } });
  return doc(row);
}
