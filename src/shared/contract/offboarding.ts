/**
 * Offboarding (docs/operations/offboarding.md): deactivate and reactivate a user, list their open observations
 * as observer and hand them to another observer in one call.
 */
import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { text } from './text.js';

/** PUT /user/{id}/deactivate and PUT /user/{id}/reactivate. */
export const ActivationResponse = z.object({
  message: z.string(),
  id: z.string(),
  deactivatedAt: z.string().nullable(),
  /** Open observations the user still observes (to be reassigned after a deactivation). */
  openObservations: z.number().int(),
});
export type ActivationResponse = z.infer<typeof ActivationResponse>;

export const OpenObservation = z.object({
  id: z.string(),
  status: z.string(),
  semester: z.string(),
  departmentId: z.number().int().nullable(),
  facultyId: z.string(),
  facultyName: z.string(),
  courseCode: z.string().nullable(),
  createdAt: z.string(),
});
export type OpenObservation = z.infer<typeof OpenObservation>;

/** GET /user/{id}/open-observations: what they observe and is not Completed, and who could take it over. */
export const OpenObservationsResponse = z.object({
  observations: z.array(OpenObservation),
  /** Active observers of the departments of those observations (the user themselves left out). */
  observers: z.array(z.object({ id: z.string(), name: z.string(), departmentId: z.number().int().nullable() })),
});
export type OpenObservationsResponse = z.infer<typeof OpenObservationsResponse>;

/** Most observations one reassignment may carry (a department's open cycles fit many times over). */
export const REASSIGN_MAX = 500;

/** PUT /user/{id}/reassign-observations */
export const ReassignRequest = z.object({
  observerId: text(TEXT_MAX.id),
  observationIds: z.array(text(TEXT_MAX.id)).min(1).max(REASSIGN_MAX),
});
export type ReassignRequest = z.infer<typeof ReassignRequest>;

export const ReassignResponse = z.object({ message: z.string(), reassigned: z.array(z.string()) });
export type ReassignResponse = z.infer<typeof ReassignResponse>;
