/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas of src/shared/contract that the routes parse
 * with (src/server/openapi/operations.ts says which schema belongs to which route), served as
 * GET /api/openapi.json, with Swagger UI at /api/docs (its own files, all from this origin: the security headers'
 * CSP — scripts and styles from 'self', inline styles, data: images — already lets the page run; no inline script).
 * Registered before the routes so @fastify/swagger sees every one of them; the routes do not get a Fastify
 * `schema`, so nothing here changes how a request is validated or answered.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../shared/contract/common.js';
import { OPERATIONS, type Operation } from '../openapi/operations.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method, url), HEAD twins of GET routes excepted: what the document must cover. */
    routeTable: { method: string; url: string }[];
  }
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const ERROR = { description: 'Failure: `{ "error": "…" }` (400 names the field or gives the SPEC §5 message)', content: { 'application/json': { schema: jsonSchema(ErrorBody, 'output') } } };

/** The Fastify-style schema @fastify/swagger turns into an operation (documentation only). */
function operationSchema(op: Operation): JsonSchema {
  const status = String(op.status ?? 200);
  const ok = op.response
    ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } }
    : { description: op.produces === 'tus' ? 'tus 1.0 protocol answer (headers)' : `The file (${op.produces ?? 'bytes'})` };
  return {
    summary: op.summary,
    description: `Who may call: ${op.who}.`,
    tags: [op.tag],
    ...(op.who === 'anyone' ? {} : { security: [{ bearer: [] }] }),
    ...(op.body ? { body: jsonSchema(op.body, 'input') } : {}),
    ...(op.query ? { querystring: jsonSchema(op.query, 'input') } : {}),
    response: { [status]: ok, '4XX': ERROR },
  };
}

const methodsOf = (route: Pick<RouteOptions, 'method'>) => (Array.isArray(route.method) ? route.method : [route.method]);

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const table: { method: string; url: string }[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD twin to every GET route; swagger-ui's and this plugin's own routes are not the API.
    if (route.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of methodsOf(route)) table.push({ method, url: route.url });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Observa API',
        version: '1',
        description: 'Teaching-observation management (SPEC §7 calls and the sync engine’s routes). Every write accepts `Idempotency-Key`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: ({ schema, url, route }) => {
      const op = methodsOf(route).map((m) => OPERATIONS[`${m} ${url}`]).find(Boolean);
      return { schema: (op ? operationSchema(op) : schema) as typeof schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true }, validatorUrl: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
