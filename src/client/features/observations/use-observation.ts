/**
 * One observation document from the replica, live. `undefined` while the replica is read, `null` when the
 * replica has no such observation (unknown id, deleted, or not visible to this user).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation } from '../../../shared/contract/observations.js';
import { getDb } from '../../sync/index.js';

export function useObservation(id: string): Observation | null | undefined {
  return useLiveQuery(async () => ((await getDb().observations.get(id)) as Observation | undefined) ?? null, [id]);
}
