/**
 * The one place where a failure becomes a message for the user (SPEC §8):
 * - the server's `{ error }` text when it sent one,
 * - 'Server not responding at that time!' (or the caller's fallback) when the request never got an answer.
 */
import { MSG } from '../../shared/messages.js';

/** A failed API call: the HTTP status (0 = no answer: offline, timeout, unparsable reply) and the message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
  /** True when the server never answered (network down, timeout, proxy garbage). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Pull the `{ error }` text out of a reply body, if it has one. */
export function errorText(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === 'string' && e.trim() !== '') return e;
  }
  return null;
}

/**
 * Turn anything thrown by an API call into the text to show.
 * @param networkFallback shown when the server did not answer (SPEC §8 names different texts per screen)
 */
export function errorMessage(err: unknown, networkFallback: string = MSG.serverNotResponding): string {
  if (err instanceof ApiError) return err.isNetwork ? networkFallback : err.message;
  return networkFallback;
}

/** Message for a status without a body text (a proxy's 502, an empty 401 …). */
export function statusMessage(status: number): string {
  if (status === 401) return MSG.notSignedIn;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return MSG.notFound;
  if (status === 429) return MSG.tooManyAttempts;
  return MSG.somethingWrong;
}
