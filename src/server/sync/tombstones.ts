/**
 * Tombstones and the pull floor. Every delete of a synced row writes a tombstone (trigger, migration 0001);
 * they are kept TOMBSTONE_RETENTION_DAYS and then purged. Purging raises `server_meta.tombstone_floor` to the
 * highest purged version: a client whose cursor is below the floor may have missed a deletion and must reset.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SyncEntity } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';
import { courses, observations, tombstones } from '../db/schema.js';
import type { AuthUser } from '../services/deps.js';
import { courseVisibility } from '../services/admin/course-visibility.js';
import { noteAudience } from '../services/evidence/note-access.js';
import { canSeeObservation, type ObservationRow } from '../services/scope/index.js';

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
  rubric_versions: 'rubricVersions',
  calibration_sessions: 'calibrationSessions',
};

/** The deciding fields a tombstone keeps of its row (migration 0019); see removalsFor. */
interface TombstoneScope {
  observer?: string | null;
  faculty?: string | null;
  hod?: string | null;
  department?: number | null;
  observation?: string;
  facultySaw?: boolean;
  course?: string;
}

type ObservationPeople = Pick<ObservationRow, 'id' | 'observerId' | 'facultyId' | 'hodId' | 'departmentId' | 'mode'>;

/**
 * The tombstones among `rows` that `user` may receive: a removal reaches only the audience its row had.
 *   no scope                everyone (departments, users, plan templates), or `audience` only (a notification's
 *                           owner; a note or agenda that left a faculty member's view: services/evidence)
 *   observation             who could see it (canSeeObservation, from the fields kept at deletion)
 *   message                 who can see its observation (the row, or the fields its own tombstone kept)
 *   note, agenda            the full audience of its observation; its faculty member only if they could see it
 *   slot                    who can see its course (courseVisibility)
 *   calibration session     `audience` only: a removed participant, each participant of a deleted session
 * Rules are the scope module's own (services/scope, note-access.ts); only their inputs are looked up here.
 */
export async function removalsFor(db: Db, user: AuthUser, rows: (typeof tombstones.$inferSelect)[]): Promise<(typeof tombstones.$inferSelect)[]> {
  const scoped = rows.filter((r) => r.scope != null);
  if (scoped.length === 0) return rows;
  const scopeOf = (r: (typeof tombstones.$inferSelect)) => r.scope as TombstoneScope;
  // Observations of messages, notes and agendas: the current row, or the fields their own tombstone kept.
  const obsIds = [...new Set(scoped.flatMap((r) => (scopeOf(r).observation ? [scopeOf(r).observation!] : [])))];
  const people = new Map<string, ObservationPeople>();
  if (obsIds.length) {
    const live = await db
      .select({ id: observations.id, observerId: observations.observerId, facultyId: observations.facultyId, hodId: observations.hodId, departmentId: observations.departmentId, mode: observations.mode })
      .from(observations)
      .where(inArray(observations.id, obsIds));
    for (const o of live) people.set(o.id, o);
    const gone = obsIds.filter((id) => !people.has(id));
    if (gone.length) {
      const kept = await db
        .select({ id: tombstones.entityId, scope: tombstones.scope })
        .from(tombstones)
        .where(and(eq(tombstones.entity, 'observations'), inArray(tombstones.entityId, gone)));
      for (const k of kept) people.set(k.id, fromKept(k.id, k.scope as TombstoneScope));
    }
  }
  const courseIds = [...new Set(scoped.flatMap((r) => (scopeOf(r).course ? [scopeOf(r).course!] : [])))];
  const visibleCourses = new Set<string>();
  if (courseIds.length) {
    const seen = await db.select({ id: courses.id }).from(courses).where(and(inArray(courses.id, courseIds), courseVisibility(user)));
    for (const c of seen) visibleCourses.add(c.id);
  }
  return rows.filter((r) => {
    const sc = r.scope as TombstoneScope | null;
    if (!sc) return true;
    if (r.entity === 'observations') return canSeeObservation(user, fromKept(r.entityId, sc) as ObservationRow);
    if (sc.course) return visibleCourses.has(sc.course);
    const o = sc.observation ? people.get(sc.observation) : undefined;
    if (!o) return false;
    if (r.entity === 'observation_messages') return canSeeObservation(user, o as ObservationRow);
    const audience = noteAudience(user, o);
    return audience === 'full' || (audience === 'faculty' && sc.facultySaw === true);
  });
}

function fromKept(id: string, sc: TombstoneScope): ObservationPeople {
  return { id, observerId: sc.observer ?? '', facultyId: sc.faculty ?? '', hodId: sc.hod ?? null, departmentId: sc.department ?? null, mode: 'summative' } as ObservationPeople;
}

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
