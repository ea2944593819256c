/**
 * audit: one row in the audit log per change, in the caller's transaction (who did what to which record).
 *
 * Inside `idempotentWrite` the rows are buffered and written by the same statement that stores the idempotency
 * key (one round trip instead of one per row — on PGlite every statement is a wasm round trip); anywhere else they
 * are inserted at once. Either way they commit or roll back with the change.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditInput {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: unknown;
}

const buffered = new WeakMap<object, AuditInput[]>();

export async function audit(tx: Db | Tx, input: AuditInput): Promise<void> {
  const buffer = buffered.get(tx);
  if (buffer) {
    buffer.push(input);
    return;
  }
  await tx.insert(auditLog).values(row(input));
}

function row(input: AuditInput) {
  return {
    actorId: input.actorId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId == null ? null : String(input.entityId),
    detail: (input.detail ?? null) as never,
  };
}

/** From now on `audit(tx, …)` buffers; `takeAudits` hands the rows over (for `auditInsertCte`). */
export function bufferAudits(tx: Tx): void {
  buffered.set(tx, []);
}

export function takeAudits(tx: Tx): AuditInput[] {
  const rows = buffered.get(tx) ?? [];
  buffered.delete(tx);
  return rows;
}

/** `WITH audit_rows AS (INSERT INTO audit_log …)` to prefix another statement, or null when there is nothing. */
export function auditInsertCte(rows: AuditInput[]): SQL | null {
  if (rows.length === 0) return null;
  const values = rows.map(
    (r) =>
      sql`(${r.actorId}::uuid, ${r.action}, ${r.entity}, ${r.entityId == null ? null : String(r.entityId)}, ${
        r.detail === undefined || r.detail === null ? null : JSON.stringify(r.detail)
      }::jsonb)`,
  );
  return sql`with audit_rows as (insert into ${auditLog} (actor_id, action, entity, entity_id, detail) values ${sql.join(values, sql`, `)})`;
}

/** Write buffered rows on their own (a write without an Idempotency-Key). */
export async function flushAudits(tx: Tx, rows: AuditInput[]): Promise<void> {
  if (rows.length) await tx.insert(auditLog).values(rows.map(row));
}
