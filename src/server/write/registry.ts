/**
 * Every kind of change the API accepts, by route and by outbox name. A new kind of change is one mutator in
 * mutators/ listed here: it is then a REST route (routes/writes.ts) and a push row (push.ts), with the same checks.
 */
import type { MutationName } from '../../shared/sync/mutations/index.js';
import { HttpError } from '../services/errors.js';
import type { Mutator } from './mutator.js';
import { ADMIN_MUTATORS } from './mutators/admin.js';
import { AUTH_MUTATORS } from './mutators/auth.js';
import { CALIBRATION_MUTATORS } from './mutators/calibration.js';
import { EVIDENCE_MUTATORS } from './mutators/evidence.js';
import { OBSERVATION_MUTATORS } from './mutators/observations.js';
import { PROFILE_MUTATORS } from './mutators/profile.js';
import { PROVISIONING_MUTATORS } from './mutators/provisioning.js';
import { RUBRIC_MUTATORS } from './mutators/rubrics.js';
import { USER_MUTATORS } from './mutators/users.js';

export const MUTATORS: readonly Mutator<never>[] = [
  ...PROFILE_MUTATORS,
  ...AUTH_MUTATORS,
  ...OBSERVATION_MUTATORS,
  ...EVIDENCE_MUTATORS,
  ...ADMIN_MUTATORS,
  ...USER_MUTATORS,
  ...PROVISIONING_MUTATORS,
  ...RUBRIC_MUTATORS,
  ...CALIBRATION_MUTATORS,
] as Mutator<never>[];

const byName = new Map<string, Mutator<unknown>[]>();
for (const m of MUTATORS) for (const name of m.names) byName.set(name, [...(byName.get(name) ?? []), m as Mutator<unknown>]);

/**
 * The mutator that runs a pushed row of this outbox name and path (under /api): the one serving the name whose url
 * fits the path (the informed and the uninformed rubric share their names). Own entries only: `constructor`
 * names nothing.
 */
export function mutatorFor(name: string, path?: string): Mutator<unknown> | undefined {
  const candidates = byName.get(name) ?? [];
  if (path === undefined || candidates.length <= 1) return candidates[0];
  return candidates.find((m) => fits(m, path));
}

/** Outbox names no mutator serves (a test keeps this empty). */
export const unserved = (names: readonly MutationName[]) => names.filter((n) => !byName.has(n));

function fits(m: Mutator<unknown>, path: string): boolean {
  try {
    paramsOf(m, path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The decoded path parameters of `path` (under /api) for the mutator's url pattern; a path that does not fit the
 * pattern, or a parameter with malformed percent-encoding, is the row's 400 naming it.
 */
export function paramsOf(m: Mutator<unknown>, path: string): Record<string, string> {
  const want = `/api${m.url}`.split('/');
  const got = path.split('/');
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  if (want.length !== got.length) throw new HttpError('validation', `path: does not fit ${m.method} ${m.url}`);
  for (const [i, seg] of want.entries()) {
    const value = got[i]!;
    if (!seg.startsWith(':')) {
      if (seg !== value) throw new HttpError('validation', `path: does not fit ${m.method} ${m.url}`);
      continue;
    }
    try {
      params[seg.slice(1)] = decodeURIComponent(value);
    } catch {
      throw new HttpError('validation', `${seg.slice(1)}: malformed percent-encoding`);
    }
  }
  return params;
}
