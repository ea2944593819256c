/**
 * Hostile input is normal input: what reaches a route handler is already bounded and well formed.
 *
 *   body size    every /api route has a body limit that fits what it carries (BODY_LIMITS, else the small
 *                default); over it → 413 before the body is read into memory
 *   JSON bodies  an empty body with `content-type: application/json` is no body (the client sends that header on
 *                every call, DELETE and logout included); a route that needs a body then names the missing field
 *                through its zod schema. Any string or key with NUL or a lone surrogate → 400 naming its path
 *                (PostgreSQL refuses NUL in text and jsonb — that was a 500)
 *   query        a parameter given twice (`?page=1&page=2`) or carrying NUL / lone surrogates → 400 naming it
 *   path params  NUL / lone surrogates → 400 naming the parameter
 *
 * The shared zod contract (`text(max)`, src/shared/contract/text.ts) checks the same characters field by field;
 * this is the net under every route, including fields a schema passes through untouched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badTextReason } from '../../shared/contract/text.js';
import { badRequest } from '../services/errors.js';

const KiB = 1024;

/** Body limit of a route with none listed: ids, flags and short texts. */
export const DEFAULT_BODY_LIMIT = 16 * KiB;

/**
 * Per-route body limits in bytes, `METHOD /api/path` as registered. Each is several times the largest valid body
 * (field limits of src/shared/constants.ts TEXT_MAX / LIST_MAX, with JSON escapes), so a field over its own limit
 * still reaches the schema and gets a 400 naming it, while a body far beyond any valid one is a 413.
 */
export const BODY_LIMITS: Record<string, number> = {
  'POST /api/auth/login': 4 * KiB,
  // A CSV file as JSON text (IMPORT_MAX_CHARS), with room for its escapes.
  'POST /api/provisioning/:kind/preview': 10 * 1024 * KiB,
  'POST /api/provisioning/:kind/apply': 10 * 1024 * KiB,
  'PUT /api/user/:id/reassign-observations': 64 * KiB,
  'PUT /api/auth/reset-password': 8 * KiB,
  'POST /api/auth/create': 32 * KiB,
  'PUT /api/user/update/:id': 16 * KiB,
  'POST /api/course': 128 * KiB,
  'PUT /api/template/:id': 64 * KiB,
  'PUT /api/email/:id': 256 * KiB,
  'POST /api/observation/initiate': 64 * KiB,
  'POST /api/observation/:id/messages': 64 * KiB,
  'POST /api/upload-artifact/:id': 32 * KiB,
  'POST /api/observation/post-scheduling': 32 * KiB,
  // Plan submissions: up to 100 answers of 20 000 characters is more than any plan has; a real one is far less.
  'PUT /api/observation/scheduling': 1024 * KiB,
  'PUT /api/observation/post-scheduling': 1024 * KiB,
  // A note is ≤ 2 000 characters with ≤ 40 item ids; an agenda ≤ 20 points of 2 000 and a 5 000 summary.
  'POST /api/observation/:id/notes': 64 * KiB,
  'PUT /api/observation/:id/notes/:noteId': 64 * KiB,
  'PUT /api/observation/:id/agenda': 512 * KiB,
};

/** tus uploads stream their bytes past the body parser; their size limit is the upload's own (routes/files.ts). */
const isFilesRoute = (url: string) => url === '/api/files' || url.startsWith('/api/files/');

/**
 * The first string (value or key) in `value` that cannot be stored, as "path: reason"; null when none.
 * Iterative, depth first in document order: a 1 MiB body may nest half a million arrays deep, and a recursive
 * walk would overflow the stack (a RangeError, which is a 500).
 */
export function badStringIn(value: unknown, root = ''): string | null {
  const at = (p: string) => p || 'body';
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = badTextReason(v);
      if (reason) return `${at(path)}: ${reason}`;
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        const keyReason = badTextReason(k);
        if (keyReason) return `${at(path)}: keys ${keyReason}`;
        stack.push([x, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

function checkQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  for (const [name, value] of Object.entries(query)) {
    const keyReason = badTextReason(name);
    if (keyReason) throw badRequest(`query: parameter names ${keyReason}`);
    if (Array.isArray(value)) throw badRequest(`${name}: must be given once`);
    if (typeof value === 'string') {
      const reason = badTextReason(value);
      if (reason) throw badRequest(`${name}: ${reason}`);
    }
  }
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isFilesRoute(route.url) || route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const listed = methods.map((m) => BODY_LIMITS[`${m} ${route.url}`]).find((n) => n !== undefined);
    route.bodyLimit = listed ?? DEFAULT_BODY_LIMIT;
  });

  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body as string;
    // No body: the route sees `undefined`, exactly as without the header.
    if (raw.trim() === '') return done(null, undefined);
    defaultJson(request, raw, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined);
      const bad = badStringIn(parsed);
      if (bad) return done(badRequest(bad), undefined);
      done(null, parsed);
    });
  });

  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    checkQuery(request);
    // Path parameters are decoded text too (`/api/user/%00`).
    const bad = badStringIn(request.params, 'params');
    if (bad) throw badRequest(bad);
  });
}
