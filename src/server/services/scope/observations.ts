/**
 * Observation scope: which observations a user may see, and which of them a device keeps as a whole document
 * (grain 'full') rather than a summary. The ONLY place these rules live: the REST reads (GET /observations,
 * GET /observation/{id}, chat, artifacts, /data/*) and the sync feed (sync/sources/observations.ts) both use
 * them, so they cannot disagree. `observationScope` (SQL) and `canSeeObservation` (one row) are the same rule
 * written twice; tests/server/scope.test.ts checks they agree for every role.
 *
 * See:  Super_Admin, Admin, Campus_Director every observation (read-only)
 *       Head_of_Department                 its department's observations and the ones it initiated
 *       Observer, Faculty                  the observations they take part in
 * Full: the observations the user takes part in (observer, faculty; a HOD of its department or the HOD who
 *       initiated it — they follow the cycle, chat in it and act on it), open ones (status not Completed),
 *       recent ones (updated within FULL_RECENT_DAYS) and the ones the device pinned (opened); the rest of the
 *       scope travels as summaries.
 */
import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { can } from '../../../shared/permissions.js';
import { takesPart } from '../../../shared/access-policy/index.js';
import { inline, type Bind } from '../../db/prepared-shapes.js';
import { observations } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';

export type ObservationRow = typeof observations.$inferSelect;
export type Viewer = Pick<AuthUser, 'id' | 'role' | 'departmentId'>;

/** An observation updated within this many days is kept whole on every device that sees it. */
export const FULL_RECENT_DAYS = 30;

export { canSeeObservation, isHodOf, takesPart } from '../../../shared/access-policy/index.js';

/** SQL filter of the observations `u` may see (undefined = all). Same rule as canSeeObservation. */
export function observationScope(u: Viewer): SQL | undefined {
  return observationRule(u, inline).condition;
}

/**
 * observationScope written once as a function of `value` (db/prepared-shapes.ts): inline for the statements that
 * embed it, placeholders named `${prefix}id` / `${prefix}dept` for a statement prepared once per shape.
 */
export function observationRule(u: Viewer, value: Bind, prefix = ''): { shape: string; condition: SQL | undefined } {
  if (can(u.role, 'observation.readAll')) return { shape: 'all', condition: undefined };
  return takesPartWhere(u, value, prefix);
}

function takesPartWhere(u: Viewer, value: Bind, prefix: string): { shape: string; condition: SQL } {
  const is = (column: SQLWrapper, name: string, v: string | number) => sql`${column} = ${value(`${prefix}${name}`, v)}`;
  if (u.role === 'Head_of_Department') {
    return u.departmentId != null
      ? { shape: 'hod', condition: or(is(observations.departmentId, 'dept', u.departmentId), is(observations.hodId, 'id', u.id))! }
      : { shape: 'hod_none', condition: is(observations.hodId, 'id', u.id) };
  }
  return { shape: 'member', condition: or(is(observations.observerId, 'id', u.id), is(observations.facultyId, 'id', u.id))! };
}

export interface GrainContext {
  /** Ids the device asked to keep whole (it opened them). */
  pins: readonly string[];
  now: Date;
}

function recentSince(now: Date): Date {
  return new Date(now.getTime() - FULL_RECENT_DAYS * 86_400_000);
}

/** Whether `u`'s device keeps this (visible) observation as a whole document. */
export function isFullGrain(u: Viewer, o: ObservationRow, ctx: GrainContext): boolean {
  return takesPart(u, o) || o.status !== 'Completed' || o.updatedAt >= recentSince(ctx.now) || ctx.pins.includes(o.id);
}
