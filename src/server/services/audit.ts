/**
 * audit: one row in the audit log per change, in the caller's transaction (who did what to which record).
 *
 * Inside `idempotentWrite` the rows are buffered and written by the same statement that stores the idempotency
 * key (one round trip instead of one per row — on PGlite every statement is a wasm round trip); anywhere else they
 * are inserted at once. Either way they commit or roll back with the change.
 */
import { getTableName } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { badTextReason } from '../../shared/contract/text.js';
import { CLIENT_ID_HEADER, CLIENT_TIME_HEADER } from '../../shared/sync/protocol.js';

export interface AuditInput {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: unknown;
  /** Device time of a change replayed from an outbox (X-Client-Time), and the device (X-Client-Id). */
  clientTime?: Date | null;
  clientId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The observation a change belongs to (its audit trail): the record itself, or `detail.observationId`. */
function observationOf(input: AuditInput): string | null {
  const fromDetail = (input.detail as { observationId?: unknown } | null | undefined)?.observationId;
  const id = input.entity === 'observations' ? input.entityId : fromDetail;
  return typeof id === 'string' && UUID.test(id) ? id : null;
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
    clientTime: input.clientTime ?? null,
    clientId: input.clientId ?? null,
    observationId: observationOf(input),
  };
}

/**
 * The device stamp of a request: `X-Client-Time` (the outbox row's creation: ISO 8601 or epoch ms) and
 * `X-Client-Id`. Anything unreadable, or a time more than a day ahead of the server, is left out (null): the stamp
 * is information for the trail, never a reason to refuse a change.
 */
export function clientStamp(headers: Record<string, unknown>, now = Date.now()): { clientTime: Date | null; clientId: string | null } {
  const rawTime = headers[CLIENT_TIME_HEADER];
  const rawId = headers[CLIENT_ID_HEADER];
  let clientTime: Date | null = null;
  if (typeof rawTime === 'string' && rawTime.length <= 40) {
    const t = /^\d{1,15}$/.test(rawTime) ? new Date(Number(rawTime)) : new Date(rawTime);
    const ms = t.getTime();
    if (Number.isFinite(ms) && ms > Date.UTC(2000, 0, 1) && ms < now + 86_400_000) clientTime = t;
  }
  const clientId = typeof rawId === 'string' && rawId.length > 0 && rawId.length <= 64 && !badTextReason(rawId) ? rawId : null;
  return { clientTime, clientId };
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

/**
 * `WITH audit_rows AS (INSERT INTO audit_log …)` to prefix another statement, as text whose parameters `param`
 * numbers (it pushes the value and answers its `$n`), or null when there is nothing. Text, not Drizzle: it runs
 * once per batch of a push with up to 50 rows × 8 values, which Drizzle took longer to build than PGlite to run.
 */
export function auditInsertCte(rows: AuditInput[], param: (value: unknown, cast?: string) => string): string | null {
  if (rows.length === 0) return null;
  const values = rows.map((input) => {
    const r = row(input);
    const detail = r.detail === undefined || r.detail === null ? null : JSON.stringify(r.detail);
    return `(${param(r.actorId, 'uuid')}, ${param(r.action)}, ${param(r.entity)}, ${param(r.entityId)}, ${param(detail, 'jsonb')}, ${param(r.clientTime ? r.clientTime.toISOString() : null, 'timestamptz')}, ${param(r.clientId)}, ${param(r.observationId, 'uuid')})`;
  });
  return `with audit_rows as (insert into "${getTableName(auditLog)}" (actor_id, action, entity, entity_id, detail, client_time, client_id, observation_id) values ${values.join(', ')})`;
}

/** Write buffered rows on their own (a write without an Idempotency-Key). */
export async function flushAudits(tx: Tx, rows: AuditInput[]): Promise<void> {
  if (rows.length) await tx.insert(auditLog).values(rows.map(row));
}
