/**
 * Courses and slots on the wire (SPEC §3, §7): POST /course, GET /courses, GET /course/{id},
 * PUT /course/user/{facultyId}. The request schemas are deliberately lenient (missing text becomes "") so the
 * server can answer with SPEC §5's own messages via `courseCreateError` / `slotError`, which the client's
 * form calls too.
 */
import { z } from 'zod';
import { Campus } from './enums.js';
import { MSG } from '../messages.js';
import { Department } from './common.js';
import { LIST_MAX, TEXT_MAX } from '../constants.js';
import { intId, text } from './text.js';
import { WEEKDAYS } from '../weekdays.js';

/** Credit hours: a whole number in this range (our decision; SPEC shows only "credits (number)"). */
export const CREDITS_MIN = 1;
export const CREDITS_MAX = 6;

/** Slot day: one of the week days (the create form offers them in a Select). */
export { WEEKDAYS, type Weekday } from '../weekdays.js';

/** 24-hour "HH:MM" or "HH:MM-HH:MM" (SPEC §2: no am/pm); a range must end after it starts. */
const HHMM = '(?:[01]\\d|2[0-3]):[0-5]\\d';
export const SLOT_TIME_RE = new RegExp(`^${HHMM}(?:\\s*-\\s*${HHMM})?$`);

export function isValidSlotTime(time: string): boolean {
  // Bounded before the pattern runs; the longest valid form is "HH:MM - HH:MM" with a few spaces.
  if (time.length > TEXT_MAX.code) return false;
  const t = time.trim();
  if (!SLOT_TIME_RE.test(t)) return false;
  const [from, to] = t.split('-').map((s) => s.trim());
  return to === undefined || to > from;
}

/** Removes spaces around the dash: "09:00 - 10:30" → "09:00-10:30". */
export function normaliseSlotTime(time: string): string {
  return time
    .trim()
    .split('-')
    .map((s) => s.trim())
    .join('-');
}

const Text = (max: number) => text(max).trim().optional().default('');

export const SlotInput = z.object({
  /** Client uuid so an offline client can create the slot and refer to it before the server answers. */
  id: z.uuid().optional(),
  sectionCode: Text(TEXT_MAX.code),
  day: Text(TEXT_MAX.code),
  time: Text(TEXT_MAX.code),
  location: Text(TEXT_MAX.line),
});
export type SlotInput = z.input<typeof SlotInput>;

export const CreateCourseRequest = z.object({
  /** Client uuid of the new course (create-then-refer offline). */
  id: z.uuid().optional(),
  courseCode: Text(TEXT_MAX.code),
  name: Text(TEXT_MAX.line),
  departments: z.array(intId()).max(LIST_MAX.departments).optional().default([]),
  /** Ignored for a Head_of_Department (their own campus is used); defaults to Main_Campus. */
  campus: Campus.optional(),
  /** Number of credit hours; null/absent is "not provided". */
  credits: z.number().nullable().optional(),
  isElective: z.boolean().optional().default(false),
  isDepthElective: z.boolean().optional().default(false),
  slots: z.array(SlotInput).max(LIST_MAX.slots).optional().default([]),
});
export type CreateCourseRequest = z.input<typeof CreateCourseRequest>;
export type CreateCourseInput = z.output<typeof CreateCourseRequest>;

/** SPEC §5 "Save and Add Slot": the first failing message for one slot, or null. */
export function slotError(slot: { sectionCode?: string; day?: string; time?: string; location?: string }): string | null {
  const f = (v: string | undefined) => (v ?? '').trim();
  if (!f(slot.sectionCode) || !f(slot.day) || !f(slot.time) || !f(slot.location)) return MSG.incompleteSlot;
  if (!(WEEKDAYS as readonly string[]).includes(f(slot.day))) return MSG.slotDay;
  if (!isValidSlotTime(f(slot.time))) return MSG.slotTime;
  return null;
}

/** SPEC §5 course create: the first failing message, or null. Server and client share it. */
export function courseCreateError(input: {
  courseCode?: string;
  name?: string;
  credits?: number | null;
  departments?: number[];
  slots?: { sectionCode?: string; day?: string; time?: string; location?: string }[];
}): string | null {
  const credits = input.credits;
  if (!(input.courseCode ?? '').trim() || !(input.name ?? '').trim() || credits == null || Number.isNaN(credits)) {
    return MSG.courseDetails;
  }
  if (!(input.departments ?? []).length) return MSG.courseDetails;
  if (!Number.isInteger(credits) || credits < CREDITS_MIN || credits > CREDITS_MAX) return MSG.creditsRange;
  const slots = input.slots ?? [];
  if (slots.length === 0) return MSG.minOneSlot;
  for (const s of slots) {
    const e = slotError(s);
    if (e) return e;
  }
  const codes = slots.map((s) => (s.sectionCode ?? '').trim().toUpperCase());
  if (new Set(codes).size !== codes.length) return MSG.duplicateSection;
  return null;
}

/**
 * POST /course/{id}/slot and PUT /course/{id}/slot/{slotId}: one slot of an existing course. The same lenient
 * shape as a slot of POST /course (the id is the client's uuid of a new slot; ignored on edit).
 */
export const SlotWriteRequest = SlotInput;
export type SlotWriteRequest = z.input<typeof SlotWriteRequest>;
export type SlotWriteInput = z.output<typeof SlotWriteRequest>;

/**
 * One slot added to or edited in an existing course: the slot rules of course creation, and its section code
 * unique among the course's other slots (case-insensitively). `others` are the course's slots without the edited
 * one. Server and client share it.
 */
export function courseSlotError(
  slot: { sectionCode?: string; day?: string; time?: string; location?: string },
  others: readonly { sectionCode: string }[],
): string | null {
  const e = slotError(slot);
  if (e) return e;
  const code = (slot.sectionCode ?? '').trim().toUpperCase();
  return others.some((o) => o.sectionCode.trim().toUpperCase() === code) ? MSG.duplicateSection : null;
}

/** A slot inside a course document. `faculty` is the assigned faculty's name, null when unassigned. */
export const CourseSlot = z.object({
  id: z.string(),
  courseId: z.string(),
  sectionCode: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
  facultyId: z.string().nullable(),
  faculty: z.string().nullable(),
  /** SPEC §3 Slot `course`: the course it belongs to (the server always sends it; an optimistic copy may lack it). */
  course: z.object({ id: z.string(), courseCode: z.string(), name: z.string() }).optional(),
});
export type CourseSlot = z.infer<typeof CourseSlot>;

/** The course document (lists, GET /course/{id}, the `courses` sync entity). */
export const Course = z.object({
  id: z.string(),
  courseCode: z.string(),
  name: z.string(),
  credits: z.number(),
  /** Departments as {id, name} (SPEC §3 `department`). */
  department: z.array(Department),
  /** The same departments as ids (SPEC §3 `departments`). */
  departments: z.array(z.number()),
  campus: z.string(),
  isElective: z.boolean(),
  isDepthElective: z.boolean(),
  slots: z.array(CourseSlot),
  createdAt: z.string(),
});
export type Course = z.infer<typeof Course>;

/** A slot as its own sync record (`slots` entity): the course slot plus a short course reference. */
export const SlotDocument = CourseSlot.extend({
  course: z.object({ id: z.string(), courseCode: z.string(), name: z.string() }),
});
export type SlotDocument = z.infer<typeof SlotDocument>;

export const CourseWriteResponse = z.object({ message: z.string(), course: Course });
export type CourseWriteResponse = z.infer<typeof CourseWriteResponse>;

export const CourseListResponse = z.object({ courses: z.array(Course) });
export type CourseListResponse = z.infer<typeof CourseListResponse>;

/** PUT /course/user/{facultyId}. */
export const AssignSlotsRequest = z.object({
  slots: z.array(text(TEXT_MAX.id)).max(LIST_MAX.slots).optional().default([]),
});
export type AssignSlotsRequest = z.input<typeof AssignSlotsRequest>;

/** SPEC §5 assign: faculty and course chosen, then at least one slot. */
export function assignError(input: { facultyId?: string; courseId?: string; slots?: string[] }): string | null {
  if (!input.facultyId || !input.courseId) return MSG.assignDetails;
  if (!(input.slots ?? []).length) return MSG.selectSlots;
  return null;
}
