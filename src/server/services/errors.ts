/**
 * Typed HTTP errors. Services throw these; the single error handler (plugins/errors.ts) turns them into
 * `{ "error": message }` with the status. `reason` is machine-readable (logs, tests, clients that branch).
 */
export type ErrorReason =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'rate-limited'
  | 'idempotency-mismatch'
  | 'unavailable';

const STATUS: Record<ErrorReason, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'idempotency-mismatch': 422,
  'too-large': 413,
  'rate-limited': 429,
  /** A service the call needs (the identity provider) cannot be reached. */
  unavailable: 503,
};

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly reason: ErrorReason,
    message: string,
    /** Seconds, sent as Retry-After (a 429 always carries one). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.status = STATUS[reason];
  }
}

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new HttpError('rate-limited', message, Math.max(1, Math.ceil(retryAfterSeconds)));

export const badRequest = (message: string) => new HttpError('validation', message);
export const unauthenticated = (message = 'Please sign in again.') => new HttpError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that!') => new HttpError('forbidden', message);
export const notFound = (message = 'Not found!') => new HttpError('not-found', message);
export const conflict = (message: string) => new HttpError('conflict', message);
export const tooLarge = (message = 'Too large!') => new HttpError('too-large', message);
