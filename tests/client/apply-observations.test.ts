/**
 * Optimistic applies of the observation cycle on a fake-indexeddb replica, through the real `mutate` (replica +
 * outbox in one transaction). Each change must show at once and be idempotent: the rebase after a pull applies
 * every pending row again on top of the server's document, and that must land on the same values.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Observation } from '../../src/shared/contract/observations.js';
import { getDb, mutate } from '../../src/client/sync/index.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { rebase } from '../../src/client/sync/rebase.js';
import { FACULTY, HOD, meeting, OBS_ID, observation, OBSERVER, rubricRows, scheduling, teachingPlan, COURSE } from './observations/fixtures.js';

const db = getDb();
const get = async (id = OBS_ID) => (await db.observations.get(id)) as unknown as Observation;
const as = (userId: string) => setMeta(db, META.userId, userId);
const put = (o: Observation) => db.observations.put(o as never);

/** Applies every pending row again, as the pull's rebase does, and returns the document. */
async function rebaseAgain(): Promise<Observation> {
  await db.transaction('rw', db.tables, () => rebase(db));
  return get();
}

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.users.clear(), db.messages.clear(), db.meta.clear()]);
  await db.users.bulkPut([
    { id: HOD.id, name: HOD.name, email: HOD.email, role: 'Head_of_Department', department: { id: 1, name: 'CS' } },
    { id: OBSERVER.id, name: OBSERVER.name, email: OBSERVER.email, role: 'Observer', department: { id: 1, name: 'CS' } },
    { id: FACULTY.id, name: FACULTY.name, email: FACULTY.email, role: 'Faculty', department: { id: 1, name: 'CS' }, courseSlots: [] },
  ]);
});

describe('observation applies', () => {
  it('initiate creates a Pending document per faculty member with the client id, once', async () => {
    await as(HOD.id);
    const id = '22222222-2222-4222-8222-222222222222';
    await mutate('observation.initiate', { facultyIds: [FACULTY.id], observerId: OBSERVER.id, semester: 'Spring', ids: { [FACULTY.id]: id } });
    const doc = await get(id);
    expect(doc).toMatchObject({ status: 'Pending', semester: 'Spring', facultyId: FACULTY.id, observerId: OBSERVER.id, hodId: HOD.id, departmentId: 1, version: 0 });
    expect(doc.faculty.name).toBe(FACULTY.name);
    expect(doc.observer.name).toBe(OBSERVER.name);
    expect(await db.outbox.count()).toBe(1);
    // A server copy that arrived meanwhile is never overwritten by the rebase.
    await put({ ...doc, version: 7, semester: 'Spring', cycleLabel: '---' });
    await rebaseAgain();
    expect((await get(id)).version).toBe(7);
  });

  it('scheduling: create, faculty slots, observer pick, accept, done — and a rebase changes nothing', async () => {
    await put(observation());
    await as(OBSERVER.id);
    await mutate('scheduling.create', { observationsId: OBS_ID, facultyId: FACULTY.id, courseId: COURSE.id, id: '33333333-3333-4333-8333-333333333333' });
    let doc = await get();
    expect(doc.obsRequest?.status).toBe('Ongoing');
    expect(doc.course?.courseCode).toBe('CSC-101');
    expect(doc).toMatchObject({ status: 'Ongoing', cycleLabel: 'Observation Scheduling', observationProgress: 0 });
    expect(doc.starting).not.toBeNull();

    await put({ ...doc, obsRequest: { ...doc.obsRequest!, teachingPlan: teachingPlan(FACULTY.id) } });
    await as(FACULTY.id);
    await mutate('scheduling.update', { observationsId: OBS_ID, timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }] });
    await as(OBSERVER.id);
    await mutate('scheduling.update', {
      observationsId: OBS_ID,
      timeSlotByObserver: [{ day: 'Monday', time: '09:00-10:30' }],
      scheduledOn: '2026-12-03T12:00:00.000Z',
      reasons: 'Lab free',
    });
    doc = await get();
    expect(doc.obsRequest).toMatchObject({ timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], scheduledOn: '2026-12-03T12:00:00.000Z', reasons: 'Lab free' });

    await mutate('scheduling.accept', { observationsId: OBS_ID, side: 'faculty' });
    await mutate('scheduling.accept', { observationsId: OBS_ID, side: 'observer' });
    await mutate('scheduling.done', { observationsId: OBS_ID, informedId: '44444444-4444-4444-8444-444444444444' });
    doc = await get();
    expect(doc.obsRequest).toMatchObject({ status: 'Completed', facultyAccepted: true, observerAccepted: true });
    expect(doc.meetings.informedObservation).toMatchObject({ id: '44444444-4444-4444-8444-444444444444', status: 'Ongoing' });
    expect(doc).toMatchObject({ observationProgress: 10, cycleLabel: 'Informed Observation' });

    const again = await rebaseAgain();
    expect(again).toEqual(doc);
  });

  it('new offered slots reset both acceptances and drop an observer pick that is no longer offered', async () => {
    await put(
      scheduling({ timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], timeSlotByObserver: [{ day: 'Monday', time: '09:00-10:30' }], scheduledOn: '2026-12-03T12:00:00.000Z', facultyAccepted: true }),
    );
    await as(FACULTY.id);
    await mutate('scheduling.update', { observationsId: OBS_ID, timeSlotsByFaculty: [{ day: 'Wednesday', time: '11:00-12:30' }] });
    const r = (await get()).obsRequest!;
    expect(r).toMatchObject({ facultyAccepted: false, observerAccepted: false, timeSlotByObserver: [], scheduledOn: null });
  });

  it('teaching plan answers mark the plan edited by the faculty member', async () => {
    await put(scheduling({ teachingPlan: teachingPlan(null) }));
    await as(FACULTY.id);
    await mutate('teachingPlan.submit', { observationsId: OBS_ID, templateResponse: [{ id: 's-0', response: '  Outcome one ' }, { id: 's-1', response: 'Summary' }, { id: 's-2', response: 'Quiz' }] });
    const plan = (await get()).obsRequest!.teachingPlan!;
    expect(plan.editedBy).toBe(FACULTY.id);
    expect(plan.steps.map((s) => s.response)).toEqual(['Outcome one', 'Summary', 'Quiz']);
  });

  it('rubrics: the side comes from the signed-in user; submit sets the total; lock completes and moves progress', async () => {
    const informed = meeting('55555555-5555-4555-8555-555555555555');
    await put(scheduling({ status: 'Completed', facultyAccepted: true, observerAccepted: true }, { meetings: { informedObservation: informed, uninformedObservation: null, postObservation: null } }));
    const groups = ['1-A', '1-B', '1-C', '1-D'];
    await as(OBSERVER.id);
    for (const g of groups) {
      await mutate('rubrics.saveGroup', { kind: 'informed', observationsId: OBS_ID, meetingId: informed.id, rubricsFinal: [1, 2, 3, 4, 5].map((n) => ({ id: `r-${g}-${n}`, score: 3 })) });
    }
    let m = (await get()).meetings.informedObservation!;
    expect(m.rubrics.every((r) => r.observerScore === 3 && r.facultyScore === null)).toBe(true);
    expect(m.observerScore).toBeNull();
    await mutate('rubrics.submit', { kind: 'informed', observationsId: OBS_ID, meetingId: informed.id });
    m = (await get()).meetings.informedObservation!;
    expect(m.observerScore).toBe(60);

    // The faculty side arrives from the server; then the observer locks.
    const doc = await get();
    await put({ ...doc, meetings: { ...doc.meetings, informedObservation: { ...m, facultyScore: 40, rubrics: m.rubrics.map((r) => ({ ...r, facultyScore: 2 })) } } });
    await mutate('rubrics.lock', { kind: 'informed', observationsId: OBS_ID, meetingId: informed.id });
    const locked = await get();
    expect(locked.meetings.informedObservation).toMatchObject({ status: 'Completed', observerScore: 60, facultyScore: 40 });
    expect(locked).toMatchObject({ observationProgress: 50, cycleLabel: '---' });
    // After the lock a late save changes nothing.
    await mutate('rubrics.saveGroup', { kind: 'informed', observationsId: OBS_ID, meetingId: informed.id, rubricsFinal: [1, 2, 3, 4, 5].map((n) => ({ id: `r-1-A-${n}`, score: 0 })) });
    expect((await get()).meetings.informedObservation!.rubrics[0].observerScore).toBe(3);
    expect(await rebaseAgain()).toEqual(await get());
  });

  it('faculty scores fill only the faculty column and the combined figures stay hidden', async () => {
    const informed = meeting('55555555-5555-4555-8555-555555555555');
    await put(scheduling({ status: 'Completed' }, { meetings: { informedObservation: informed, uninformedObservation: null, postObservation: null } }));
    await as(FACULTY.id);
    await mutate('rubrics.submit', { kind: 'informed', observationsId: OBS_ID, meetingId: informed.id, rubricsFinal: rubricRows().map((r) => ({ id: r.id, score: 2 })) });
    const m = (await get()).meetings.informedObservation!;
    expect(m.facultyScore).toBe(40);
    expect(m.rubrics.every((r) => r.facultyScore === 2 && r.observerScore === null)).toBe(true);
    expect(m.observerScore).toBeNull();
    expect(m.finalScore).toBeNull();
    expect(m.percentage).toBeNull();
  });

  it('uninformed start copies the rubric items blank; post observation create, faculty slot, Scheduled, Completed', async () => {
    const done = meeting('55555555-5555-4555-8555-555555555555', { status: 'Completed', observerScore: 60, facultyScore: 40, rubrics: rubricRows(3, 2) });
    await put(scheduling({ status: 'Completed' }, { meetings: { informedObservation: done, uninformedObservation: null, postObservation: null } }));
    await as(OBSERVER.id);
    await mutate('uninformed.start', { observationsId: OBS_ID, id: '66666666-6666-4666-8666-666666666666' });
    let doc = await get();
    expect(doc.meetings.uninformedObservation!.rubrics).toHaveLength(20);
    expect(doc.meetings.uninformedObservation!.rubrics.every((r) => r.observerScore === null && r.facultyScore === null)).toBe(true);
    expect(doc.cycleLabel).toBe('Uninformed Observation');

    await put({ ...doc, meetings: { ...doc.meetings, uninformedObservation: { ...doc.meetings.uninformedObservation!, status: 'Completed' } } });
    const slotA = { id: '77777777-7777-4777-8777-777777777777', dateTime: '2026-12-10T10:30' };
    const slotB = { id: '88888888-8888-4888-8888-888888888888', dateTime: '2026-12-11T14:00:00.000Z' };
    await mutate('postObservation.create', { observationsId: OBS_ID, facultyId: FACULTY.id, id: '99999999-9999-4999-8999-999999999999', timeSlotsByObserver: [slotA, slotB], location: ' Room C-204 ' });
    doc = await get();
    const post = doc.meetings.postObservation!;
    expect(post).toMatchObject({ status: 'Ongoing', location: 'Room C-204', timeSlotByFaculty: null });
    // Stored as UTC ISO with seconds and milliseconds.
    expect(post.timeSlotsByObserver[0].dateTime).toBe(new Date('2026-12-10T10:30').toISOString());
    expect(post.timeSlotsByObserver[0].dateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await as(FACULTY.id);
    await mutate('postObservation.update', { observationsId: OBS_ID, timeSlotByFaculty: slotB.id });
    await as(OBSERVER.id);
    await mutate('postObservation.setStatus', { observationsId: OBS_ID, status: 'Scheduled' });
    doc = await get();
    expect(doc.meetings.postObservation).toMatchObject({ status: 'Scheduled', scheduledOn: slotB.dateTime, timeSlotByFaculty: slotB.id });
    expect(doc.cycleLabel).toBe('Post Observation');
    await mutate('postObservation.setStatus', { observationsId: OBS_ID, status: 'Completed' });
    doc = await get();
    expect(doc).toMatchObject({ status: 'Completed', observationProgress: 100 });
    expect(doc.ending).not.toBeNull();
    expect(await rebaseAgain()).toEqual(doc);
  });

  it('observer slot updates drop a faculty choice that was removed; an artifact is listed once', async () => {
    const slotA = { id: '77777777-7777-4777-8777-777777777777', dateTime: '2026-12-10T10:30:00.000Z' };
    const slotB = { id: '88888888-8888-4888-8888-888888888888', dateTime: '2026-12-11T14:00:00.000Z' };
    await put(
      scheduling({ status: 'Completed' }, {
        meetings: {
          informedObservation: null,
          uninformedObservation: null,
          postObservation: { id: 'p1', status: 'Ongoing', location: 'Room 1', scheduledOn: null, timeSlotsByObserver: [slotA, slotB], timeSlotByFaculty: slotB.id, artifacts: [], reflectionPlan: null, observationsId: OBS_ID },
        },
      }),
    );
    await as(OBSERVER.id);
    await mutate('postObservation.update', { observationsId: OBS_ID, timeSlotsByObserver: [slotA] });
    expect((await get()).meetings.postObservation).toMatchObject({ timeSlotByFaculty: null, location: 'Room 1', timeSlotsByObserver: [slotA] });

    await as(FACULTY.id);
    const args = { observationsId: OBS_ID, postId: 'p1', id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'notes.pdf', type: 'application/pdf', fileURL: 'pending-upload:b1' };
    await mutate('artifact.register', args);
    await rebaseAgain();
    expect((await get()).meetings.postObservation!.artifacts).toEqual([{ id: args.id, name: 'notes.pdf', type: 'application/pdf', fileURL: 'pending-upload:b1' }]);
  });

  it('chat messages appear at once with the author, and delete removes the document', async () => {
    await put(observation());
    await as(OBSERVER.id);
    const id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    await mutate('message.send', { observationId: OBS_ID, id, body: ' Hello there ' });
    expect(await db.messages.get(id)).toMatchObject({ observationId: OBS_ID, authorId: OBSERVER.id, authorName: OBSERVER.name, authorRole: 'Observer', body: 'Hello there', version: 0 });
    await mutate('observation.delete', { id: OBS_ID });
    expect(await db.observations.get(OBS_ID)).toBeUndefined();
    // A rebase over a deleted document is quiet.
    await expect(rebaseAgain()).resolves.toBeUndefined();
  });
});
