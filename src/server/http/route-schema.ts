/**
 * The Fastify `schema` a route declares: the zod schemas of src/shared/contract it reads its input with and answers
 * with, a summary, a tag and who may call. @fastify/swagger turns these into the OpenAPI document
 * (plugins/openapi.ts, through fastify-type-provider-zod's transform), so the document is made from the routes.
 *
 * A declaration, not a second validator: the app's schema compilers (plugins/openapi.ts) accept every request and
 * serialize answers with JSON.stringify, exactly as a route without a schema. Each route keeps parsing its input with
 * the same zod schema itself (a mutator's input(), which the batched push runs too), after authentication, so its
 * 401/403 come first and its 400 texts ("field: message", the catalogue's messages) stay those of http/error-response.ts.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../shared/contract/common.js';

export interface RouteDoc {
  summary: string;
  tag: string;
  /** Who may call (the services enforce it); "anyone…" = no bearer token needed. */
  who: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer and its status (default 200). */
  response?: z.ZodType;
  status?: number;
  /** A non-JSON answer (file download, event stream, tus, `redirect`: a browser navigation sent on by Location). */
  produces?: string;
}

/**
 * A response entry that is not zod (a file, a tus answer): already OpenAPI, documented by its description and media
 * type only; `type: 'null'` is @fastify/swagger's way of saying "no body" (tus answers in headers).
 */
export interface PlainResponse {
  description: string;
  type?: 'null';
  content?: Record<string, { schema: Record<string, unknown> }>;
}

const ERROR = {
  description: 'Failure: `{ "error": "…" }` (400 names the field or gives the catalogue message)',
  content: { 'application/json': { schema: ErrorBody } },
};

/** Path parameters as the route's URL names them (":id" → id), each a string. */
function paramsOf(url: string): z.ZodObject | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

function success(doc: RouteDoc): z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> } | PlainResponse {
  if (doc.response) return { description: 'Success', content: { 'application/json': { schema: doc.response } } };
  if (doc.produces === 'tus') return { description: 'tus 1.0 protocol answer (headers, no body)', type: 'null' };
  if (doc.produces === 'redirect') return { description: 'A redirect: the browser goes on to the Location header', type: 'null' };
  const type = doc.produces ?? 'application/octet-stream';
  return { description: `The file (${type})`, content: { [type]: { schema: { type: 'string' } } } };
}

/** The route's schema: request and answer schemas (zod), summary, tag, "who may call", bearer security. */
export function routeSchema(url: string, doc: RouteDoc): FastifySchema {
  const params = paramsOf(url);
  return {
    summary: doc.summary,
    description: `Who may call: ${doc.who}.`,
    tags: [doc.tag],
    ...(doc.who.startsWith('anyone') ? {} : { security: [{ bearer: [] }] }),
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.query ? { querystring: doc.query } : {}),
    ...(params ? { params } : {}),
    response: { [String(doc.status ?? 200)]: success(doc), '4XX': ERROR },
  };
}

/** A success status other than 200. */
export const created = (response: z.ZodType): Pick<RouteDoc, 'response' | 'status'> => ({ response, status: 201 });
