/**
 * The OpenAPI 3.1 document of the API, generated from the routes' own schemas (each route declares its zod request
 * and answer schemas, summary and who may call: http/route-schema.ts) by @fastify/swagger with
 * fastify-type-provider-zod's transform, served as GET /api/openapi.json, with Swagger UI at /api/docs (its own files,
 * all from this origin: the security headers' CSP — scripts and styles from 'self', inline styles, data: images —
 * already lets the page run; no inline script). Registered before the routes so @fastify/swagger sees every one.
 *
 * The schema compilers installed here make a route's schema a declaration only: every request passes (the route
 * parses its input with the same zod schema itself, after authentication, so 401/403 come before 400 and the 400
 * texts are http/error-response.ts's), and an answer is JSON.stringify'd whole, as without a schema (a response
 * serializer from the schema would drop the keys it does not list).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method, url, its declared schema), HEAD twins of GET routes excepted: what the document must cover. */
    routeTable: { method: string; url: string; schema?: FastifySchema }[];
  }
}

const methodsOf = (route: Pick<RouteOptions, 'method'>) => (Array.isArray(route.method) ? route.method : [route.method]);

type Transform = typeof jsonSchemaTransform;
type ResponseEntry = { content?: Record<string, { schema?: unknown }> };

/** A response entry with no zod schema in it (a file, a tus answer): already OpenAPI, kept as it is. */
function isPlain(entry: unknown): boolean {
  if (entry instanceof z.ZodType) return false;
  const content = (entry as ResponseEntry).content;
  return !content || Object.values(content).every((c) => !(c.schema instanceof z.ZodType));
}

/** fastify-type-provider-zod's transform, with plain (non-zod) response entries passed through untouched. */
const transform: Transform = (input) => {
  const response = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return jsonSchemaTransform(input);
  const plain = Object.fromEntries(Object.entries(response).filter(([, e]) => isPlain(e)));
  const zod = Object.fromEntries(Object.entries(response).filter(([, e]) => !isPlain(e)));
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zod } });
  const schema = out.schema as { response?: Record<string, unknown>; hide?: boolean };
  return schema.hide ? out : { ...out, schema: { ...schema, response: { ...schema.response, ...plain } } as typeof out.schema };
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD twin to every GET route: not documented, as @fastify/swagger leaves out a HEAD route unless
    // it says `config.swagger.exposeHeadRoute` (tus's own HEAD does). swagger-ui's and this plugin's own routes are
    // not the API.
    const exposed = (route.config as { swagger?: { exposeHeadRoute?: boolean } } | undefined)?.swagger?.exposeHeadRoute === true;
    if ((route.method === 'HEAD' && !exposed) || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of methodsOf(route)) table.push({ method, url: route.url, schema: route.schema });
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
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true }, validatorUrl: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
