/**
 * Small values of the `meta` table: client id, pull cursor, last sync time, signed-in user, pending entity
 * re-pulls. Each read/write joins the caller's Dexie transaction when there is one.
 */
import type { SyncEntity } from '../../shared/sync/protocol.js';
import type { ReplicaDb } from '../db/db.js';

export const META = {
  clientId: 'clientId',
  cursor: 'cursor',
  lastSyncedAt: 'lastSyncedAt',
  userId: 'userId',
  /** Entities to fetch afresh with the next pull (after the server refused a change to them). */
  refetch: 'refetch',
  /** Set when the server answered resetRequired: the next first page replaces the replica. */
  resetPending: 'resetPending',
  /** Observation ids the user opened on this device: the feed keeps them whole (oldest first, ≤ PIN_MAX). */
  pins: 'pins',
  /** The scope key of the last page (server/services/scope/key.ts): sent back so a changed scope resets. */
  scope: 'scope',
} as const;

export async function getMeta<T>(db: ReplicaDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: ReplicaDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
  if (key === META.userId) knownUser.set(db, (value as string | null | undefined) ?? null);
}

/**
 * The signed-in user id as this tab last wrote or read it. `mutate` runs on every keystroke-level action and
 * reads it without joining the meta store when it is known here (one IndexedDB request fewer per change).
 * Only this module writes META.userId, and `forgetKnownMeta` runs when the meta store is cleared.
 */
const knownUser = new WeakMap<ReplicaDb, string | null>();

export function knownUserId(db: ReplicaDb): string | null | undefined {
  return knownUser.get(db);
}

export function rememberUserId(db: ReplicaDb, userId: string | null): void {
  knownUser.set(db, userId);
}

export function forgetKnownMeta(db: ReplicaDb): void {
  knownUser.delete(db);
}

export function newId(): string {
  return crypto.randomUUID();
}

/** The stable id of this browser profile's replica, sent as X-Client-Id. */
export async function getClientId(db: ReplicaDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string>(db, META.clientId);
    if (existing) return existing;
    const id = newId();
    await setMeta(db, META.clientId, id);
    return id;
  });
}

export type RefetchKey = `${SyncEntity}:${string}`;

export async function addRefetch(db: ReplicaDb, entity: SyncEntity, id: string): Promise<void> {
  const list = (await getMeta<RefetchKey[]>(db, META.refetch)) ?? [];
  const key = `${entity}:${id}` as RefetchKey;
  if (!list.includes(key)) await setMeta(db, META.refetch, [...list, key]);
}
