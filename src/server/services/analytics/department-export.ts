/**
 * GET /analytics/export.csv: one row per observation of the department (or all, for full-menu roles), for a HOD's
 * spreadsheet: course, people, semester, where the cycle stands, dates, the rubric version and the four rubric totals
 * (out of that version's maximum). Same scope and
 * roles as /analytics (observer totals included: Faculty and Observer are refused; a formative observation's totals
 * left empty: src/shared/observation-mode.ts). Cells pass `csvSafeRow`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { versionMaximum } from '../../../shared/rubric.js';
import { alias } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import { cycleLabel, stageText } from '../../../shared/cycle.js';
import { csvSafeRow } from '../../../shared/csv.js';
import type { Db } from '../../db/client.js';
import { courses, departments, meetings, observations, postObservations, rubricItems, rubrics, rubricVersions, schedulingRequests, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { MODE_LABEL, type ObservationMode } from '../../../shared/observation-mode.js';
import { scopeFor } from './department-analytics.js';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const total = (n: number | null) => (n == null ? '' : String(Math.round(n * 10) / 10));

export async function departmentCsv(db: Db, user: AuthUser, departmentId: number | undefined): Promise<{ filename: string; text: string }> {
  const scope = await scopeFor(db, user, departmentId);
  const fac = alias(users, 'fac');
  const obs = alias(users, 'obs');
  const inf = alias(meetings, 'inf');
  const uninf = alias(meetings, 'uninf');
  const rows = await db
    .select({
      course: courses.courseCode,
      courseName: courses.name,
      faculty: fac.name,
      observer: obs.name,
      department: departments.name,
      semester: observations.semester,
      mode: observations.mode,
      rubricVersionId: observations.rubricVersionId,
      status: observations.status,
      progress: observations.progress,
      createdAt: observations.createdAt,
      ending: observations.ending,
      requestStatus: schedulingRequests.status,
      classDate: schedulingRequests.scheduledOn,
      infStatus: inf.status,
      infObserver: inf.observerScore,
      infFaculty: inf.facultyScore,
      uninfStatus: uninf.status,
      uninfObserver: uninf.observerScore,
      uninfFaculty: uninf.facultyScore,
      postStatus: postObservations.status,
      meetingOn: postObservations.scheduledOn,
    })
    .from(observations)
    .innerJoin(fac, eq(fac.id, observations.facultyId))
    .innerJoin(obs, eq(obs.id, observations.observerId))
    .leftJoin(departments, eq(departments.id, observations.departmentId))
    .leftJoin(courses, eq(courses.id, observations.courseId))
    .leftJoin(schedulingRequests, eq(schedulingRequests.observationId, observations.id))
    .leftJoin(inf, and(eq(inf.observationId, observations.id), eq(inf.kind, 'informed')))
    .leftJoin(uninf, and(eq(uninf.observationId, observations.id), eq(uninf.kind, 'uninformed')))
    .leftJoin(postObservations, eq(postObservations.observationId, observations.id))
    .where(scope == null ? undefined : eq(observations.departmentId, scope))
    .orderBy(asc(fac.name), asc(observations.createdAt));

  // Each observation's rubric version: its name and the maximum its totals are out of (items × top level value).
  const versionIds = [...new Set(rows.map((r) => r.rubricVersionId))];
  const versions = versionIds.length
    ? await db
        .select({ id: rubricVersions.id, name: rubrics.name, number: rubricVersions.number, scale: rubricVersions.scale, items: sql<number>`(select count(*)::int from ${rubricItems} where ${rubricItems.rubricVersionId} = ${rubricVersions.id})` })
        .from(rubricVersions)
        .innerJoin(rubrics, eq(rubrics.id, rubricVersions.rubricId))
        .where(inArray(rubricVersions.id, versionIds))
    : [];
  const versionOf = new Map(versions.map((v) => [v.id, { label: `${v.name} v${v.number}`, maximum: versionMaximum(v.items, v.scale) }]));
  // A formative observation's totals are its faculty member's and observer's (seesContent): never in this file.
  const out = rows.map((r) => {
    const hide = r.mode === 'formative';
    const version = versionOf.get(r.rubricVersionId);
    const label = cycleLabel({ obsRequest: r.requestStatus, informed: r.infStatus, uninformed: r.uninfStatus, post: r.postStatus });
    return csvSafeRow({
      Course: r.course ?? '',
      'Course name': r.courseName ?? '',
      Faculty: r.faculty,
      Observer: r.observer,
      Department: r.department ?? '',
      Semester: r.semester,
      Kind: MODE_LABEL[r.mode as ObservationMode] ?? r.mode,
      Rubric: version?.label ?? '',
      Status: r.status,
      Stage: stageText({ status: r.status, observationProgress: r.progress, cycleLabel: label }),
      'Progress (%)': r.progress,
      Initiated: day(r.createdAt),
      'Class date': day(r.classDate),
      'Totals out of': version ? version.maximum : '',
      'Informed: observer total': hide ? '' : total(r.infObserver),
      'Informed: faculty total': hide ? '' : total(r.infFaculty),
      'Uninformed: observer total': hide ? '' : total(r.uninfObserver),
      'Uninformed: faculty total': hide ? '' : total(r.uninfFaculty),
      'Meeting date': day(r.meetingOn),
      Completed: r.status === 'Completed' ? day(r.ending) : '',
    });
  });
  const name = scope == null ? 'all-departments' : (rows[0]?.department ?? `department-${scope}`).toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // An empty department still gets its header row, so the file opens as the expected columns.
  const text = out.length ? Papa.unparse(out, { newline: '\r\n' }) : Papa.unparse({ fields: HEADERS, data: [] }, { newline: '\r\n' });
  return { filename: `observations-${name}.csv`, text: `\uFEFF${text}` };
}

const HEADERS = [
  'Course', 'Course name', 'Faculty', 'Observer', 'Department', 'Semester', 'Kind', 'Rubric', 'Status', 'Stage', 'Progress (%)', 'Initiated', 'Class date',
  'Totals out of', 'Informed: observer total', 'Informed: faculty total', 'Uninformed: observer total', 'Uninformed: faculty total',
  'Meeting date', 'Completed',
];
