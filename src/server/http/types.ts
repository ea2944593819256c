/**
 * What every route can rely on: `app.deps` (database, config, mailer, storage), `app.authenticate` (preHandler
 * that sets `request.user` or answers 401), and `request.user` for authenticated routes.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../shared/enums.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import type { AuditInput } from '../services/audit.js';
import type { SessionCache } from '../services/auth/session-cache.js';
import type { KeyRow } from './idempotency.js';
import type { FileStorage } from '../storage/file-storage.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  campus: string;
  departmentId: number | null;
  /** The session row behind the bearer token (logout revokes it). */
  sessionId: string;
}

/**
 * One transaction of a batched push (sync/push.ts), shared by its rows; in the pipelined attempt each row has a
 * scope of its own (merged in row order by the batch), whose `tx` is the row's view of the transaction
 * (sync/row-pipeline.ts).
 */
export interface BatchScope {
  tx: Tx;
  /**
   * Whether each row runs in a savepoint. The first attempts run without (two statements fewer per row); a row
   * that fails inside idempotentWrite then makes the batch roll back and run again with them.
   */
  savepoints: boolean;
  /** Without savepoints: the rows' idempotency records and audit rows, written in one statement before the commit. */
  keys: KeyRow[];
  audits: AuditInput[];
  /** A row applied something: the feed is nudged once the transaction commits. */
  moved: boolean;
  /** Work the rows' routes left for after the commit (idempotency.ts `afterCommit`). */
  afterCommit: (() => Promise<void>)[];
}

export interface Mailer {
  /** Deliver one recorded outbox email (SMTP when configured; otherwise a no-op that leaves it recorded). */
  deliver(mail: { id: string; to: string; subject: string; body: string }): Promise<void>;
}

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Uploads and artifacts: local disk under DATA_DIR, or an S3-compatible store (storage/index.ts). */
  storage: FileStorage;
  /** Clock, injectable so tests can move time (session expiry, rate limits). */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    authenticate: preHandlerAsyncHookHandler;
    /** Signed-in sessions kept in memory: embedded database only (services/auth/session-cache.ts); else null. */
    sessionCache: SessionCache | null;
  }
  interface FastifyRequest {
    user: AuthUser;
    /**
     * Set by `app.authenticate` when the request carries an Idempotency-Key: the stored response for it (null when
     * none). Undefined when not looked up (no key, or the session came from the cache).
     */
    idempotencyStored?: { method: string; path: string; statusCode: number; response: unknown; requestHash: string | null } | null;
    /** Set by the batched push on its rows (sync/push.ts): the batch's transaction, in which the row runs. */
    batch?: BatchScope;
  }
}
