/**
 * Sync sources of the user's own area:
 *   users          user documents (services/users/user-document.ts) the viewer may see (visibility.ts)
 *   departments    every department (everyone picks from them)
 *   notifications  the viewer's own notifications
 *
 * A user document is built from the user row plus their slots (courseSlots) and observations (facultyObs), so
 * its version is the greatest version of those rows: assigning a slot or initiating an observation re-sends
 * the users it touches, and — because the observation's version is newer than any cursor — also makes the
 * people of a new observation appear for each other. Several users can share one version (one observation
 * touches three users), so a page never ends inside a version: rows tied with the last one are added.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { projectUsersFor } from '../../../shared/contract/user-projection.js';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { departments, notifications, users } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { notificationDocument } from '../../services/notify.js';
import { userDocuments } from '../../services/users/user-document.js';
import { visibleUsersWhere } from '../../services/users/visibility.js';
import type { SyncSource } from './types.js';

// Written with explicit "users". qualifiers: drizzle leaves column references unqualified in a select list,
// where an unqualified "id" inside the subqueries would bind to the subquery's own table.
// The newest version per role, read through the (person, version) indexes (migration 0010): an `id in (faculty,
// observer, hod)` form reads every observation of the user. `max(version + 0)`, not `max(version)`: for the
// latter the planner may walk the version index backwards filtering by person, expecting a quick hit for a column
// with few distinct values (hod_id: 32 at 10 000 observations) — for everyone who is not an HoD that walk reads
// the whole table (12.7 s for 1 639 users once the tables had statistics). `+ 0` leaves only the person index.
const newest = (table: 'slots' | 'observations', column: 'faculty_id' | 'observer_id' | 'hod_id') =>
  sql.raw(`coalesce((select max(x.version + 0) from ${table} x where x.${column} = "users"."id"), 0)`);
const userVersion = sql<number>`greatest(
  "users"."version",
  ${newest('slots', 'faculty_id')},
  ${newest('observations', 'faculty_id')},
  ${newest('observations', 'observer_id')},
  ${newest('observations', 'hod_id')}
)`.mapWith(Number);

async function userChanges(db: Db, viewer: AuthUser, where: SQL | undefined, limit: number): Promise<SyncChange[]> {
  const visible = visibleUsersWhere(viewer);
  const rows = await db
    .select({ row: users, v: userVersion })
    .from(users)
    .where(and(where, visible))
    .orderBy(asc(userVersion), asc(users.id))
    .limit(limit);
  if (rows.length === limit && limit > 0) {
    // Complete the last version's ties so the page can end on a version boundary.
    const last = rows[rows.length - 1].v;
    const have = new Set(rows.map((r) => r.row.id));
    const ties = await db.select({ row: users, v: userVersion }).from(users).where(and(sql`${userVersion} = ${last}`, visible));
    rows.push(...ties.filter((t) => !have.has(t.row.id)));
  }
  // Each user as this viewer may receive it (least data: shared/contract/user-projection.ts).
  const docs = projectUsersFor(viewer, await userDocuments(db, rows.map((r) => r.row)));
  return rows.map((r, i) => ({ entity: 'users' as const, id: r.row.id, version: r.v, data: docs[i] as unknown as Record<string, unknown> }));
}

/**
 * Users whose document may have changed after `since`: their row, one of their slots or one of their
 * observations has a newer version. Three version-index probes; an idle pull stops there, before the
 * visibility rule and the per-user versions (correlated subqueries over slots and observations) run.
 */
async function changedUserIds(db: Db, since: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`select u.id from users u where u.version > ${since}
    union select s.faculty_id from slots s where s.version > ${since} and s.faculty_id is not null
    union select p.id from observations o cross join lateral (values (o.faculty_id), (o.observer_id), (o.hod_id)) as p(id)
      where o.version > ${since}`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

export const usersSource: SyncSource = {
  entity: 'users',
  async changedSince(db, viewer, since, upTo, limit) {
    const window = and(sql`${userVersion} > ${since}`, sql`${userVersion} <= ${upTo}`);
    if (since === 0) return userChanges(db, viewer, window, limit);
    const ids = await changedUserIds(db, since);
    return ids.length ? userChanges(db, viewer, and(inArray(users.id, ids), window), limit) : [];
  },
  byIds: (db, viewer, ids, upTo) =>
    userChanges(db, viewer, and(inArray(users.id, ids.filter(isUuid)), sql`${userVersion} <= ${upTo}`), ids.length + 1),
};

export const departmentsSource: SyncSource = {
  entity: 'departments',
  async changedSince(db, _viewer, since, upTo, limit) {
    const rows = await db
      .select()
      .from(departments)
      .where(and(sql`${departments.version} > ${since}`, sql`${departments.version} <= ${upTo}`))
      .orderBy(asc(departments.version))
      .limit(limit);
    return rows.map((d) => ({ entity: 'departments' as const, id: String(d.id), version: d.version, data: { id: d.id, name: d.name, observationMode: d.observationMode } }));
  },
  async byIds(db, _viewer, ids, upTo) {
    const nums = ids.map(Number).filter(Number.isInteger);
    if (!nums.length) return [];
    const rows = await db.select().from(departments).where(and(inArray(departments.id, nums), sql`${departments.version} <= ${upTo}`));
    return rows.map((d) => ({ entity: 'departments' as const, id: String(d.id), version: d.version, data: { id: d.id, name: d.name, observationMode: d.observationMode } }));
  },
};

function notificationChanges(rows: (typeof notifications.$inferSelect)[]): SyncChange[] {
  return rows.map((n) => ({
    entity: 'notifications' as const,
    id: n.id,
    version: n.version,
    data: notificationDocument(n) as unknown as Record<string, unknown>,
  }));
}

export const notificationsSource: SyncSource = {
  entity: 'notifications',
  async changedSince(db, viewer, since, upTo, limit) {
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, viewer.id), sql`${notifications.version} > ${since}`, sql`${notifications.version} <= ${upTo}`))
      .orderBy(asc(notifications.version))
      .limit(limit);
    return notificationChanges(rows);
  },
  async byIds(db, viewer, ids, upTo) {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, viewer.id), inArray(notifications.id, valid), sql`${notifications.version} <= ${upTo}`));
    return notificationChanges(rows);
  },
};

function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export const PROFILE_SOURCES: SyncSource[] = [usersSource, departmentsSource, notificationsSource];
