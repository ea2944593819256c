/**
 * The typed registry of every outbox mutation, merged from the areas. Adding a mutation = one entry in an
 * area file + one server route + one optimistic apply in src/client/sync/apply.
 */
import { ADMIN_MUTATIONS } from './admin.js';
import { CALIBRATION_MUTATIONS } from './calibration.js';
import type { MutationDef } from './def.js';
import { EVIDENCE_MUTATIONS } from './evidence.js';
import { OBSERVATION_MUTATIONS } from './observations.js';
import { PROFILE_MUTATIONS } from './profile.js';

export type { MutationDef } from './def.js';

export const MUTATIONS = { ...PROFILE_MUTATIONS, ...OBSERVATION_MUTATIONS, ...ADMIN_MUTATIONS, ...EVIDENCE_MUTATIONS, ...CALIBRATION_MUTATIONS } as const;

export type MutationName = keyof typeof MUTATIONS;
export type MutationArgs<N extends MutationName> = (typeof MUTATIONS)[N] extends MutationDef<infer A> ? A : never;

/** The registry's own entry only: a name such as `constructor` or `__proto__` names no mutation. */
export function mutationDef(name: string): MutationDef<unknown> | undefined {
  return Object.hasOwn(MUTATIONS, name) ? (MUTATIONS as Record<string, MutationDef<unknown>>)[name] : undefined;
}
