/**
 * The pull half of the sync protocol (docs/sync-protocol.md).
 *
 *   GET /api/sync/changes?since=<cursor>&limit=<n>[&pin=<id>,…][&scope=<key>]
 *     → 200 { changes: [{ entity, id, version, data | null }], cursor, hasMore, scope }
 *     → 200 { resetRequired: true }   when the server no longer knows the cursor
 *
 * The cursor is opaque to the client: a server-assigned monotonic version (never a device clock), or during a
 * first download a snapshot position (server/sync/snapshot.ts: that download reads each entity in turn, in
 * version order within it). `data: null` is a tombstone. Past the first download pages are ordered by version;
 * the client writes each page and its cursor in one Dexie transaction and asks again while `hasMore`.
 */
import { z } from 'zod';

/** Entities the replica keeps. Each maps to one Dexie table of the same name. */
export const SYNC_ENTITIES = [
  'users',
  'departments',
  'courses',
  'slots',
  'observations',
  'notifications',
  'planTemplates',
  'emailTemplates',
  'messages',
  /** Evidence notes and meeting agendas (per viewer: faculty only shared ones). */
  'notes',
  'agendas',
  /** Published and retired rubric versions the user may read (what observations are scored on). */
  'rubricVersions',
  /** Calibration sessions the user takes part in, blind until closed (services/calibration/). */
  'calibrationSessions',
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];
export const SyncEntity = z.enum(SYNC_ENTITIES);

export const SyncChange = z.object({
  entity: SyncEntity,
  id: z.string(),
  version: z.number().int(),
  /** The full record as the user may see it; null = deleted or no longer visible. */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type SyncChange = z.infer<typeof SyncChange>;

export const SyncPage = z.object({
  changes: z.array(SyncChange),
  cursor: z.string(),
  hasMore: z.boolean(),
  /**
   * The user's scope key (server/services/scope/key.ts). The device stores it and sends it back as `scope`;
   * when the user's scope changed (moved department, new role) the server answers resetRequired, and the
   * re-download drops what the user may no longer see (the outbox stays).
   */
  scope: z.string().optional(),
});
export type SyncPage = z.infer<typeof SyncPage>;

export const SyncReset = z.object({ resetRequired: z.literal(true) });
export const SyncChangesResponse = z.union([SyncPage, SyncReset]);
export type SyncChangesResponse = z.infer<typeof SyncChangesResponse>;

const ENTITY_SET: ReadonlySet<string> = new Set(SYNC_ENTITIES);
const SyncPageEnvelope = SyncPage.extend({ changes: z.array(z.unknown()) });

function isChange(c: unknown): c is SyncChange {
  if (typeof c !== 'object' || c === null) return false;
  const { entity, id, version, data } = c as Record<string, unknown>;
  if (typeof entity !== 'string' || !ENTITY_SET.has(entity) || typeof id !== 'string' || !Number.isSafeInteger(version)) return false;
  if (data === null) return true;
  if (typeof data !== 'object' || data === undefined) return false;
  const proto = Object.getPrototypeOf(data) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The pull's answer, validated as strictly as `SyncChangesResponse` (same accepted shapes) but without copying
 * its records: zod checks the envelope, and each change is checked by hand and kept as parsed. The zod form
 * rebuilds every record key by key (`z.record`), which on a first download of 10 000 observations is 24 000
 * records of up to 10 KB each, copied once more before they are written. Extra keys of a change are
 * left on it (zod would drop them); the pull reads only entity, id, version and data.
 */
export function parseChangesResponse(body: unknown): { success: true; data: SyncChangesResponse } | { success: false } {
  const page = SyncPageEnvelope.safeParse(body);
  if (page.success) return page.data.changes.every(isChange) ? { success: true, data: page.data as SyncPage } : { success: false };
  const reset = SyncReset.safeParse(body);
  return reset.success ? { success: true, data: reset.data } : { success: false };
}

export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 2000;
/** A page also ends once its records reach this many bytes of JSON (one record bigger than that goes alone). */
export const SYNC_PAGE_MAX_BYTES = 1_500_000;
/**
 * Observation ids a device keeps whole because its user opened them, sent with each pull as `pin=<id>,…`
 * (the feed then sends those as full documents). The device drops the oldest pin beyond this many.
 */
export const PIN_MAX = 100;

/** Headers of the push half. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const CLIENT_ID_HEADER = 'x-client-id';
/** Device time the change was made (the outbox row's `createdAt`, epoch ms), kept in the audit trail. */
export const CLIENT_TIME_HEADER = 'x-client-time';

/**
 * The batched push (docs/adr/2026-11-24-batched-push.md).
 *
 *   POST /api/sync/push { rows: [{ mutationId, name, args }] }   (≤ PUSH_BATCH_MAX rows, ≤ PUSH_BATCH_MAX_BYTES)
 *     → 200 { results: [{ mutationId, status, body } | { mutationId, notAttempted: true }] }, one per row, in order
 *
 * Each row is the outbox's intent, sent to the same route and service as its single REST call (method and path
 * from the mutation registry), applied atomically on its own (server/sync/push.ts: a savepoint when needed, in a
 * transaction shared by up to 50 rows), under its mutationId as Idempotency-Key: the stored answer is the same
 * whichever way the row came. A refused row (4xx) does not stop the rest; a 401, 408, 429 or 5xx stops
 * the batch there and the rows after it are answered `notAttempted` (order is kept: they are sent again later).
 */
export const PUSH_BATCH_MAX = 100;
/** Bytes of the JSON request body; the client stops adding rows before it (a bigger single row goes alone). */
export const PUSH_BATCH_MAX_BYTES = 512 * 1024;

export const PushRow = z.object({
  mutationId: z.string().min(1).max(200),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  /** Device time the change was made (epoch ms): the row's X-Client-Time. */
  clientTime: z.number().int().min(0).max(8.64e15).optional(),
});
export type PushRow = z.infer<typeof PushRow>;

export const PushRequest = z.object({ rows: z.array(PushRow).min(1).max(PUSH_BATCH_MAX) });
export type PushRequest = z.infer<typeof PushRequest>;

export const PushRowResult = z.union([
  z.object({ mutationId: z.string(), status: z.number().int(), body: z.unknown() }),
  z.object({ mutationId: z.string(), notAttempted: z.literal(true) }),
]);
export type PushRowResult = z.infer<typeof PushRowResult>;

export const PushResponse = z.object({ results: z.array(PushRowResult) });
export type PushResponse = z.infer<typeof PushResponse>;

/** A row answered with this status stops the batch (the same statuses the client backs off or re-signs on). */
export function stopsBatch(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * Live nudges: GET /api/sync/events is a server-sent-events stream (authenticated with the usual bearer header;
 * the client reads it with fetch). `event: feed` means "your feed moved: pull now" and carries no records;
 * comment lines are heartbeats every SYNC_EVENTS_HEARTBEAT_MS.
 */
export const SYNC_EVENTS_PATH = '/api/sync/events';
export const SYNC_EVENT_FEED = 'feed';
export const SYNC_EVENTS_HEARTBEAT_MS = 20_000;
