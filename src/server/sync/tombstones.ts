/**
 * Tombstones and the pull floor. Every delete of a synced row writes a tombstone (trigger, migration 0001);
 * they are kept TOMBSTONE_RETENTION_DAYS and then purged. Purging raises `server_meta.tombstone_floor` to the
 * highest purged version: a client whose cursor is below the floor may have missed a deletion and must reset.
 */
import { sql } from 'drizzle-orm';
import type { SyncEntity } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';

export const TOMBSTONE_RETENTION_DAYS = 90;
export const FLOOR_KEY = 'tombstone_floor';

/** Table name in `tombstones.entity` → replica entity. */
export const TOMBSTONE_ENTITY: Record<string, SyncEntity> = {
  departments: 'departments',
  users: 'users',
  courses: 'courses',
  slots: 'slots',
  observations: 'observations',
  notifications: 'notifications',
  plan_templates: 'planTemplates',
  plan_template_steps: 'planTemplates',
  email_templates: 'emailTemplates',
  observation_messages: 'messages',
  evidence_notes: 'notes',
  meeting_agendas: 'agendas',
};

/** Deletes tombstones older than `days` and raises the floor; returns how many were purged. */
export async function purgeTombstones(db: Db, days = TOMBSTONE_RETENTION_DAYS, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ n: string; v: string | null }>(
      await tx.execute(sql`with gone as (delete from tombstones where created_at < ${cutoff.toISOString()} returning version)
        select count(*)::text as n, max(version)::text as v from gone`),
    );
    const n = Number(rows[0]?.n ?? 0);
    const v = rows[0]?.v;
    if (v != null) {
      await tx.execute(sql`insert into server_meta(key, value) values (${FLOOR_KEY}, ${v})
        on conflict (key) do update set value = greatest(server_meta.value::bigint, excluded.value::bigint)::text`);
    }
    return n;
  });
}
