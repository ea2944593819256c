/**
 * The one error handler: every failure leaves the server as `{ "error": "<message>" }` with a real status.
 *   HttpError                 → its status and message
 *   a known unique violation  → the rule's typed error (http/db-errors.ts: the loser of a race, 409)
 *   zod validation error      → 400 "<field>: <message>" naming the first failing field
 *   Fastify's own 4xx         → that status (bad JSON 400, 413 body too large, 415, 429 rate limit …)
 *   anything else (5xx)       → logged with details, answered with MSG.somethingWrong only
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../shared/messages.js';
import { httpErrorFromDb } from '../http/db-errors.js';
import { HttpError } from '../http/errors.js';

/** "field: message" for the first zod issue (unknown keys name the key). */
export function zodMessage(err: z.core.$ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid request!';
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
    return issue.keys.map((k) => `${prefix}${k}`).join(', ') + ': unknown field';
  }
  const field = issue.path.length ? issue.path.join('.') : 'body';
  return `${field}: ${issue.message}`;
}

const FASTIFY_MESSAGES: Record<number, string> = {
  400: 'Invalid request!',
  404: MSG.notFound,
  405: 'Method not allowed!',
  413: 'The request is too large!',
  415: 'Unsupported content type!',
  429: MSG.tooManyAttempts,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.status === 429) reply.header('retry-after', error.retryAfter ?? 60);
      return reply.code(error.status).send({ error: error.message });
    }
    const fromDb = httpErrorFromDb(error);
    if (fromDb) {
      return reply.code(fromDb.status).send({ error: fromDb.message });
    }
    if (error instanceof z.core.$ZodError) {
      return reply.code(400).send({ error: zodMessage(error) });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (status === 429) {
        const retry = reply.getHeader('retry-after');
        if (retry === undefined) reply.header('retry-after', 60);
        return reply.code(429).send({ error: MSG.tooManyAttempts });
      }
      // Fastify's own client errors (bad JSON, empty body …) carry safe, useful messages.
      const message = (error as FastifyError).code?.startsWith('FST_') && status === 400 ? error.message : FASTIFY_MESSAGES[status];
      return reply.code(status).send({ error: message ?? error.message ?? 'Invalid request!' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: MSG.somethingWrong });
  });
}
