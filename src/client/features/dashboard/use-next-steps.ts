/** The viewer's next steps, live from the replica (undefined while loading). */
import { useMemo } from 'react';
import type { User } from '../../../shared/contract/users.js';
import { localDay } from '../../../shared/class-dates.js';
import { nextSteps, type NextStep } from '../../../shared/next-steps.js';
import type { Observation } from '../../../shared/contract/observations.js';
import { useReplicaQuery } from '../../hooks/use-replica-query.js';
import { getDb } from '../../sync/index.js';
import { loadClosingObservations, loadOpenObservations, loadUninitiatedFaculty } from './load-next-steps.js';

export interface NextStepsData {
  steps: NextStep[];
  today: string;
  participant: boolean;
  docs: Observation[];
  /** HOD: faculty members of the department without an observation. */
  uninitiated: string[];
}

export function useNextSteps(viewer: User): NextStepsData | undefined {
  const dept = viewer.department?.id ?? null;
  const loaded = useReplicaQuery(
    async () => ({ docs: await loadOpenObservations(getDb(), viewer), closing: await loadClosingObservations(getDb(), viewer), uninitiated: await loadUninitiatedFaculty(getDb(), viewer) }),
    [viewer.id, viewer.role, dept],
  );
  return useMemo(() => {
    if (!loaded) return undefined;
    const { docs, closing, uninitiated } = loaded;
    const today = localDay(new Date());
    const participant = viewer.role === 'Observer' || viewer.role === 'Faculty';
    // `docs` stays the open observations (the follower's count); completed ones add their closing steps.
    return { steps: nextSteps([...docs, ...closing], { id: viewer.id, participant }, today), today, participant, docs, uninitiated };
  }, [loaded, viewer.id, viewer.role]);
}
