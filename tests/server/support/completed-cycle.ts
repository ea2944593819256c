/** A cycle taken through the post-observation meeting to Completed, through the API (the response window opens). */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './helpers.js';
import { answers, bothObservationsDone, doc, initiate, key, put, type Actors } from './observations-fixture.js';
import { uploadArtifact } from './observations-upload.js';

export async function completedCycle(t: TestApp, a: Actors): Promise<string> {
  const id = await initiate(t, a);
  await bothObservationsDone(t, a, id);
  const slot = { id: randomUUID(), dateTime: '2026-10-07T10:00:00.000Z' };
  expect((await t.post('/api/observation/post-scheduling', { observationsId: id, timeSlotsByObserver: [slot], location: 'Room 1' }, a.observer, key())).statusCode).toBe(201);
  const post = (await doc(t, id, a.faculty)).meetings.postObservation;
  await put(t, 'post-scheduling', { observationsId: id, templateResponse: answers(post.reflectionPlan.steps) }, a.faculty);
  expect((await uploadArtifact(t, post.id, a.faculty, 'pdf')).statusCode).toBe(201);
  expect((await put(t, 'post-scheduling', { observationsId: id, timeSlotByFaculty: slot.id }, a.faculty)).statusCode).toBe(200);
  expect((await put(t, 'post-scheduling', { observationsId: id, status: 'Scheduled' }, a.observer)).statusCode).toBe(200);
  expect((await put(t, 'post-scheduling', { observationsId: id, status: 'Completed' }, a.observer)).statusCode).toBe(200);
  return id;
}
