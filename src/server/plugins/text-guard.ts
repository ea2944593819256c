/**
 * Refuses text PostgreSQL cannot store before any route sees it: a NUL character (text columns reject \u0000,
 * which surfaced as a 500) or an unpaired UTF-16 surrogate (not valid UTF-8). Checked in the parsed JSON body
 * (keys and values, at any depth), the query string and the path parameters; the answer is 400 naming the field.
 * Streamed bodies (tus uploads) are not parsed here and are not touched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBad = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Path of the first string (or key) holding bad text, or null. Iterative: bodies may nest thousands deep. */
export function badTextPath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (isBad(v)) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const next = at ? `${at}.${k}` : k;
        if (isBad(k)) return at || root || 'body';
        stack.push([x, next]);
      }
    }
  }
  return null;
}

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const at = badTextPath(req.params, '') ?? badTextPath(req.query, '') ?? badTextPath(req.body, '');
    if (at !== null) throw badRequest(`${at || 'body'}: must not contain NUL characters or unpaired surrogates`);
  });
}
