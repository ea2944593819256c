/**
 * Mutations of administration: users, courses, plans, email templates, prompts.
 * Args are what the UI hands to `mutate()`; every new record carries a client uuid so an offline client can
 * create it and refer to it (e.g. assign a slot of a course created offline) before the server has answered.
 */
import { z } from 'zod';
import { Campus, EmailTemplateType, PlanType, Role } from '../../contract/enums.js';
import { def } from './def.js';
import { OBSERVATION_MODES } from '../../observation-mode.js';
import { LIST_MAX, TEXT_MAX } from '../../constants.js';
import { intId, text } from '../../contract/text.js';

const id = text(TEXT_MAX.id);

const CourseCreateArgs = z.object({
  id: z.uuid(),
  courseCode: text(TEXT_MAX.code),
  name: text(TEXT_MAX.line),
  departments: z.array(intId()).max(LIST_MAX.departments),
  campus: Campus,
  credits: z.number(),
  isElective: z.boolean(),
  isDepthElective: z.boolean(),
  slots: z
    .array(
      z.object({
        id: z.uuid(),
        sectionCode: text(TEXT_MAX.code),
        day: text(TEXT_MAX.code),
        time: text(TEXT_MAX.code),
        location: text(TEXT_MAX.line),
      }),
    )
    .max(LIST_MAX.slots),
});
export type CourseCreateArgs = z.infer<typeof CourseCreateArgs>;

const CourseAssignArgs = z.object({
  facultyId: id,
  /** The course the slots belong to (the replica record to re-pull if refused). */
  courseId: id,
  slots: z.array(id).max(LIST_MAX.slots),
});
export type CourseAssignArgs = z.infer<typeof CourseAssignArgs>;

/** A slot of an existing course; `id` is the client's uuid of a new slot. */
const CourseSlotArgs = z.object({
  courseId: z.uuid(),
  id: z.uuid(),
  sectionCode: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
});
export type CourseSlotArgs = z.infer<typeof CourseSlotArgs>;

const CourseSlotDeleteArgs = z.object({ courseId: z.uuid(), id: z.uuid(), sectionCode: z.string() });
export type CourseSlotDeleteArgs = z.infer<typeof CourseSlotDeleteArgs>;

const slotBody = (a: CourseSlotArgs) => ({ sectionCode: a.sectionCode, day: a.day, time: a.time, location: a.location });

const PlanStepArgs = z.object({
  templateId: id,
  type: PlanType,
  stepId: id,
  name: text(TEXT_MAX.line),
  field: text(TEXT_MAX.planField),
});
export type PlanStepArgs = z.infer<typeof PlanStepArgs>;

const EmailTemplateArgs = z.object({
  templateId: id,
  type: EmailTemplateType,
  email: text(TEXT_MAX.emailTemplate),
});
export type EmailTemplateArgs = z.infer<typeof EmailTemplateArgs>;

const PromptArgs = z.object({
  departmentId: intId(),
  campus: Campus,
  threshold: z.number(),
});
export type PromptArgs = z.infer<typeof PromptArgs>;

/** POST /auth/create (route by server-core; the outbox entry lives here with the other admin writes). */
const UserCreateArgs = z.object({
  id: z.uuid(),
  name: text(TEXT_MAX.name),
  email: text(TEXT_MAX.email),
  /** Absent: the server invites the user to set their own password (the form never asks for one). */
  password: text(TEXT_MAX.password).optional(),
  role: Role,
  campus: Campus.optional(),
  department: intId().optional(),
  /** Faculty: the course whose slots are chosen, and the slot ids. */
  course: id.optional(),
  courses: z.array(id).max(LIST_MAX.slots),
});
export type UserCreateArgs = z.infer<typeof UserCreateArgs>;

export const ADMIN_MUTATIONS = {
  'course.create': def({
    args: CourseCreateArgs,
    method: 'POST',
    path: () => '/course',
    body: (a) => a,
    entity: (a) => ({ entity: 'courses', id: a.id }),
    describe: (a) => `Create course ${a.courseCode}`,
  }),
  'course.assign': def({
    args: CourseAssignArgs,
    method: 'PUT',
    path: (a) => `/course/user/${a.facultyId}`,
    body: (a) => ({ slots: a.slots }),
    entity: (a) => ({ entity: 'courses', id: a.courseId }),
    describe: (a) => `Assign ${a.slots.length} slot(s) to faculty`,
  }),
  'course.addSlot': def({
    args: CourseSlotArgs,
    method: 'POST',
    path: (a) => `/course/${a.courseId}/slot`,
    body: (a) => ({ id: a.id, ...slotBody(a) }),
    entity: (a) => ({ entity: 'courses', id: a.courseId }),
    describe: (a) => `Add slot ${a.sectionCode}`,
  }),
  'course.updateSlot': def({
    args: CourseSlotArgs,
    method: 'PUT',
    path: (a) => `/course/${a.courseId}/slot/${a.id}`,
    body: slotBody,
    entity: (a) => ({ entity: 'courses', id: a.courseId }),
    describe: (a) => `Edit slot ${a.sectionCode}`,
  }),
  'course.deleteSlot': def({
    args: CourseSlotDeleteArgs,
    method: 'DELETE',
    path: (a) => `/course/${a.courseId}/slot/${a.id}`,
    body: () => undefined,
    entity: (a) => ({ entity: 'courses', id: a.courseId }),
    describe: (a) => `Delete slot ${a.sectionCode}`,
  }),
  'course.unassignSlot': def({
    args: CourseSlotDeleteArgs,
    method: 'DELETE',
    path: (a) => `/course/${a.courseId}/slot/${a.id}/faculty`,
    body: () => undefined,
    entity: (a) => ({ entity: 'courses', id: a.courseId }),
    describe: (a) => `Unassign slot ${a.sectionCode}`,
  }),
  'planTemplate.updateStep': def({
    args: PlanStepArgs,
    method: 'PUT',
    path: (a) => `/template/${a.templateId}`,
    body: (a) => ({ stepId: a.stepId, name: a.name, field: a.field }),
    entity: (a) => ({ entity: 'planTemplates', id: a.templateId }),
    describe: (a) => `Update ${a.type} plan step "${a.name}"`,
  }),
  'emailTemplate.update': def({
    args: EmailTemplateArgs,
    method: 'PUT',
    path: (a) => `/email/${a.templateId}`,
    body: (a) => ({ email: a.email }),
    entity: (a) => ({ entity: 'emailTemplates', id: a.templateId }),
    describe: (a) => `Update ${a.type} email template`,
  }),
  'prompt.generate': def({
    args: PromptArgs,
    method: 'POST',
    path: () => '/observation/prompt',
    body: (a) => a,
    entity: (a) => ({ entity: 'departments', id: String(a.departmentId) }),
    describe: (a) => `Observation prompt (threshold ${a.threshold}%)`,
  }),
  'department.setMode': def({
    args: z.object({ departmentId: intId(), mode: z.enum(OBSERVATION_MODES) }),
    method: 'PUT',
    path: (a) => `/department/${a.departmentId}/observation-mode`,
    body: (a) => ({ mode: a.mode }),
    entity: (a) => ({ entity: 'departments', id: String(a.departmentId) }),
    describe: (a) => `Make observations ${a.mode}`,
  }),
  'user.create': def({
    args: UserCreateArgs,
    method: 'POST',
    path: () => '/auth/create',
    body: (a) => a,
    entity: (a) => ({ entity: 'users', id: a.id }),
    describe: (a) => `Create user ${a.email}`,
  }),
} as const;
