/** The meeting agenda of one observation from the replica; null when there is none (or not shared). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MeetingAgenda } from '../../../shared/contract/evidence.js';
import { getDb } from '../../sync/index.js';

export function useAgenda(observationId: string): MeetingAgenda | null | undefined {
  return useLiveQuery(async () => ((await getDb().agendas.get(observationId)) as MeetingAgenda | undefined) ?? null, [observationId]);
}
