/**
 * Two grains of an observation in the replica (docs/adr/2026-11-24-replica-scope-and-grains.md):
 *
 *   summary  a few hundred bytes for every observation in the user's scope: who, which course, where in the
 *            cycle, the totals this viewer may see. Lists, dashboards and counts read only these fields.
 *   full     the whole Observation document (plans, rubrics, meetings, artifacts) — for observations the user
 *            takes part in, open and recent ones in scope, and any other the user opened. A full document carries
 *            every summary field under the same name, so a list never needs to know which grain it holds.
 *
 * Both live in the replica's `observations` table, told apart by `grain`. Invariant: every field of
 * `ObservationSummary` exists, with the same meaning, on a full document (`grain: 'full'`).
 */
import { z } from 'zod';
import { Observation } from './observations.js';
import { Person } from './user-projection.js';

export const OBSERVATION_GRAINS = ['summary', 'full'] as const;
export const ObservationGrain = z.enum(OBSERVATION_GRAINS);
export type ObservationGrain = z.infer<typeof ObservationGrain>;

export const ObservationSummary = Observation.pick({
  id: true,
  course: true,
  courseId: true,
  facultyId: true,
  observerId: true,
  hodId: true,
  departmentId: true,
  semester: true,
  mode: true,
  status: true,
  observationStatus: true,
  // The list's Starting and Ending columns (lists read only summary fields).
  starting: true,
  ending: true,
  createdAt: true,
  updatedAt: true,
  observationProgress: true,
  cycleLabel: true,
  version: true,
}).extend({
  grain: ObservationGrain,
  faculty: Person,
  observer: Person,
  hod: Person.nullable(),
});
export type ObservationSummary = z.infer<typeof ObservationSummary>;
