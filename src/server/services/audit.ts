/**
 * The audit log: one row per change (who did what to which record), written in the change's own transaction.
 * A change records its rows through its write context (write/context.ts `ctx.audit`); the write path writes them
 * with the change's idempotency key, so they commit or roll back with it. `audit` is for what is not a change
 * (an export), written at once.
 */
import { isUuid } from '../../shared/ids.js';
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


/** The observation a change belongs to (its audit trail): the record itself, or `detail.observationId`. */
function observationOf(input: AuditInput): string | null {
  const fromDetail = (input.detail as { observationId?: unknown } | null | undefined)?.observationId;
  const id = input.entity === 'observations' ? input.entityId : fromDetail;
  return isUuid(id) ? id : null;
}

/** The audit_log row of an entry. */
export function auditRow(input: AuditInput) {
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
/**
 * A device's time for the trail, or null when it cannot be true: unreadable, before 2000, or more than a day ahead
 * of the server. The one check for the header (a single call) and for a pushed row's `clientTime`.
 */
export function plausibleClientTime(t: Date, now = Date.now()): Date | null {
  const ms = t.getTime();
  return Number.isFinite(ms) && ms > Date.UTC(2000, 0, 1) && ms < now + 86_400_000 ? t : null;
}

export interface ClientStamp {
  clientTime: Date | null;
  clientId: string | null;
}

export function clientStamp(headers: Record<string, unknown>, now = Date.now()): ClientStamp {
  const rawTime = headers[CLIENT_TIME_HEADER];
  const rawId = headers[CLIENT_ID_HEADER];
  let clientTime: Date | null = null;
  if (typeof rawTime === 'string' && rawTime.length <= 40) {
    clientTime = plausibleClientTime(/^\d{1,15}$/.test(rawTime) ? new Date(Number(rawTime)) : new Date(rawTime), now);
  }
  const clientId = typeof rawId === 'string' && rawId.length > 0 && rawId.length <= 64 && !badTextReason(rawId) ? rawId : null;
  return { clientTime, clientId };
}

export async function audit(db: Db | Tx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values(auditRow(input));
}
