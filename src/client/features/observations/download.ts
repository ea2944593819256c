/**
 * Downloading one observation whole: the replica may hold only its summary. A read, so it talks to
 * the server directly (GET /observation/{id}); the copy is pinned so the pull keeps it whole from then on.
 */
import { request } from '../../api/http.js';
import { getDb } from '../../sync/index.js';
import { pinObservation, unpinObservation } from '../../sync/pins.js';
import type { Observation } from '../../../shared/contract/observations.js';

const inFlight = new Map<string, Promise<void>>();

export function downloadObservation(id: string): Promise<void> {
  let p = inFlight.get(id);
  if (!p) {
    p = request<Observation>('GET', `/observation/${encodeURIComponent(id)}`)
      .then((doc) => pinObservation(getDb(), { ...doc, id: doc.id }))
      .finally(() => inFlight.delete(id));
    inFlight.set(id, p);
  }
  return p;
}

export function removeFromDevice(id: string): Promise<void> {
  return unpinObservation(getDb(), id);
}
