/**
 * Observation documents for the client tests, shaped exactly like the server's (src/shared/contract
 * observations.ts), with the ids of the three people and twenty rubric items (4 groups × 5).
 */
import type { Meeting, Observation, ObservationPlan, RubricRow } from '../../../src/shared/contract/observations.js';
import { RUBRIC_CODES } from '../../../src/shared/enums.js';

export const OBS_ID = '11111111-1111-4111-8111-111111111111';
export const HOD = { id: 'u-hod', name: 'Hassan Okafor', email: 'hod@university.edu' };
export const OBSERVER = { id: 'u-obs', name: 'Omar Haddad', email: 'observer@university.edu' };
export const FACULTY = { id: 'u-fac', name: 'Fatima Rahman', email: 'faculty@university.edu' };
/** A participant as the observation document embeds it (shared/contract/user-projection.ts `Person`). */
const person = (u: { id: string; name: string }) => ({ id: u.id, name: u.name, avatar: null });
export const COURSE = { id: 'c-101', courseCode: 'CSC-101', name: 'Introduction to Programming' };

export function rubricRows(observer: number | null = null, faculty: number | null = null): RubricRow[] {
  return RUBRIC_CODES.flatMap((code) =>
    [1, 2, 3, 4, 5].map((n) => ({ id: `r-${code}-${n}`, code, title: `${code} item ${n}`, observerScore: observer, facultyScore: faculty })),
  );
}

export function meeting(id: string, over: Partial<Meeting> = {}): Meeting {
  return { id, status: 'Ongoing', observerScore: null, facultyScore: null, finalScore: null, percentage: null, maximum: 80, rubrics: rubricRows(), observationsId: OBS_ID, ...over };
}

export function teachingPlan(editedBy: string | null = null): ObservationPlan {
  const steps = [
    ['ProgramOutcomes', 'Teacher Perspective'],
    ['TeachingSummary', 'Teaching Context'],
    ['Feedback', 'Student Learning'],
  ].map(([key, code], i) => ({ id: `s-${i}`, templatePlanId: `t-${i}`, key, code, name: key, field: `Question about ${key}?`, response: editedBy ? `Answer ${i}` : null }));
  return { id: 'plan-t', type: 'Teaching', editedBy, editedAt: editedBy ? '2026-11-20T10:00:00.000Z' : null, steps };
}

export function observation(over: Partial<Observation> = {}): Observation {
  return {
    id: OBS_ID,
    course: null,
    courseId: null,
    faculty: {
      ...person(FACULTY),
      courseSlots: [
        { id: 'sl-1', courseId: COURSE.id, course: COURSE, sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room B-101' },
        { id: 'sl-2', courseId: COURSE.id, course: COURSE, sectionCode: 'B', day: 'Wednesday', time: '11:00-12:30', location: 'Room B-102' },
      ],
    },
    facultyId: FACULTY.id,
    observer: person(OBSERVER),
    observerId: OBSERVER.id,
    hod: person(HOD),
    hodId: HOD.id,
    departmentId: 1,
    semester: 'Fall',
    mode: 'summative',
    status: 'Pending',
    observationStatus: 'Pending',
    starting: null,
    ending: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    observationProgress: 0,
    cycleLabel: '---',
    obsRequest: null,
    meetings: { informedObservation: null, uninformedObservation: null, postObservation: null },
    closing: null,
    goals: [],
    carriedGoals: [],
    rubricVersionId: '5bec0000-0000-4000-8000-000000000002',
    version: 1,
    ...over,
  };
}

/** An observation whose scheduling is under way (course chosen, plan state as given). */
export function scheduling(req: Partial<NonNullable<Observation['obsRequest']>> = {}, over: Partial<Observation> = {}): Observation {
  return observation({
    course: COURSE,
    courseId: COURSE.id,
    status: 'Ongoing',
    observationStatus: 'Ongoing',
    starting: '2026-11-02T09:00:00.000Z',
    cycleLabel: 'Observation Scheduling',
    obsRequest: {
      id: 'req-1',
      status: 'Ongoing',
      timeSlotByObserver: [],
      timeSlotsByFaculty: [],
      scheduledOn: null,
      reasons: null,
      facultyAccepted: false,
      observerAccepted: false,
      teachingPlan: teachingPlan(FACULTY.id),
      ...req,
    },
    ...over,
  });
}
