/**
 * A mutator: one kind of change, declared once, served both as a REST call and as a row of the batched push.
 *
 *   method, url   the REST route (under /api; SPEC §7's paths)
 *   names         the outbox mutations (src/shared/sync/mutations) this route carries; a pushed row of one of these
 *                 names is run by this mutator, with the path and body the client would have sent singly
 *   input(req)    the request (decoded path parameters and body) → the service's input, validated with the shared
 *                 contract (a zod error is the 400 naming the field)
 *   run(ctx, in)  the service call, in the change's transaction → the status and body answered
 *   doc           the route's declared schemas (the same zod contract input() parses with, and the answer's),
 *                 summary and who may call: the route's Fastify schema and so its part of the OpenAPI document
 *
 * Whether the change arrives alone or in a batch, it is the same input(), the same run() and the same answer.
 */
import type { FastifyRequest, preSerializationAsyncHookHandler } from 'fastify';
import type { MutationName } from '../../shared/sync/mutations/index.js';
import type { RouteDoc } from '../http/route-schema.js';
import type { WriteContext } from '../services/write-context.js';

export interface WriteResult<T = unknown> {
  status: number;
  body: T;
}

/** A single call's answer: `replay` when it is the stored answer of its Idempotency-Key. */
export interface Answer extends WriteResult {
  replay: boolean;
}

export const created = <T>(body: T): WriteResult<T> => ({ status: 201, body });
export const ok = <T>(body: T): WriteResult<T> => ({ status: 200, body });

export interface WriteRequest {
  params: Record<string, string>;
  body: unknown;
}

export interface Mutator<I = unknown> {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  names: readonly MutationName[];
  input(req: WriteRequest): I;
  run(ctx: WriteContext, input: I): Promise<WriteResult>;
  doc: RouteDoc;
  /** REST only: a hook on the single call's answer. */
  preSerialization?: preSerializationAsyncHookHandler;
  /** REST only: what wraps the single call (a throttle around it, live streams ended after it). */
  around?(req: FastifyRequest, call: () => Promise<Answer>): Promise<Answer>;
}

export function mutator<I>(m: Mutator<I>): Mutator<I> {
  return m;
}
