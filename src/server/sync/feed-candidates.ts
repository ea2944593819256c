/**
 * Who might have something new in their feed after some writes (sync/feed-bus.ts): a cheap SUPERSET, computed once
 * per wake from the rows that changed, so that open streams of users with nothing new cost no probe at all. The
 * bus then confirms each candidate with the pull's own query (changesFor, limit 1) before nudging, so this never
 * decides what anyone receives; it only spares the probe of users it can rule out.
 *
 *   rows changed in (since, upTo]          may reach
 *   observations, their messages, notes,   whoever may see the observation (canSeeObservation: the scope rule),
 *   agendas                                and, for the user documents of its people, everyone who may see them
 *   users (row, their slots, observations) the all-seeing roles, the user, the Head of Department of their
 *                                          department, everyone who shares an observation with them (user visibility)
 *   courses, slots                         the all-seeing roles, the course's departments, its slot holders
 *   notifications                          their owner
 *   tombstones                             their audience / the scope they kept (as above), else everyone
 *   departments, plan and email templates, everyone (a rubric version a user may not read, or a draft, only costs
 *   rubric versions, calibration sessions  their probe; a calibration session reaches only its participants)
 * Any window with more than CAP rows (a bulk change) makes everyone a candidate. Cost per wake: about ten index
 * range scans on the version indexes plus two small lookups, whatever the number of open streams.
 */
import { sql } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../shared/permissions.js';
import type { SyncEntity } from '../../shared/sync/protocol.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';
import { canSeeObservation, type ObservationRow, type Viewer } from '../services/scope/index.js';

const CAP = 200;

export type Candidate = (u: Viewer) => boolean;

/**
 * The pass's answer: who may have something new, and in which parts of the feed — the sources whose tables had
 * rows in the window (null: any), so a candidate's probe asks only those (a source with no row in the window has
 * nothing to send anyway).
 */
export interface Candidates {
  candidate: Candidate;
  parts: FeedParts | null;
}
export interface FeedParts {
  entities: ReadonlySet<SyncEntity>;
  removals: boolean;
}
const everyone: Candidates = { candidate: () => true, parts: null };

type Obs = Pick<ObservationRow, 'id' | 'observerId' | 'facultyId' | 'hodId' | 'departmentId'>;

const inList = (ids: string[]) => sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export async function feedCandidates(db: Db, since: number, upTo: number): Promise<Candidates> {
  const win = (table: string) => sql.raw(`${table}.version > ${Number(since)} and ${table}.version <= ${Number(upTo)}`);
  const lim = sql.raw(String(CAP + 1));
  const [anyShared, obsRows, userRows, slotRows, courseRows, notes, tombs] = await Promise.all([
    rows<{ n: number }>(db, sql`select 1 as n where exists (select 1 from departments where ${win('departments')})
      or exists (select 1 from plan_templates where ${win('plan_templates')}) or exists (select 1 from plan_template_steps where ${win('plan_template_steps')})
      or exists (select 1 from email_templates where ${win('email_templates')})
      or exists (select 1 from rubric_versions where ${win('rubric_versions')})
      or exists (select 1 from calibration_sessions where ${win('calibration_sessions')})`),
    // Observations changed themselves, or through their messages, notes and agendas.
    rows<{ id: string; observer_id: string; faculty_id: string; hod_id: string | null; department_id: number | null }>(
      db,
      sql`select o.id, o.observer_id, o.faculty_id, o.hod_id, o.department_id from observations o where o.id in (
        (select id from observations where ${win('observations')} limit ${lim})
        union (select observation_id from observation_messages where ${win('observation_messages')} limit ${lim})
        union (select observation_id from evidence_notes where ${win('evidence_notes')} limit ${lim})
        union (select observation_id from meeting_agendas where ${win('meeting_agendas')} limit ${lim}))`,
    ),
    rows<{ id: string }>(db, sql`select id from users where ${win('users')} limit ${lim}`),
    rows<{ course_id: string; faculty_id: string | null }>(db, sql`select course_id, faculty_id from slots where ${win('slots')} limit ${lim}`),
    rows<{ id: string }>(db, sql`select id from courses where ${win('courses')} limit ${lim}`),
    rows<{ user_id: string }>(db, sql`select user_id from notifications where ${win('notifications')} limit ${lim}`),
    rows<{ audience: string | null; scope: Record<string, unknown> | null; entity: string }>(db, sql`select audience, scope, entity from tombstones where ${win('tombstones')} limit ${lim}`),
  ]);
  if (anyShared.length) return everyone;
  if ([obsRows, userRows, slotRows, courseRows, notes, tombs].some((r) => r.length > CAP)) return everyone;

  const observations: Obs[] = obsRows.map((o) => ({ id: o.id, observerId: o.observer_id, facultyId: o.faculty_id, hodId: o.hod_id ?? '', departmentId: o.department_id }));
  const ids = new Set<string>(notes.map((n) => n.user_id));
  // Users whose documents changed: directly, through their slots, through their observations.
  const people = new Set<string>([...userRows.map((u) => u.id), ...slotRows.flatMap((s) => (s.faculty_id ? [s.faculty_id] : []))]);
  for (const o of observations) for (const p of [o.observerId, o.facultyId, o.hodId]) if (p) people.add(p);
  const courses = new Set<string>([...courseRows.map((c) => c.id), ...slotRows.map((s) => s.course_id)]);
  const removedObs: Obs[] = [];
  for (const t of tombs) {
    const sc = t.scope as { observer?: string; faculty?: string; hod?: string | null; department?: number | null; observation?: string; course?: string } | null;
    if (t.audience) ids.add(t.audience);
    else if (!sc) return everyone;
    else if (sc.course) courses.add(sc.course);
    else if (sc.observation) {
      const live = observations.find((o) => o.id === sc.observation);
      if (!live) {
        const [o] = await rows<{ observer_id: string; faculty_id: string; hod_id: string | null; department_id: number | null }>(
          db,
          sql`select observer_id, faculty_id, hod_id, department_id from observations where id = ${sc.observation}`,
        );
        // Gone too: its own tombstone (in this window or an earlier one) names its people; widen to everyone.
        if (!o) return everyone;
        removedObs.push({ id: sc.observation, observerId: o.observer_id, facultyId: o.faculty_id, hodId: o.hod_id ?? '', departmentId: o.department_id });
      }
    } else removedObs.push({ id: '', observerId: sc.observer ?? '', facultyId: sc.faculty ?? '', hodId: sc.hod ?? '', departmentId: sc.department ?? null });
  }

  // Who shares an observation with the people whose documents changed (they may see those documents).
  const partners = new Set<string>();
  const peopleDepts = new Set<number>();
  if (people.size) {
    const list = [...people];
    for (const r of await rows<{ department_id: number | null }>(db, sql`select department_id from users where id in ${inList(list)}`)) {
      if (r.department_id != null) peopleDepts.add(Number(r.department_id));
    }
    for (const r of await rows<{ id: string }>(
      db,
      sql`select distinct p.id from observations o cross join lateral (values (o.observer_id), (o.faculty_id), (o.hod_id)) as p(id)
        where o.observer_id in ${inList(list)} or o.faculty_id in ${inList(list)} or o.hod_id in ${inList(list)}`,
    )) partners.add(r.id);
  }
  const courseDepts = new Set<number>();
  const holders = new Set<string>();
  if (courses.size) {
    const list = [...courses];
    for (const r of await rows<{ department_id: number }>(db, sql`select department_id from course_departments where course_id in ${inList(list)}`)) courseDepts.add(Number(r.department_id));
    for (const r of await rows<{ faculty_id: string }>(db, sql`select faculty_id from slots where course_id in ${inList(list)} and faculty_id is not null`)) holders.add(r.faculty_id);
  }
  const seenObs = [...observations, ...removedObs];
  // The sources those rows feed (sync/sources: each source's own tables).
  const entities = new Set<SyncEntity>();
  // Observations feed rubric versions too: a retired version arrives with an observation on it (sources/rubrics.ts).
  if (obsRows.length) entities.add('observations').add('messages').add('notes').add('agendas').add('rubricVersions');
  if (people.size) entities.add('users');
  if (courses.size) entities.add('courses');
  if (notes.length) entities.add('notifications');
  const candidate: Candidate = (u) =>
    ids.has(u.id) ||
    seenObs.some((o) => canSeeObservation(u, o as ObservationRow)) ||
    (people.size > 0 &&
      (SEES_ALL_USERS.includes(u.role) || people.has(u.id) || partners.has(u.id) || (u.role === 'Head_of_Department' && u.departmentId != null && peopleDepts.has(u.departmentId)))) ||
    (courses.size > 0 && (SEES_ALL_USERS.includes(u.role) || holders.has(u.id) || (u.departmentId != null && courseDepts.has(u.departmentId))));
  return { candidate, parts: { entities, removals: tombs.length > 0 } };
}
