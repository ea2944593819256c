/**
 * GET /analytics: completion funnel, overdue observations, observer rubric averages by semester
 * and by faculty member, for one department or (full-menu roles) all of them. Every figure is a GROUP BY in the
 * database: nothing proportional to the number of observations is loaded into memory.
 *
 * Who: Super_Admin, Admin, Campus_Director (any department, or all without departmentId); Head_of_Department
 * (own department only; without departmentId their own). Faculty and Observer: 403 — the heatmap holds observer
 * scores, which faculty never see (SPEC). Averages are of summative observations only (src/shared/observation-mode.ts).
 */
import { and, asc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ANALYTICS_OVERDUE_DAYS, ANALYTICS_OVERDUE_LIMIT, FUNNEL_STAGES, type AnalyticsQuery, type AnalyticsResponse } from '../../../shared/contract/analytics.js';
import { PROGRESS } from '../../../shared/constants.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { departments, meetings, observations, rubricItems, rubricScores, SPEC_RUBRIC_VERSION_ID, users } from '../../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';

const DAY_MS = 86_400_000;

/** The department the caller may analyse: null = all departments. Throws 403 / 404. */
export async function scopeFor(db: Db, user: AuthUser, requested: number | undefined): Promise<number | null> {
  if (!can(user.role, 'analytics.view')) throw forbidden();
  if (user.role === 'Head_of_Department') {
    if (user.departmentId == null) throw forbidden();
    if (requested !== undefined && requested !== user.departmentId) throw forbidden();
    return user.departmentId;
  }
  if (requested === undefined) return null;
  const [d] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, requested));
  if (!d) throw notFound('Department not found!');
  return requested;
}

export async function departmentAnalytics(db: Db, user: AuthUser, query: AnalyticsQuery & { departmentId?: number }, now = new Date()): Promise<AnalyticsResponse> {
  const departmentId = await scopeFor(db, user, query.departmentId);
  const inDept: SQL | undefined = departmentId == null ? undefined : eq(observations.departmentId, departmentId);
  const thresholds = [PROGRESS.initiated, PROGRESS.scheduled, PROGRESS.informed, PROGRESS.uninformed, PROGRESS.completed];

  const [funnelRow] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ...Object.fromEntries(thresholds.map((p, i) => [`s${i}`, sql<number>`(count(*) filter (where ${observations.progress} >= ${p}))::int`])),
    })
    .from(observations)
    .where(inDept);
  const row = funnelRow as unknown as Record<string, number>;

  const cutoff = new Date(now.getTime() - ANALYTICS_OVERDUE_DAYS * DAY_MS);
  const overdueWhere = and(inDept, ne(observations.status, 'Completed'), lt(observations.createdAt, cutoff));
  const fac = alias(users, 'fac');
  const obs = alias(users, 'obs');
  const [[overdueCount], overdueRows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(observations).where(overdueWhere),
    db
      .select({
        id: observations.id,
        faculty: fac.name,
        observer: obs.name,
        semester: observations.semester,
        status: observations.status,
        progress: observations.progress,
        createdAt: observations.createdAt,
      })
      .from(observations)
      .innerJoin(fac, eq(fac.id, observations.facultyId))
      .innerJoin(obs, eq(obs.id, observations.observerId))
      .where(overdueWhere)
      .orderBy(asc(observations.createdAt))
      .limit(ANALYTICS_OVERDUE_LIMIT),
  ]);

  // Observer scores only, and only of meetings whose observer has submitted (observerScore set): drafts move.
  // Summative observations only: no analytics role reads a formative observation's scores (seesContent), so they
  // never enter an average; the funnel and overdue counts above include them (completion is visible to all).
  const scored = and(inDept, eq(observations.mode, 'summative'), eq(rubricScores.side, 'observer'), sql`${meetings.observerScore} is not null`);
  const [items, itemAverages, heatmap] = await Promise.all([
    // The SPEC rubric's items: the analytics compare items across observations of one rubric (other versions'
    // items are not listed; docs/adr/2026-11-28-rubric-versions.md).
    db
      .select({ id: rubricItems.id, code: rubricItems.code, title: rubricItems.title, position: rubricItems.position })
      .from(rubricItems)
      .where(eq(rubricItems.rubricVersionId, SPEC_RUBRIC_VERSION_ID))
      .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position)),
    db
      .select({
        semester: observations.semester,
        rubricItemId: rubricScores.rubricItemId,
        average: sql<number>`avg(${rubricScores.score})::float8`,
        n: sql<number>`count(*)::int`,
      })
      .from(rubricScores)
      .innerJoin(meetings, eq(meetings.id, rubricScores.meetingId))
      .innerJoin(observations, eq(observations.id, meetings.observationId))
      .where(scored)
      .groupBy(observations.semester, rubricScores.rubricItemId),
    db
      .select({
        facultyId: observations.facultyId,
        faculty: fac.name,
        rubricItemId: rubricScores.rubricItemId,
        average: sql<number>`avg(${rubricScores.score})::float8`,
        n: sql<number>`count(*)::int`,
      })
      .from(rubricScores)
      .innerJoin(meetings, eq(meetings.id, rubricScores.meetingId))
      .innerJoin(observations, eq(observations.id, meetings.observationId))
      .innerJoin(fac, eq(fac.id, observations.facultyId))
      .where(scored)
      .groupBy(observations.facultyId, fac.name, rubricScores.rubricItemId)
      .orderBy(asc(fac.name)),
  ]);

  return {
    departmentId,
    total: row.total,
    funnel: FUNNEL_STAGES.map((stage, i) => ({ stage, count: row[`s${i}`] })),
    overdue: {
      days: ANALYTICS_OVERDUE_DAYS,
      count: overdueCount.n,
      items: overdueRows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        daysOpen: Math.floor((now.getTime() - r.createdAt.getTime()) / DAY_MS),
      })),
    },
    items,
    itemAverages: itemAverages.map((r) => ({ ...r, average: Math.round(r.average * 100) / 100 })),
    heatmap: heatmap.map((r) => ({ ...r, average: Math.round(r.average * 100) / 100 })),
  };
}
