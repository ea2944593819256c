/** The merged optimistic-apply registry (one entry per mutation name; a missing entry = no optimistic change). */
import type { SyncEntity } from '../../../shared/sync/protocol.js';
import { mutationDef } from '../../../shared/sync/mutations/index.js';
import { ADMIN_APPLY } from './admin.js';
import { CALIBRATION_APPLY } from './calibration.js';
import { EVIDENCE_APPLY } from './evidence.js';
import { OBSERVATION_APPLY } from './observations.js';
import { PROFILE_APPLY } from './profile.js';
import type { ApplyDef, ApplyRegistry } from './types.js';

export type { ApplyContext, ApplyDef, ApplyRegistry } from './types.js';

export const APPLY: ApplyRegistry = { ...PROFILE_APPLY, ...OBSERVATION_APPLY, ...ADMIN_APPLY, ...EVIDENCE_APPLY, ...CALIBRATION_APPLY };

export function applyFor(name: string): ApplyDef<unknown> | undefined {
  return (APPLY as Record<string, ApplyDef<unknown>>)[name];
}

/** Replica tables a mutation touches: its entity plus what its apply declares. */
export function tablesFor(name: string, args: unknown): SyncEntity[] {
  const def = mutationDef(name);
  const set = new Set<SyncEntity>();
  if (def) set.add(def.entity(args).entity);
  for (const t of applyFor(name)?.tables ?? []) set.add(t);
  return [...set];
}
