/**
 * The pull half of the sync protocol (DESIGN.md § Offline-first sync).
 *
 *   GET /api/sync/changes?since=<cursor>&limit=<n>
 *     → 200 { changes: [{ entity, id, version, data | null }], cursor, hasMore }
 *     → 200 { resetRequired: true }   when the server no longer knows the cursor
 *
 * The cursor is a server-assigned monotonic version (never a device clock), sent as a decimal string.
 * `data: null` is a tombstone. Pages are ordered by version; the client writes each page and its cursor
 * in one Dexie transaction and asks again while `hasMore`.
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
});
export type SyncPage = z.infer<typeof SyncPage>;

export const SyncReset = z.object({ resetRequired: z.literal(true) });
export const SyncChangesResponse = z.union([SyncPage, SyncReset]);
export type SyncChangesResponse = z.infer<typeof SyncChangesResponse>;

export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 2000;

/** Headers of the push half. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const CLIENT_ID_HEADER = 'x-client-id';
