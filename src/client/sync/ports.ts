/**
 * The engine's I/O, behind small interfaces so tests (the seeded simulation) drive it step by step:
 * Transport (HTTP), Clock (time and sleeping), Random (jitter), Uploader (tus). The Dexie db is the fourth.
 */
import type { BlobRow } from '../db/db.js';

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, with query string. */
  path: string;
  body?: unknown;
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: unknown;
}

/** Thrown for anything that is not an HTTP answer: offline, DNS, reset connection, timeout. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly timeout = false,
  ) {
    super(message);
  }
}

export interface Transport {
  /** Resolves with any HTTP answer (2xx–5xx); rejects with NetworkError when there is none. */
  send(req: TransportRequest): Promise<TransportResponse>;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
}

/** Reads the stored chunks of one blob, in order, as tus needs them. */
export interface ChunkSource {
  size: number;
  slice(start: number, end: number): Promise<Uint8Array>;
}

export interface UploadCallbacks {
  token: string | null;
  clientId: string;
  /** Called once the server created the upload: stored so a killed tab resumes. */
  onUrl(url: string): Promise<void>;
  onProgress(loaded: number, total: number): void;
  signal: AbortSignal;
}

export interface UploadError extends Error {
  status?: number;
}

export interface Uploader {
  /** Uploads (or resumes) the blob; resolves with the upload URL when the server has every byte. */
  upload(blob: BlobRow, source: ChunkSource, cb: UploadCallbacks): Promise<string>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const t = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(t);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

export const mathRandom: Random = { next: () => Math.random() };

/** One server-sent event (a heartbeat comment arrives as `{ event: 'heartbeat' }`). */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * A server-sent-events stream (GET with headers, unlike EventSource). `open` resolves once the server answered:
 * with its status (not 200 = refused, the stream is closed) and, for 200, `done`, which settles when the stream
 * ends (resolves when the server closed it, rejects with NetworkError when it broke or went silent).
 */
export interface EventStreams {
  open(
    req: { path: string; headers: Record<string, string>; signal: AbortSignal },
    onEvent: (e: ServerEvent) => void,
  ): Promise<{ status: number; done: Promise<void>; /** A refusal's Retry-After header, when it sent one. */ retryAfter?: string | null }>;
}
