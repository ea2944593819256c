/**
 * The one way the contract accepts text and ids from a client. `text(max)` is a zod string that
 *   - is at most `max` UTF-16 code units long (checked first, so nothing later runs on a huge value),
 *   - contains no NUL character (PostgreSQL refuses it in text and jsonb: it would be a 500), and
 *   - contains no lone surrogate (not valid Unicode: it would be silently mangled to U+FFFD when stored).
 * Messages are short phrases; the server's error handler prefixes the field name ("email: must be at most …").
 */
import { z } from 'zod';
import { INT32_MAX } from '../constants.js';

/** Why `s` cannot be stored as text, or null. One pass over the string, no pattern. */
export function badTextReason(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return 'must not contain NUL characters';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'must be valid Unicode (lone surrogate)';
    }
    if (c >= 0xdc00 && c <= 0xdfff) return 'must be valid Unicode (lone surrogate)';
  }
  return null;
}

export const tooLongMessage = (max: number) => `must be at most ${max} characters`;

/** A string of at most `max` characters, without NUL or lone surrogates. Chain `.trim()`, `.min()` … after it. */
export function text(max: number) {
  return z
    .string()
    .max(max, { error: tooLongMessage(max) })
    .superRefine((v, ctx) => {
      if (v.length > max) return; // already refused: no second pass over a huge value
      const reason = badTextReason(v);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    });
}

/** A database integer id (PostgreSQL `integer`, serial): whole, 1 … 2^31−1. */
export function intId() {
  return z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be a positive id' })
    .max(INT32_MAX, { error: `must be at most ${INT32_MAX}` });
}
