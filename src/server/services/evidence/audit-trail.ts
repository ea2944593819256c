/**
 * GET /observation/{id}/audit: who did what to an observation and when, oldest first, with the device
 * time of changes made offline beside the server time they arrived. The observer, the HOD and Super_Admin
 * (note-access.ts 'full'); 403 for everyone else, the faculty member included (rows name the observer's work).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AuditEntry } from '../../../shared/contract/evidence.js';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { loadVisible } from '../observations/access.js';
import { seesAuditTrail } from '../../../shared/access-policy/index.js';

/** An observation's trail is short (tens of rows); the cap keeps a pathological one bounded. */
const AUDIT_MAX_ROWS = 1000;

export async function auditTrail(db: Db, u: AuthUser, observationId: string): Promise<AuditEntry[]> {
  const o = await loadVisible(db, u, observationId);
  if (!seesAuditTrail(u, o)) throw forbidden();
  const rows = await db.select().from(auditLog).where(eq(auditLog.observationId, o.id)).orderBy(asc(auditLog.at), asc(auditLog.id)).limit(AUDIT_MAX_ROWS);
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const actors = actorIds.length ? await db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.id, actorIds)) : [];
  const byId = new Map(actors.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorId: r.actorId,
    actorName: (r.actorId && byId.get(r.actorId)?.name) || '',
    actorRole: (r.actorId && byId.get(r.actorId)?.role) || '',
    at: r.at.toISOString(),
    clientTime: r.clientTime ? r.clientTime.toISOString() : null,
  }));
}
