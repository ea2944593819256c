/**
 * GET /analytics: completion funnel, overdue observations, observer rubric averages by semester
 * and by faculty member, for one department or (full-menu roles) all of them. Every figure is a GROUP BY in the
 * database: nothing proportional to the number of observations is loaded into memory.
 *
 * Who: Super_Admin, Admin, Campus_Director (any department, or all without departmentId); Head_of_Department
 * (own department only; without departmentId their own). Faculty and Observer: 403 — the heatmap holds observer
 * scores, which faculty never see (SPEC). Averages are of summative observations only (src/shared/observation-mode.ts).
 */
import { and, asc, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ANALYTICS_OVERDUE_DAYS, ANALYTICS_OVERDUE_LIMIT, FUNNEL_STAGES, type AnalyticsQuery, type AnalyticsResponse } from '../../../shared/contract/analytics.js';
import { PROGRESS } from '../../../shared/constants.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { departments, meetings, observations, rubricItems, rubrics, rubricScores, rubricVersions, SPEC_RUBRIC_VERSION_ID, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
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

/**
 * The rubric versions the scope's observations use (most used first) and the one to analyse: the one asked for
 * (400 naming the field when no observation in scope uses it), else the most used, else SPEC's. Averages are only
 * ever of one version's observations: items of different rubrics are not comparable.
 */
async function chooseVersion(db: Db, inDept: SQL | undefined, requested: string | undefined) {
  const versions = await db
    .select({ id: rubricVersions.id, name: rubrics.name, number: rubricVersions.number, observations: sql<number>`count(${observations.id})::int` })
    .from(observations)
    .innerJoin(rubricVersions, eq(rubricVersions.id, observations.rubricVersionId))
    .innerJoin(rubrics, eq(rubrics.id, rubricVersions.rubricId))
    .where(inDept)
    .groupBy(rubricVersions.id, rubrics.name, rubricVersions.number)
    .orderBy(desc(sql`count(${observations.id})`), asc(rubrics.name), asc(rubricVersions.number));
  if (requested && !versions.some((v) => v.id === requested)) throw badRequest('rubricVersionId: no observation here is scored on that rubric version');
  const chosen = requested ?? versions[0]?.id ?? SPEC_RUBRIC_VERSION_ID;
  const [row] = await db.select({ scale: rubricVersions.scale }).from(rubricVersions).where(eq(rubricVersions.id, chosen));
  const values = (row?.scale ?? []).map((l) => l.value);
  return { versions, chosen, scale: { min: values.length ? Math.min(...values) : 0, max: values.length ? Math.max(...values) : 0 } };
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
  const version = await chooseVersion(db, inDept, query.rubricVersionId);
  const scored = and(inDept, eq(observations.rubricVersionId, version.chosen), eq(observations.mode, 'summative'), eq(rubricScores.side, 'observer'), sql`${meetings.observerScore} is not null`);
  const [items, itemAverages, heatmap] = await Promise.all([
    // The chosen version's items: the analytics compare items across observations of one version only.
    db
      .select({ id: rubricItems.id, code: rubricItems.code, title: rubricItems.title, position: rubricItems.position })
      .from(rubricItems)
      .where(eq(rubricItems.rubricVersionId, version.chosen))
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
    rubricVersionId: version.chosen,
    scale: version.scale,
    versions: version.versions,
    items,
    itemAverages: itemAverages.map((r) => ({ ...r, average: Math.round(r.average * 100) / 100 })),
    heatmap: heatmap.map((r) => ({ ...r, average: Math.round(r.average * 100) / 100 })),
  };
}
