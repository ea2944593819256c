import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { text } from './text.js';
import { OBSERVATION_MODES } from '../observation-mode.js';

/** Every failure body (docs/api.md). */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const Id = z.uuid();
export const Department = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof Department>;

/** GET /department: a department with how its programme observes (src/shared/observation-mode.ts). */
export const DepartmentWithMode = Department.extend({ observationMode: z.enum(OBSERVATION_MODES) });
export type DepartmentWithMode = z.infer<typeof DepartmentWithMode>;

/** PUT /department/{id}/observation-mode */
export const DepartmentModeRequest = z.object({ mode: z.enum(OBSERVATION_MODES, { error: 'mode: choose summative or formative.' }) });
export type DepartmentModeRequest = z.input<typeof DepartmentModeRequest>;

/** Optional text that the client may send as "" — normalised to null (SPEC §7: empty sent as null). */
export const NullableText = text(TEXT_MAX.line)
  .nullable()
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));
