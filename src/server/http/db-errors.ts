/**
 * The one place where a database refusal becomes a typed HTTP error. Services check their rules first and answer
 * most cases themselves; what reaches here is the loser of a race both requests passed that check in (two
 * concurrent creations of one email, two initiates for one faculty member). The database decides (unique indexes
 * of migration 0002) and the loser gets the same SPEC §5 message and status as the sequential path, never a 500.
 *
 * Keyed by constraint name, so an unrelated unique violation stays a logged 500 rather than a misleading message.
 */
import { MSG } from '../../shared/messages.js';
import { conflict, type HttpError } from '../services/errors.js';

/** SQLSTATE unique_violation. */
export const UNIQUE_VIOLATION = '23505';

const BY_CONSTRAINT: Record<string, () => HttpError> = {
  users_email_lower_key: () => conflict(MSG.emailTaken),
  observations_open_faculty_key: () => conflict(MSG.facultyHasOpenObservation),
};

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The driver's error (pg / PGlite: `code`, `constraint`) under Drizzle's DrizzleQueryError wrapper, if any. */
export function driverError(err: unknown): { code: string; constraint?: string } | undefined {
  let e = err as DriverError | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as DriverError | undefined;
  }
  return undefined;
}

/** The typed error for a known unique violation; undefined for anything else. */
export function httpErrorFromDb(err: unknown): HttpError | undefined {
  const d = driverError(err);
  if (d?.code !== UNIQUE_VIOLATION || !d.constraint) return undefined;
  return BY_CONSTRAINT[d.constraint]?.();
}
