/** The one error handler: every failure leaves the server as http/error-response.ts answers it. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorResponse } from '../http/error-response.js';

export { errorResponse, zodMessage } from '../http/error-response.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const r = errorResponse(error);
    if (r.status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', r.retryAfter ?? 60);
    if (r.unexpected) request.log.error({ err: error }, 'request failed');
    return reply.code(r.status).send(r.body);
  });
}
