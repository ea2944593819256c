/** audit: append one row to the audit log, in the caller's transaction (who did what to which record). */
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditInput {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: unknown;
}

export async function audit(tx: Db | Tx, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId == null ? null : String(input.entityId),
    detail: (input.detail ?? null) as never,
  });
}
