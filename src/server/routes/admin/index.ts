/**
 * Administration routes, registered under /api. Thin: parse with the shared zod contract, call the
 * service, answer. Every write goes through `idempotentWrite` (one transaction, once per Idempotency-Key).
 *
 *   GET  /data/super-data            GET  /data/:role/:departmentId     GET /users?role=&page=
 *   GET  /courses    GET /course/:id   POST /course    PUT /course/user/:facultyId
 *   POST /course/:id/slot   PUT /course/:id/slot/:slotId   DELETE /course/:id/slot/:slotId
 *   GET  /template/:id               PUT  /template/:id
 *   GET  /email/:id                  PUT  /email/:id
 *   POST /observation/prompt         GET  /dashboard
 *   GET  /analytics                  GET  /analytics/export.csv
 *   GET  /analytics/goals
 */
import type { FastifyInstance } from 'fastify';
import { DashboardResponse, DepartmentDataResponse, PromptPreview, SuperDataResponse, UserListQuery, UserListResponse } from '../../../shared/contract/admin.js';
import { AnalyticsQuery, AnalyticsResponse } from '../../../shared/contract/analytics.js';
import { Course, CourseListResponse } from '../../../shared/contract/courses.js';
import { EmailTemplate, PlanTemplate } from '../../../shared/contract/templates.js';
import { INT32_MAX } from '../../../shared/constants.js';
import { badRequest } from '../../services/errors.js';
import { getCourse, listCourses } from '../../services/admin/course-queries.js';
import { dashboardCounts } from '../../services/admin/dashboard.js';
import { departmentAnalytics } from '../../services/analytics/department-analytics.js';
import { departmentCsv } from '../../services/analytics/department-export.js';
import { departmentGoals } from '../../services/observations/growth-goals.js';
import { DepartmentGoals, DepartmentGoalsQuery } from '../../../shared/contract/growth-goals.js';
import { departmentData, listUsers, superData } from '../../services/admin/data-loaders.js';
import { getEmailTemplate } from '../../services/admin/email-templates.js';
import { previewPrompt } from '../../services/admin/prompt.js';
import { PromptRequest } from '../../../shared/contract/admin.js';
import { getPlanTemplate } from '../../services/admin/plan-templates.js';
import { routeSchema as doc } from '../../http/route-schema.js';

type Id = { Params: { id: string } };

export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.authenticate);

  // Data loaders (SPEC §7).
  app.get('/data/super-data', { schema: doc('/data/super-data', { tag: 'admin', summary: 'Everything: users, observations, courses, departments', who: 'Super_Admin', response: SuperDataResponse }) }, async (req) => superData(deps.db, req.user));
  const departmentSchema = doc('/data/:role/:departmentId', { tag: 'admin', summary: 'A department’s users and courses', who: '{role} must be the caller’s', response: DepartmentDataResponse });
  app.get<{ Params: { role: string; departmentId: string } }>('/data/:role/:departmentId', { schema: departmentSchema }, async (req) => {
    // Digits only, within PostgreSQL's integer: "-1", "1.5", "1e3" and 2^31 are refused here, not by the database.
    const raw = req.params.departmentId;
    const departmentId = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(departmentId) || departmentId < 1 || departmentId > INT32_MAX) {
      throw badRequest(`departmentId: must be a whole number from 1 to ${INT32_MAX}`);
    }
    return departmentData(deps.db, req.user, req.params.role, departmentId);
  });
  app.get('/users', { schema: doc('/users', { tag: 'users', summary: 'Paged user list (10 a page)', who: 'Super_Admin, Admin, Campus_Director, Head_of_Department', query: UserListQuery, response: UserListResponse }) }, async (req) => listUsers(deps.db, req.user, UserListQuery.parse(req.query ?? {})));
  app.get('/dashboard', { schema: doc('/dashboard', { tag: 'admin', summary: 'Counts by role for the caller’s scope', who: 'signed in', response: DashboardResponse }) }, async (req) => dashboardCounts(deps.db, req.user));
  const analyticsWho = 'Super_Admin, Admin, Campus_Director; Head_of_Department (own department)';
  const analytics = doc('/analytics', { tag: 'admin', summary: 'Department analytics: completion funnel, overdue observations, observer rubric averages by semester and by faculty', who: analyticsWho, query: AnalyticsQuery, response: AnalyticsResponse });
  app.get('/analytics', { schema: analytics }, async (req) => departmentAnalytics(deps.db, req.user, AnalyticsQuery.parse(req.query ?? {}), deps.now()));
  const csv = doc('/analytics/export.csv', { tag: 'admin', summary: 'The department’s observations as CSV (course, people, stage, dates, rubric totals)', who: analyticsWho, query: AnalyticsQuery, produces: 'text/csv' });
  app.get('/analytics/export.csv', { schema: csv }, async (req, reply) => {
    const { filename, text } = await departmentCsv(deps.db, req.user, AnalyticsQuery.parse(req.query ?? {}).departmentId);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(text);
  });
  const goals = doc('/analytics/goals', { tag: 'admin', summary: 'The department’s growth goals by rubric item, by their latest review (summative observations)', who: 'Super_Admin, Admin, Campus_Director; Head_of_Department (own department)', query: DepartmentGoalsQuery, response: DepartmentGoals });
  app.get('/analytics/goals', { schema: goals }, async (req) => departmentGoals(deps.db, req.user, DepartmentGoalsQuery.parse(req.query ?? {}).departmentId));

  // Courses.
  app.get('/courses', { schema: doc('/courses', { tag: 'courses', summary: 'Courses the caller may see', who: 'signed in', response: CourseListResponse }) }, async (req) => ({ courses: await listCourses(deps.db, req.user) }));
  app.get<Id>('/course/:id', { schema: doc('/course/:id', { tag: 'courses', summary: 'A course with its slots', who: 'who may see the course', response: Course }) }, async (req) => getCourse(deps.db, req.user, req.params.id));
  // Master plans.
  app.get<Id>('/template/:id', { schema: doc('/template/:id', { tag: 'templates', summary: 'A master plan (id or Teaching | Reflection)', who: 'signed in', response: PlanTemplate }) }, async (req) => getPlanTemplate(deps.db, req.params.id));
  // Email templates.
  app.get<Id>('/email/:id', { schema: doc('/email/:id', { tag: 'templates', summary: 'An email template (id or type)', who: 'Super_Admin, Admin', response: EmailTemplate }) }, async (req) => getEmailTemplate(deps.db, req.user, req.params.id));

  // What a prompt would send, to whom, before it is sent (a read: nothing is written; the prompt is a mutator).
  const preview = doc('/observation/prompt/preview', { tag: 'admin', summary: 'What an observation prompt would send, to whom (nothing is sent)', who: 'Super_Admin, Admin', body: PromptRequest, response: PromptPreview });
  app.post('/observation/prompt/preview', { schema: preview }, async (req) => previewPrompt(deps.db, req.user, PromptRequest.parse(req.body ?? {})));
}
