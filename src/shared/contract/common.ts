import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { text } from './text.js';

/** Every failure body (docs/api.md). */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const Id = z.uuid();
export const Department = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof Department>;

/** Optional text that the client may send as "" — normalised to null (SPEC §7: empty sent as null). */
export const NullableText = text(TEXT_MAX.line)
  .nullable()
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));
