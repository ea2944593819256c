/**
 * Administration routes (issue 5), registered under /api. Thin: parse with the shared zod contract, call the
 * service, answer. Every write goes through `idempotentWrite` (one transaction, once per Idempotency-Key).
 *
 *   GET  /data/super-data            GET  /data/:role/:departmentId     GET /users?role=&page=
 *   GET  /courses    GET /course/:id   POST /course    PUT /course/user/:facultyId
 *   POST /course/:id/slot   PUT /course/:id/slot/:slotId   DELETE /course/:id/slot/:slotId
 *   GET  /template/:id               PUT  /template/:id
 *   GET  /email/:id                  PUT  /email/:id
 *   POST /observation/prompt         GET  /dashboard
 *   GET  /analytics                  GET  /analytics/export.csv
 */
import type { FastifyInstance } from 'fastify';
import { PromptRequest, UserListQuery } from '../../../shared/contract/admin.js';
import { AnalyticsQuery } from '../../../shared/contract/analytics.js';
import { AssignSlotsRequest, CreateCourseRequest, SlotWriteRequest } from '../../../shared/contract/courses.js';
import { UpdateEmailTemplateRequest, UpdatePlanStepRequest } from '../../../shared/contract/templates.js';
import { INT32_MAX } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { badRequest } from '../../http/errors.js';
import { created, idempotentWrite, ok } from '../../http/idempotency.js';
import { assignSlots } from '../../services/admin/assign-slots.js';
import { getCourse, listCourses } from '../../services/admin/course-queries.js';
import { addSlot, deleteSlot, unassignSlot, updateSlot } from '../../services/admin/course-slots.js';
import { createCourse } from '../../services/admin/create-course.js';
import { dashboardCounts } from '../../services/admin/dashboard.js';
import { departmentAnalytics } from '../../services/analytics/department-analytics.js';
import { departmentCsv } from '../../services/analytics/department-export.js';
import { departmentData, listUsers, superData } from '../../services/admin/data-loaders.js';
import { getEmailTemplate, updateEmailTemplate } from '../../services/admin/email-templates.js';
import { getPlanTemplate, updatePlanStep } from '../../services/admin/plan-templates.js';
import { runPrompt } from '../../services/admin/prompt.js';

type Id = { Params: { id: string } };
type SlotId = { Params: { id: string; slotId: string } };

export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.authenticate);

  // Data loaders (SPEC §7).
  app.get('/data/super-data', async (req) => superData(deps.db, req.user));
  app.get<{ Params: { role: string; departmentId: string } }>('/data/:role/:departmentId', async (req) => {
    // Digits only, within PostgreSQL's integer: "-1", "1.5", "1e3" and 2^31 are refused here, not by the database.
    const raw = req.params.departmentId;
    const departmentId = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(departmentId) || departmentId < 1 || departmentId > INT32_MAX) {
      throw badRequest(`departmentId: must be a whole number from 1 to ${INT32_MAX}`);
    }
    return departmentData(deps.db, req.user, req.params.role, departmentId);
  });
  app.get('/users', async (req) => listUsers(deps.db, req.user, UserListQuery.parse(req.query ?? {})));
  app.get('/dashboard', async (req) => dashboardCounts(deps.db, req.user));
  app.get('/analytics', async (req) => departmentAnalytics(deps.db, req.user, AnalyticsQuery.parse(req.query ?? {}), deps.now()));
  app.get('/analytics/export.csv', async (req, reply) => {
    const { filename, text } = await departmentCsv(deps.db, req.user, AnalyticsQuery.parse(req.query ?? {}).departmentId);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(text);
  });

  // Courses.
  app.get('/courses', async (req) => ({ courses: await listCourses(deps.db, req.user) }));
  app.get<Id>('/course/:id', async (req) => getCourse(deps.db, req.user, req.params.id));
  app.post('/course', async (req, reply) => {
    const body = CreateCourseRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) =>
      created({ message: MSG.courseCreated, course: await createCourse(tx, req.user, body) }),
    );
  });
  app.put<{ Params: { facultyId: string } }>('/course/user/:facultyId', async (req, reply) => {
    const body = AssignSlotsRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      const { course } = await assignSlots(tx, req.user, req.params.facultyId, body.slots);
      return ok({ message: MSG.courseAssigned, course });
    });
  });

  // Slots of an existing course (issue 15 point 7).
  app.post<Id>('/course/:id/slot', async (req, reply) => {
    const body = SlotWriteRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) =>
      created({ message: MSG.slotAdded, course: await addSlot(tx, req.user, req.params.id, body) }),
    );
  });
  app.put<SlotId>('/course/:id/slot/:slotId', async (req, reply) => {
    const body = SlotWriteRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) =>
      ok({ message: MSG.slotUpdated, course: await updateSlot(tx, req.user, req.params.id, req.params.slotId, body) }),
    );
  });
  app.delete<SlotId>('/course/:id/slot/:slotId', async (req, reply) =>
    idempotentWrite(req, reply, async (tx) =>
      ok({ message: MSG.slotDeleted, course: await deleteSlot(tx, req.user, req.params.id, req.params.slotId) }),
    ),
  );

  app.delete<SlotId>('/course/:id/slot/:slotId/faculty', async (req, reply) =>
    idempotentWrite(req, reply, async (tx) =>
      ok({ message: MSG.slotUnassigned, course: await unassignSlot(tx, req.user, req.params.id, req.params.slotId) }),
    ),
  );

  // Master plans.
  app.get<Id>('/template/:id', async (req) => getPlanTemplate(deps.db, req.params.id));
  app.put<Id>('/template/:id', async (req, reply) => {
    const { stepId, id, name, field } = UpdatePlanStepRequest.parse(req.body ?? {});
    const step = stepId ?? id;
    if (!step) throw badRequest('stepId: Invalid input: expected string, received undefined');
    return idempotentWrite(req, reply, async (tx) => ok(await updatePlanStep(tx, req.user, req.params.id, { stepId: step, name, field })));
  });

  // Email templates.
  app.get<Id>('/email/:id', async (req) => getEmailTemplate(deps.db, req.user, req.params.id));
  app.put<Id>('/email/:id', async (req, reply) => {
    const body = UpdateEmailTemplateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) =>
      ok(await updateEmailTemplate(tx, req.user, req.params.id, body, deps.now())),
    );
  });

  // Observation prompt.
  app.post('/observation/prompt', async (req, reply) => {
    const body = PromptRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => ok(await runPrompt(tx, req.user, body)));
  });
}
