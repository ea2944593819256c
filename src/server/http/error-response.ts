/**
 * The answer to a failure: `{ "error": "<message>" }` with a real status, the same for a REST call and for a row of
 * the batched push (write/push.ts).
 *   HttpError                 → its status and message
 *   a known unique violation  → the rule's typed error (db-errors.ts: the loser of a race, 409)
 *   zod validation error      → 400 "<field>: <message>" naming the first failing field
 *   Fastify's own 4xx         → that status (bad JSON 400, 413 body too large, 415, 429 rate limit …)
 *   anything else (5xx)       → MSG.somethingWrong only (`unexpected`: the caller logs the details)
 */
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../shared/messages.js';
import { HttpError } from '../services/errors.js';
import { httpErrorFromDb } from './db-errors.js';

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

/**
 * The answer to a failure, as the handler below sends it: shared with the batched push, whose rows
 * must be answered exactly as their single REST call would be. `unexpected` = log it (a 5xx).
 */
export function errorResponse(error: unknown): { status: number; body: { error: string }; unexpected: boolean; retryAfter?: number } {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message }, unexpected: false, retryAfter: error.retryAfter };
  const fromDb = httpErrorFromDb(error);
  if (fromDb) return { status: fromDb.status, body: { error: fromDb.message }, unexpected: false };
  if (error instanceof z.core.$ZodError) return { status: 400, body: { error: zodMessage(error) }, unexpected: false };
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 429) return { status, body: { error: MSG.tooManyAttempts }, unexpected: false };
    // Fastify's own client errors (bad JSON, empty body …) carry safe, useful messages.
    const e = error as FastifyError;
    const message = e.code?.startsWith('FST_') && status === 400 ? e.message : FASTIFY_MESSAGES[status];
    return { status, body: { error: message ?? e.message ?? 'Invalid request!' }, unexpected: false };
  }
  return { status: 500, body: { error: MSG.somethingWrong }, unexpected: true };
}

