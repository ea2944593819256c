/**
 * An observation of its own at the informed-rubric stage, driven through the real API exactly as the demo seed
 * drives the services (src/server/seed/demo-cycles.ts): the Physics HOD creates a course and a faculty member,
 * initiates, the observer picks the course, the faculty answers the teaching plan and offers the slot, both accept,
 * the observer completes scheduling. Journeys that score a rubric use it and leave the staged observations alone.
 */
import { randomUUID } from 'node:crypto';
import type { Observation } from '../../../src/shared/contract/observations.js';
import type { ServerApi } from './api.js';
import { createCourse, createFaculty, initiateObservation, runTag, type ApiCourse } from './admin-api.js';
import { DOMAIN } from './demo.js';
import { PHYSICS_OBSERVER } from './pages.js';

const PHYSICS_HOD = `hod.physics@${DOMAIN}`;
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The next date (a week or more ahead) that falls on `day`, at 10:00 UTC. */
function nextWeekday(day: string): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  while (DAYS[d.getUTCDay()] !== day) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(10, 0, 0, 0);
  return d.toISOString();
}

export async function observationAtRubric(api: ServerApi): Promise<{ id: string; observerToken: string }> {
  const tag = runTag();
  const hod = await api.login(PHYSICS_HOD);
  const observer = await api.login(PHYSICS_OBSERVER);
  const course: ApiCourse = await createCourse(api, hod, `PHY-${tag.slice(-5).toUpperCase()}`, ['A']);
  const email = `kb.${tag}@${DOMAIN}`;
  const faculty = await createFaculty(api, hod, { name: `Keyboard Tester ${tag}`, email, course: course.id, slots: course.slots.map((s) => s.id) });
  await initiateObservation(api, hod, faculty.id, observer.id);
  const mine = await api.request<{ id: string; facultyId?: string; faculty?: { id: string } }[]>('GET', '/observations', { token: observer.token });
  const obs = mine.find((o) => (o.facultyId ?? o.faculty?.id) === faculty.id);
  if (!obs) throw new Error('the initiated observation is not visible to the observer');
  const fac = await api.login(email, 'e2e-password-1');
  const put = (token: string, body: object) =>
    api.request('PUT', '/observation/scheduling', { token, headers: { 'idempotency-key': randomUUID() }, body: { observationsId: obs.id, ...body } });

  await api.request('POST', '/observation/scheduling', {
    token: observer.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { observationsId: obs.id, facultyId: faculty.id, courseId: course.id },
  });
  const doc = await api.request<Observation>('GET', `/observation/${obs.id}`, { token: fac.token });
  const steps = doc.obsRequest!.teachingPlan!.steps as { id: string; code: string; name: string }[];
  await put(fac.token, { templateResponse: steps.map((s) => ({ id: s.id, response: `${s.name}: covered as planned, with a worked example and a short quiz.` })) });
  const slot = { day: course.slots[0].day, time: course.slots[0].time };
  await put(fac.token, { timeSlotsByFaculty: [slot] });
  await put(observer.token, { timeSlotByObserver: [slot], scheduledOn: nextWeekday(slot.day) });
  await put(fac.token, { facultyAccepted: true });
  await put(observer.token, { observerAccepted: true });
  await put(observer.token, { status: 'Completed', informedId: randomUUID() });
  return { id: obs.id, observerToken: observer.token };
}
