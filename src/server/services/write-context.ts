/**
 * What a service is given to make one change (built by the write path, src/server/write/context.ts):
 *
 *   tx          the change's transaction (a REST call's own, or the batched push's, inside the row's savepoint)
 *   user        who makes the change (from the session, never from the body)
 *   now         the server's time for the whole change
 *   deps        database, configuration, mailer, file storage
 *   audit()     an audit row, written with the change's idempotency key in the same transaction
 *   afterCommit work that must wait until the change is committed for good (removing files it no longer uses);
 *               run once after the commit, never for a change that rolled back
 *
 * Invariant: a service uses only `ctx.tx` for its statements. Nothing about a change is kept anywhere but here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client.js';
import type { AuditInput } from './audit.js';
import type { AppDeps, AuthUser } from './deps.js';

export type AuditEntry = Omit<AuditInput, 'clientTime' | 'clientId'>;

export interface WriteContext {
  readonly tx: Tx;
  readonly user: AuthUser;
  readonly now: Date;
  readonly deps: AppDeps;
  readonly log: FastifyBaseLogger;
  audit(entry: AuditEntry): void;
  afterCommit(what: string, work: () => Promise<void>): void;
}
