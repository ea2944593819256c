/**
 * One observation document from the replica, live. `undefined` while the replica is read (or, online, while a
 * summary-only copy is being downloaded whole), `null` when the replica has no whole copy to show: unknown id,
 * deleted, not visible to this user — or only its summary and no way to download it now (offline; the "not
 * found" state then says so: observation-state.tsx).
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation } from '../../../shared/contract/observations.js';
import { useEngineStatus } from '../../hooks/use-sync-status.js';
import { getDb } from '../../sync/index.js';
import { downloadObservation } from './download.js';

export function useObservation(id: string): Observation | null | undefined {
  const rec = useLiveQuery(async () => (await getDb().observations.get(id)) ?? null, [id]);
  const { online } = useEngineStatus();
  const summaryOnly = rec?.grain === 'summary';
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!summaryOnly || !online) return;
    let live = true;
    downloadObservation(id).catch(() => {
      if (live) setFailed(id);
    });
    return () => {
      live = false;
    };
  }, [id, summaryOnly, online]);
  if (rec === undefined) return undefined;
  if (rec === null) return null;
  if (summaryOnly) return online && failed !== id ? undefined : null;
  return rec as unknown as Observation;
}
