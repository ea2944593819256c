/** next-steps: one next action per stage, owned by the right side, sorted into the viewer's buckets. */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/shared/contract/observations.js';
import { cycleActions, nextSteps, stepLine, whenLabel } from '../../src/shared/next-steps.js';
import { isOverdue } from '../../src/shared/stages.js';

const TODAY = '2026-11-27'; // a Friday

function doc(patch: Partial<Observation> = {}): Observation {
  return {
    id: 'o1',
    course: { id: 'c1', courseCode: 'PHY-220', name: 'Waves' },
    courseId: 'c1',
    faculty: { id: 'f1', name: 'Aisha Bello', email: 'f@u.edu', courseSlots: [{ id: 's1', courseId: 'c1', course: null, sectionCode: 'A', day: 'Friday', time: '10:00', location: 'Hall P-3' }] },
    facultyId: 'f1',
    observer: { id: 'v1', name: 'Nadia Karim', email: 'v@u.edu' },
    observerId: 'v1',
    hod: null,
    hodId: 'h1',
    departmentId: 1,
    semester: 'Fall',
    status: 'Ongoing',
    observationStatus: 'Ongoing',
    starting: null,
    ending: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    observationProgress: 0,
    cycleLabel: '',
    obsRequest: null,
    meetings: { informedObservation: null, uninformedObservation: null, postObservation: null },
    version: 1,
    ...patch,
  } as Observation;
}

const plan = { id: 'p', type: 'Teaching', editedBy: 'f1', editedAt: null, steps: [] };
const request = (patch: Partial<NonNullable<Observation['obsRequest']>> = {}) => ({
  id: 'r',
  status: 'Ongoing',
  timeSlotByObserver: [{ day: 'Friday', time: '10:00' }],
  timeSlotsByFaculty: [{ day: 'Friday', time: '10:00' }],
  scheduledOn: `${TODAY}T00:00:00.000Z`,
  reasons: null,
  facultyAccepted: false,
  observerAccepted: false,
  teachingPlan: plan,
  ...patch,
});
const meeting = (patch: object = {}) => ({ id: 'm', status: 'Ongoing', observerScore: null, facultyScore: null, finalScore: null, percentage: null, maximum: 80, rubrics: [], observationsId: 'o1', ...patch });

describe('cycleActions', () => {
  it('names who acts at each scheduling step', () => {
    const kinds = (o: Observation) => cycleActions(o, TODAY).map((a) => `${a.side}:${a.kind}`);
    expect(kinds(doc({ status: 'Pending' }))).toEqual(['observer:startScheduling']);
    expect(kinds(doc({ obsRequest: request({ teachingPlan: { ...plan, editedBy: null } }) }))).toEqual(['faculty:teachingPlan']);
    expect(kinds(doc({ obsRequest: request({ timeSlotsByFaculty: [] }) }))).toEqual(['faculty:offerSlots']);
    expect(kinds(doc({ obsRequest: request({ scheduledOn: null }) }))).toEqual(['observer:pickClass']);
    expect(kinds(doc({ obsRequest: request() }))).toEqual(['faculty:facultyConfirm']);
    expect(kinds(doc({ obsRequest: request({ facultyAccepted: true }) }))).toEqual(['observer:observerConfirm']);
    expect(kinds(doc({ obsRequest: request({ facultyAccepted: true, observerAccepted: true }) }))).toEqual(['observer:finishScheduling']);
    expect(kinds(doc({ status: 'Completed' }))).toEqual([]);
  });

  it('gives the class its day, slot time and room, and flags it overdue once its day passed unscored', () => {
    const o = doc({ obsRequest: request({ status: 'Completed', scheduledOn: '2026-11-20T00:00:00.000Z' }), meetings: { informedObservation: meeting(), uninformedObservation: null, postObservation: null } });
    const [observe, self] = cycleActions(o, TODAY);
    expect(observe).toMatchObject({ kind: 'observeInformed', day: '2026-11-20', time: '10:00', location: 'Hall P-3', overdue: true });
    expect(self).toMatchObject({ kind: 'selfScoreInformed', side: 'faculty' });
    const scored = doc({ obsRequest: request({ status: 'Completed' }), meetings: { informedObservation: meeting({ observerScore: 50, facultyScore: 60 }), uninformedObservation: null, postObservation: null } });
    expect(cycleActions(scored, TODAY).map((a) => a.kind)).toEqual(['lockInformed']);
  });

  it('walks the post-observation meeting to the hold step with the chosen slot', () => {
    const post = { id: 'p', status: 'Scheduled', location: 'P-204', scheduledOn: null, timeSlotsByObserver: [{ id: 'x', dateTime: '2026-11-20T09:00:00.000Z' }], timeSlotByFaculty: 'x', artifacts: [], reflectionPlan: plan, observationsId: 'o1' };
    const done = meeting({ status: 'Completed' });
    const o = doc({ obsRequest: request({ status: 'Completed' }), meetings: { informedObservation: done, uninformedObservation: done, postObservation: post } });
    expect(cycleActions(o, TODAY, 'UTC')).toEqual([expect.objectContaining({ kind: 'holdMeeting', day: '2026-11-20', time: '09:00', location: 'P-204', overdue: true })]);
    expect(cycleActions(doc({ obsRequest: request({ status: 'Completed' }), meetings: { informedObservation: done, uninformedObservation: null, postObservation: null } }), TODAY)[0].kind).toBe('startUninformed');
    expect(cycleActions(doc({ obsRequest: request({ status: 'Completed' }), meetings: { informedObservation: done, uninformedObservation: done, postObservation: null } }), TODAY)[0].kind).toBe('createMeeting');
  });
});

describe('nextSteps', () => {
  const classToday = doc({ obsRequest: request({ status: 'Completed' }), meetings: { informedObservation: meeting(), uninformedObservation: null, postObservation: null } });
  const planToFill = doc({ id: 'o2', obsRequest: request({ teachingPlan: { ...plan, editedBy: null } }) });

  it('puts the observer\'s class today first and the faculty\'s plan under waiting', () => {
    const steps = nextSteps([planToFill, classToday], { id: 'v1', participant: true }, TODAY);
    expect(steps.map((s) => [s.bucket, s.kind, s.mine])).toEqual([
      ['today', 'observeInformed', true],
      ['today', 'selfScoreInformed', false],
      ['waiting', 'teachingPlan', false],
    ]);
    expect(steps[2].text).toBe('Waiting for Aisha Bello to fill in the teaching plan');
    expect(stepLine(steps[0], TODAY)).toBe('Today 10:00 · PHY-220 · Hall P-3 · informed observation');
  });

  it('gives the faculty member their own steps and leaves others\' observations out', () => {
    const other = doc({ id: 'o3', facultyId: 'f2', observerId: 'v2' });
    const steps = nextSteps([planToFill, other], { id: 'f1', participant: true }, TODAY);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ bucket: 'todo', mine: true, text: 'Fill in the teaching plan' });
  });

  it('shows a follower who must act', () => {
    const steps = nextSteps([planToFill], { id: 'h1', participant: false }, TODAY);
    expect(steps[0]).toMatchObject({ bucket: 'waiting', mine: false });
  });
});

describe('closing the cycle', () => {
  const closing = (patch: Partial<NonNullable<Observation['closing']>> = {}) => ({
    responseDueAt: '2026-12-01T10:00:00.000Z', acknowledgedAt: null, acknowledgedName: null, response: null, respondedAt: null, signedOffAt: null, signedOffBy: null, ...patch,
  });
  const completed = (c: ReturnType<typeof closing> | null) =>
    doc({ status: 'Completed', hod: { id: 'h1', name: 'Omar Haddad', avatar: null }, closing: c } as Partial<Observation>);
  const kinds = (o: Observation) => cycleActions(o, TODAY).map((a) => `${a.side}:${a.kind}${a.overdue ? '!' : ''}${a.day ? `@${a.day}` : ''}`);

  it('asks the faculty member to acknowledge, then to respond while the window is open; the HOD signs off after a response or the window', () => {
    expect(kinds(completed(closing()))).toEqual(['faculty:acknowledge@2026-12-01']);
    expect(kinds(completed(closing({ acknowledgedAt: '2026-11-26T10:00:00.000Z' })))).toEqual(['faculty:respond@2026-12-01']);
    expect(kinds(completed(closing({ acknowledgedAt: '2026-11-26T10:00:00.000Z', respondedAt: '2026-11-26T11:00:00.000Z' })))).toEqual(['hod:signOff']);
    // The window's day has passed: acknowledging is overdue, and the HOD may sign off without an answer.
    const late = closing({ responseDueAt: '2026-11-20T10:00:00.000Z' });
    expect(kinds(completed(late))).toEqual(['faculty:acknowledge!@2026-11-20', 'hod:signOff']);
    expect(kinds(completed(closing({ signedOffAt: '2026-11-26T10:00:00.000Z' })))).toEqual([]);
    expect(kinds(completed(null))).toEqual([]);
  });

  it('gives the sign-off to the HOD of the observation, the others wait for it', () => {
    const ready = completed(closing({ acknowledgedAt: '2026-11-26T10:00:00.000Z', respondedAt: '2026-11-26T11:00:00.000Z' }));
    expect(nextSteps([ready], { id: 'h1', participant: false }, TODAY)[0]).toMatchObject({ kind: 'signOff', mine: true, bucket: 'todo', text: 'Sign off the observation' });
    expect(nextSteps([ready], { id: 'h2', participant: false }, TODAY)[0]).toMatchObject({ mine: false, bucket: 'waiting' });
    expect(nextSteps([ready], { id: 'f1', participant: true }, TODAY)[0]).toMatchObject({ mine: false, text: 'Waiting for Omar Haddad to sign off' });
    const toAck = completed(closing());
    expect(nextSteps([toAck], { id: 'f1', participant: true }, TODAY)[0]).toMatchObject({ kind: 'acknowledge', mine: true, bucket: 'week', route: '/observations/detail-observation/$id' });
  });
});

describe('dates', () => {
  it('labels days relative to today', () => {
    expect(whenLabel('2026-11-27', '10:00', TODAY)).toBe('Today 10:00');
    expect(whenLabel('2026-11-28', null, TODAY)).toBe('Tomorrow');
    expect(whenLabel('2026-12-01', '09:00', TODAY)).toBe('Tuesday 09:00');
    expect(whenLabel('2026-12-20', '09:00', TODAY)).toBe('20 Dec 09:00');
    expect(whenLabel(null, '09:00', TODAY)).toBeNull();
  });
  it('isOverdue: past day and not done', () => {
    expect(isOverdue('2026-11-26T00:00:00.000Z', false, TODAY)).toBe(true);
    expect(isOverdue('2026-11-27', false, TODAY)).toBe(false);
    expect(isOverdue('2026-11-26', true, TODAY)).toBe(false);
    expect(isOverdue(null, false, TODAY)).toBe(false);
  });
});
