/** Administration changes: courses and slots, master plans, email templates, the observation prompt. */
import { PromptRequest, PromptResponse } from '../../../shared/contract/admin.js';
import { AssignSlotsRequest, CourseWriteResponse, CreateCourseRequest, SlotWriteRequest } from '../../../shared/contract/courses.js';
import { EmailTemplate, PlanTemplateResponse, UpdateEmailTemplateRequest, UpdatePlanStepRequest } from '../../../shared/contract/templates.js';
import { MSG } from '../../../shared/messages.js';
import { assignSlots } from '../../services/admin/assign-slots.js';
import { addSlot, deleteSlot, unassignSlot, updateSlot } from '../../services/admin/course-slots.js';
import { createCourse } from '../../services/admin/create-course.js';
import { updateEmailTemplate } from '../../services/admin/email-templates.js';
import { updatePlanStep } from '../../services/admin/plan-templates.js';
import { runPrompt } from '../../services/admin/prompt.js';
import { badRequest, notFound } from '../../services/errors.js';
import { setDepartmentMode } from '../../services/admin/department-mode.js';
import { DepartmentModeRequest, DepartmentWithMode } from '../../../shared/contract/common.js';

/** A department id in the path: a positive whole number, else no such department. */
const departmentParam = (raw: string): number => {
  const n = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || !Number.isInteger(n) || n < 1) throw notFound('This department does not exist.');
  return n;
};
import { created, mutator, ok } from '../mutator.js';

const slot = (params: Record<string, string>) => ({ id: params.id!, slotId: params.slotId! });

export const ADMIN_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/course',
    doc: { tag: 'courses', summary: 'Create a course with its slots', who: 'Super_Admin, Admin, Head_of_Department', body: CreateCourseRequest, response: CourseWriteResponse, status: 201 },
    names: ['course.create'],
    input: (req) => CreateCourseRequest.parse(req.body ?? {}),
    run: async (ctx, body) => created({ message: MSG.courseCreated, course: await createCourse(ctx, ctx.user, body) }),
  }),
  mutator({
    method: 'PUT',
    url: '/course/user/:facultyId',
    doc: { tag: 'courses', summary: 'Assign unassigned slots to a faculty member', who: 'Super_Admin, Admin, Head_of_Department', body: AssignSlotsRequest, response: CourseWriteResponse },
    names: ['course.assign'],
    input: (req) => ({ facultyId: req.params.facultyId!, body: AssignSlotsRequest.parse(req.body ?? {}) }),
    run: async (ctx, { facultyId, body }) => {
      const { course } = await assignSlots(ctx, ctx.user, facultyId, body.slots);
      return ok({ message: MSG.courseAssigned, course });
    },
  }),
  mutator({
    method: 'POST',
    url: '/course/:id/slot',
    doc: { tag: 'courses', summary: 'Add a slot to a course', who: 'Super_Admin, Admin, Head_of_Department (own department)', body: SlotWriteRequest, response: CourseWriteResponse, status: 201 },
    names: ['course.addSlot'],
    input: (req) => ({ id: req.params.id!, body: SlotWriteRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => created({ message: MSG.slotAdded, course: await addSlot(ctx, ctx.user, id, body) }),
  }),
  mutator({
    method: 'PUT',
    url: '/course/:id/slot/:slotId',
    doc: { tag: 'courses', summary: 'Edit a slot (section code, day, time, location)', who: 'Super_Admin, Admin, Head_of_Department (own department)', body: SlotWriteRequest, response: CourseWriteResponse },
    names: ['course.updateSlot'],
    input: (req) => ({ ...slot(req.params), body: SlotWriteRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, slotId, body }) => ok({ message: MSG.slotUpdated, course: await updateSlot(ctx, ctx.user, id, slotId, body) }),
  }),
  mutator({
    method: 'DELETE',
    url: '/course/:id/slot/:slotId',
    doc: { tag: 'courses', summary: 'Delete an unassigned slot (409 when assigned, used by an observation, or the last)', who: 'Super_Admin, Admin, Head_of_Department (own department)', response: CourseWriteResponse },
    names: ['course.deleteSlot'],
    input: (req) => slot(req.params),
    run: async (ctx, { id, slotId }) => ok({ message: MSG.slotDeleted, course: await deleteSlot(ctx, ctx.user, id, slotId) }),
  }),
  mutator({
    method: 'DELETE',
    url: '/course/:id/slot/:slotId/faculty',
    doc: { tag: 'courses', summary: 'Unassign a slot from its faculty member (409 while they have an open observation of the course)', who: 'Super_Admin, Admin, Head_of_Department (own department)', response: CourseWriteResponse },
    names: ['course.unassignSlot'],
    input: (req) => slot(req.params),
    run: async (ctx, { id, slotId }) => ok({ message: MSG.slotUnassigned, course: await unassignSlot(ctx, ctx.user, id, slotId) }),
  }),
  mutator({
    method: 'PUT',
    url: '/template/:id',
    doc: { tag: 'templates', summary: 'Edit one step: {stepId | id, name, field}', who: 'Super_Admin, Admin', body: UpdatePlanStepRequest, response: PlanTemplateResponse },
    names: ['planTemplate.updateStep'],
    input: (req) => {
      const { stepId, id, name, field } = UpdatePlanStepRequest.parse(req.body ?? {});
      const step = stepId ?? id;
      if (!step) throw badRequest('stepId: Invalid input: expected string, received undefined');
      return { template: req.params.id!, step: { stepId: step, name, field } };
    },
    run: async (ctx, { template, step }) => ok(await updatePlanStep(ctx, ctx.user, template, step)),
  }),
  mutator({
    method: 'PUT',
    url: '/email/:id',
    doc: { tag: 'templates', summary: 'Edit an email template (≤ 500 words)', who: 'Super_Admin, Admin', body: UpdateEmailTemplateRequest, response: EmailTemplate },
    names: ['emailTemplate.update'],
    input: (req) => ({ id: req.params.id!, body: UpdateEmailTemplateRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await updateEmailTemplate(ctx, ctx.user, id, body, ctx.now)),
  }),
  mutator({
    method: 'PUT',
    url: '/department/:id/observation-mode',
    doc: { tag: 'admin', summary: 'Formative or summative observations for a department (new observations only)', who: 'Super_Admin, Admin', body: DepartmentModeRequest, response: DepartmentWithMode },
    names: ['department.setMode'],
    input: (req) => ({ id: departmentParam(req.params.id!), body: DepartmentModeRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await setDepartmentMode(ctx, ctx.user, id, body.mode)),
  }),
  mutator({
    method: 'POST',
    url: '/observation/prompt',
    doc: { tag: 'admin', summary: 'Observation prompt to a department’s HODs', who: 'Super_Admin, Admin', body: PromptRequest, response: PromptResponse },
    names: ['prompt.generate'],
    input: (req) => PromptRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok(await runPrompt(ctx, ctx.user, body)),
  }),
];
