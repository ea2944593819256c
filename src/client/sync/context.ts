/** What the engine's parts share: the ports, settings and the small in-memory state behind SyncStatus. */
import type { ReplicaDb } from '../db/db.js';
import type { Clock, Random, Transport, TransportRequest, TransportResponse, Uploader } from './ports.js';
import { NetworkError } from './ports.js';
import { parseRetryAfter } from './backoff.js';
import { SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION, UPDATE_REQUIRED_STATUS } from '../../shared/sync/protocol-version.js';

export interface UploadProgress {
  blobId: string;
  name: string;
  loaded: number;
  total: number;
  status: string;
}

export interface EngineState {
  authRequired: boolean;
  /**
   * The server no longer speaks this app's sync protocol (426): nothing is sent until the app is updated; queued
   * changes stay pending, none is marked as refused (shared/sync/protocol-version.ts).
   */
  updateRequired: boolean;
  syncing: boolean;
  uploads: Map<string, UploadProgress>;
  /** Last time any request got an HTTP answer (a better "online" than navigator.onLine). */
  lastAnswerAt: number | null;
  lastNetworkErrorAt: number | null;
  /** Send the ordered lane one row per REST call (asked for, or the server has no batch route). */
  singlePushOnly: boolean;
}

export interface EngineCtx {
  db: ReplicaDb;
  transport: Transport;
  clock: Clock;
  random: Random;
  uploader?: Uploader;
  getToken(): Promise<string | null>;
  clientId(): Promise<string>;
  requestTimeoutMs: number;
  pageLimit: number;
  state: EngineState;
  /** Status changed (in-memory part or the outbox). */
  emit(): void;
  /** True once the engine was stopped: every loop checks it after each await. */
  stopped(): boolean;
}

export type Outcome =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'auth'; message: string }
  | { kind: 'update'; message: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry'; message: string; retryAfterMs: number | null };

function errorText(body: unknown, status: number): string {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return `The server answered ${status}.`;
}

/** Sends one request with auth + client headers attached now (never stored) and classifies the answer. */
export async function call(
  ctx: EngineCtx,
  req: Omit<TransportRequest, 'headers' | 'timeoutMs'> & { headers?: Record<string, string> },
): Promise<Outcome> {
  const token = await ctx.getToken();
  const headers: Record<string, string> = {
    'x-client-id': await ctx.clientId(),
    [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
    ...req.headers,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: TransportResponse;
  try {
    res = await ctx.transport.send({ ...req, headers, timeoutMs: ctx.requestTimeoutMs });
  } catch (err) {
    ctx.state.lastNetworkErrorAt = ctx.clock.now();
    const timeout = err instanceof NetworkError && err.timeout;
    return {
      kind: 'retry',
      message: timeout ? 'The server did not answer in time.' : 'No connection to the server.',
      retryAfterMs: null,
    };
  }
  ctx.state.lastAnswerAt = ctx.clock.now();
  const outcome = classify(res.status, res.body, res.headers['retry-after'], ctx.clock.now());
  if (outcome.kind === 'update') requireUpdate(ctx);
  return outcome;
}

/** What an HTTP answer means for a change: shared by single calls and the rows of a batched push. */
export function classify(s: number, body: unknown, retryAfter: string | undefined, now: number): Outcome {
  if (s >= 200 && s < 300) return { kind: 'ok', status: s, body };
  if (s === 401) return { kind: 'auth', message: errorText(body, s) };
  if (s === UPDATE_REQUIRED_STATUS) return { kind: 'update', message: errorText(body, s) };
  // 408 timeout and 429 too-many-requests are transient, like 5xx: retry later (Retry-After honoured).
  if (s === 408 || s === 429 || s >= 500) {
    return { kind: 'retry', message: errorText(body, s), retryAfterMs: parseRetryAfter(retryAfter, now) };
  }
  return { kind: 'refused', status: s, message: errorText(body, s) };
}

/** The server asked for a newer app: every lane stops before its next request, and the status shows it. */
export function requireUpdate(ctx: EngineCtx): void {
  if (ctx.state.updateRequired) return;
  ctx.state.updateRequired = true;
  ctx.emit();
}
