/**
 * Public API of the offline-first sync engine (docs/sync-protocol.md). The UI reads the replica with
 * live queries and writes only through `mutate`. No React here: this module also runs in the service worker.
 *
 *   mutate ─► one Dexie tx (optimistic apply + outbox row) ─► ping leader ─► push (in order) ─► pull + rebase
 */
import { del as idbDel, get as idbGet, set as idbSet } from 'idb-keyval';
import type { MutationArgs, MutationName } from '../../shared/sync/mutations/index.js';
import { ReplicaDb, type OutboxRow } from '../db/db.js';
import { META, setMeta } from './meta.js';
import type { UploadRegistration } from './operations.js';
import type { LeaderStatus, SyncRuntime } from './runner.js';
import { summarize, type OutboxSummary } from './summary.js';
import { awaitOutcome, DEFAULT_WAIT_MS, type SubmitOutcome } from './outcome.js';
import { markUpdateRequired } from './update-required.js';

/*
 * Loading: only this file, Dexie and the status summary are in the app's first load. The engine (push, pull,
 * leader election, tus) and mutate (which validates args with the zod registry) are loaded on first use — right
 * after sign-in or start-up — so the login and dashboard paint without waiting for them. The service worker
 * precaches those chunks, so they load offline too.
 */
const loadMutate = () => import('./mutate.js');
const loadOperations = () => import('./operations.js');
const loadEngine = () =>
  Promise.all([
    import('./runner.js'),
    import('./engine.js'),
    import('./http-transport.js'),
    import('./tus-uploader.js'),
    import('./ports.js'),
    import('./sse-transport.js'),
  ]).then(([runner, engine, http, tus, ports, sse]) => ({ runner, engine, http, tus, ports, sse }));

/**
 * Fetches and compiles the engine's chunks ahead of sign-in (the login form calls it when first focused): the
 * first download then starts as soon as the session exists instead of after a cold chunk load. Idempotent.
 */
export function preloadSync(): void {
  void loadEngine().catch(() => undefined);
}

export { StorageFullError, MutationArgsError } from './errors.js';
export type { SubmitOutcome } from './outcome.js';
export type { ReplicaDb, OutboxRow } from '../db/db.js';
export type { MutationArgs, MutationName } from '../../shared/sync/mutations/index.js';

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  isLeader: boolean;
  pending: number;
  needsAttention: OutboxRow[];
  lastSyncedAt: number | null;
  oldestPendingAt: number | null;
  authRequired: boolean;
  /** The server no longer speaks this app's protocol (426): the update prompt shows; nothing syncs meanwhile. */
  updateRequired: boolean;
  uploads: { blobId: string; name: string; loaded: number; total: number; status: string }[];
  storage?: { usage: number; quota: number; persisted: boolean };
}

/** idb-keyval key of the bearer token, read by the service worker. */
export const TOKEN_KEY = 'token';

let db: ReplicaDb | null = null;
let runtime: SyncRuntime | null = null;
let baseUrl = '';
let token: string | null | undefined; // undefined = not loaded yet
let summary: OutboxSummary = { pending: 0, needsAttention: [], oldestPendingAt: null, lastSyncedAt: null };
let storage: SyncStatus['storage'];
const listeners = new Set<(s: SyncStatus) => void>();
let status: SyncStatus = buildStatus();

export function getDb(): ReplicaDb {
  return (db ??= new ReplicaDb('observa'));
}

async function getToken(): Promise<string | null> {
  if (token === undefined) token = ((await idbGet<string>(TOKEN_KEY).catch(() => undefined)) ?? null) as string | null;
  return token;
}

function buildStatus(): SyncStatus {
  const leader: LeaderStatus = runtime?.leaderStatus() ?? {
    syncing: false,
    authRequired: false,
    updateRequired: false,
    online: (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false,
    uploads: [],
  };
  return { ...summary, ...leader, isLeader: runtime?.isLeader ?? false, storage };
}

/**
 * Replaces the status and notifies subscribers, only when something in it changed: the engine refreshes on every
 * step of its loop (every pulled page, every pushed row), and each notification re-rendered the header's
 * indicator (useSyncExternalStore compares by identity).
 */
function publish(next: SyncStatus): void {
  if (sameStatus(status, next)) return;
  status = next;
  if (next.updateRequired) markUpdateRequired();
  for (const l of listeners) l(status);
}

function sameStatus(a: SyncStatus, b: SyncStatus): boolean {
  for (const key of Object.keys(b) as (keyof SyncStatus)[]) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

let refreshQueued = false;
/** Recompute the outbox part (coalesced) and notify subscribers. */
function refresh(): void {
  publish(buildStatus());
  if (refreshQueued) return;
  refreshQueued = true;
  setTimeout(() => {
    refreshQueued = false;
    if (Date.now() - storageCheckedAt > 30_000) void refreshStorage();
    summarize(getDb())
      .then((s) => {
        summary = s;
        publish(buildStatus());
      })
      .catch(() => undefined);
  }, 50);
}

/**
 * Changes (and uploads) are queued one after the other, in the order they were made. Without this chain a later call could
 * be queued first: separate import() calls of the write path's chunk may settle out of call order while it first
 * loads (seen in Chromium: an item tapped 1 then 2 reached the server as 2 then 1).
 */
let queueing: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = queueing.then(work);
  queueing = turn.catch(() => undefined);
  return turn;
}

/** Queue a change: optimistic apply + outbox row in one transaction, then wake the leader. */
export async function mutate<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  opts: { mutationId?: string } = {},
): Promise<{ mutationId: string }> {
  const now = Date.now();
  const { mutationId } = await inTurn(async () => {
    const { mutateIn } = await loadMutate();
    return mutateIn(getDb(), name, args, { now, mutationId: opts.mutationId });
  });
  if (runtime) runtime.ping();
  else pingOthers();
  refresh();
  return { mutationId };
}

/**
 * Queue a change and wait briefly for the server's answer: `applied` when the leader (this
 * tab or another) got it acked, `refused` with the server's message (the refused row is discarded: the form
 * that sent it still holds the values and shows the message), or `queued` when offline, slow or without an engine.
 */
export async function submit<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  opts: { waitMs?: number; mutationId?: string } = {},
): Promise<SubmitOutcome & { mutationId: string }> {
  const { mutationId } = await mutate(name, args, { mutationId: opts.mutationId });
  const outcome = await awaitMutation(mutationId, opts);
  return { ...outcome, mutationId };
}

/** The outcome of an already queued change (uploads use it after `queueUpload`). */
export async function awaitMutation(mutationId: string, opts: { waitMs?: number } = {}): Promise<SubmitOutcome> {
  const outcome = await awaitOutcome(getDb(), mutationId, {
    waitMs: opts.waitMs ?? DEFAULT_WAIT_MS,
    hasEngine: () => runtime !== null,
    isOnline: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false && buildStatus().online,
  });
  if (outcome.kind === 'refused') await discardMutation(mutationId).catch(() => undefined);
  return outcome;
}

function pingOthers(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel('observa-sync');
  ch.postMessage({ type: 'ping' });
  ch.close();
}

/** Bumped by every start/stop so a slow engine load never resurrects a runtime that was stopped meanwhile. */
let generation = 0;

export function startSync(opts: { baseUrl?: string } = {}): void {
  if (runtime) return;
  const gen = ++generation;
  baseUrl = opts.baseUrl ?? '';
  const origin = baseUrl || (globalThis as { location?: { origin: string } }).location?.origin || 'http://localhost';
  void loadEngine().then(({ runner, http, tus, ports, sse }) => {
    if (gen !== generation || runtime) return;
    runtime = new runner.SyncRuntime({
      db: getDb(),
      transport: http.fetchTransport(baseUrl),
      uploader: tus.tusUploader(`${origin}/api/files`),
      events: sse.fetchEventStreams(baseUrl),
      clock: ports.realClock,
      random: ports.mathRandom,
      getToken,
      onChange: refresh,
    });
    runtime.start();
    void refreshStorage();
    refresh();
  });
}

export async function stopSync(): Promise<void> {
  generation++;
  const r = runtime;
  runtime = null;
  await r?.stop();
  refresh();
}

/** Wake the engine now (a "Sync now" button). */
export function syncNow(): void {
  if (runtime) void runtime.retryNow();
  else pingOthers();
}

/**
 * For the service worker's `sync` event: drain once if no tab is the leader (a tab that leads syncs itself).
 */
export async function drainOnce(opts: { baseUrl?: string } = {}): Promise<void> {
  // `sync` is the browser saying connectivity is back (like `online`): rows waiting in backoff go now.
  if (runtime?.isLeader) {
    await runtime.engine.retryNow();
    await runtime.engine.drainOnce();
    return;
  }
  const { drainWithoutLeader } = await import('./drain-once.js');
  await drainWithoutLeader({ db: getDb(), getToken, baseUrl: opts.baseUrl ?? baseUrl });
  pingOthers();
}

/** Set after sign-in (and null at sign-out). A new token lifts `authRequired` and resumes the queue. */
export async function setSessionToken(t: string | null, userId?: string | null): Promise<void> {
  token = t;
  if (t) await idbSet(TOKEN_KEY, t).catch(() => undefined);
  else await idbDel(TOKEN_KEY).catch(() => undefined);
  if (userId !== undefined) await setMeta(getDb(), META.userId, userId);
  if (t) void requestPersistentStorage();
  await runtime?.tokenChanged();
  refresh();
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(cb: (s: SyncStatus) => void): () => void {
  listeners.add(cb);
  refresh();
  return () => listeners.delete(cb);
}

export async function retryMutation(mutationId: string): Promise<void> {
  const { retryRow } = await loadOperations();
  await retryRow(getDb(), mutationId, Date.now());
  syncNow();
  refresh();
}

/** Drops the change (and its stored file) and re-pulls the entity so the screen shows the server's copy. */
export async function discardMutation(mutationId: string): Promise<void> {
  const { discardRow } = await loadOperations();
  await discardRow(getDb(), mutationId);
  syncNow();
  refresh();
}

/** Blob lane: store the file as ≤ 8 MiB chunks, then queue its register mutation (sent after the upload). */
export async function queueUpload<N extends MutationName>(
  file: Blob & { name?: string },
  register: UploadRegistration<N>,
): Promise<{ blobId: string; mutationId: string }> {
  const now = Date.now();
  const r = await inTurn(async () => {
    const { queueFile } = await loadOperations();
    return queueFile(getDb(), file, register, now);
  });
  if (runtime) runtime.ping();
  else pingOthers();
  refresh();
  return r;
}

/** Sign-out after the user confirmed (never called silently while rows are pending). */
export async function clearLocalData(): Promise<void> {
  await stopSync();
  const { clearAll } = await loadOperations();
  await clearAll(getDb());
  await setSessionToken(null);
  refresh();
}

export async function requestPersistentStorage(): Promise<boolean> {
  const s = (globalThis as { navigator?: { storage?: StorageManager & { persist?: () => Promise<boolean> } } }).navigator?.storage;
  if (!s?.persist) return false;
  try {
    const granted = (await s.persisted?.()) || (await s.persist());
    await refreshStorage();
    return granted;
  } catch {
    return false;
  }
}

let storageCheckedAt = 0;
async function refreshStorage(): Promise<void> {
  storageCheckedAt = Date.now();
  const s = (globalThis as { navigator?: { storage?: StorageManager & { persist?: () => Promise<boolean> } } }).navigator?.storage;
  if (!s?.estimate) return;
  try {
    const [est, persisted] = await Promise.all([s.estimate(), s.persisted?.() ?? Promise.resolve(false)]);
    storage = { usage: est.usage ?? 0, quota: est.quota ?? 0, persisted };
    refresh();
  } catch {
    /* storage estimate unsupported: leave it out */
  }
}
