/**
 * The stage rows of one observation and the derived status / progress (src/shared/cycle.ts). Every service calls
 * `refreshObservation` after changing a stage, so the stored status, progress, starting and ending always match
 * the stages (the list and the dashboard read the stored columns).
 */
import { eq } from 'drizzle-orm';
import { cycleProgress, cycleStatus, type CycleState } from '../../../shared/cycle.js';
import type { Tx } from '../../db/client.js';
import { meetings, observations, postObservations, schedulingRequests } from '../../db/schema.js';
import type { ObservationRow } from './access.js';

export type RequestRow = typeof schedulingRequests.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type PostRow = typeof postObservations.$inferSelect;

export interface Stages {
  request: RequestRow | null;
  informed: MeetingRow | null;
  uninformed: MeetingRow | null;
  post: PostRow | null;
}

export async function loadStages(tx: Tx, observationId: string): Promise<Stages> {
  const [request] = await tx.select().from(schedulingRequests).where(eq(schedulingRequests.observationId, observationId));
  const ms = await tx.select().from(meetings).where(eq(meetings.observationId, observationId));
  const [post] = await tx.select().from(postObservations).where(eq(postObservations.observationId, observationId));
  return {
    request: request ?? null,
    informed: ms.find((m) => m.kind === 'informed') ?? null,
    uninformed: ms.find((m) => m.kind === 'uninformed') ?? null,
    post: post ?? null,
  };
}

export function stateOf(s: Stages): CycleState {
  return { obsRequest: s.request?.status, informed: s.informed?.status, uninformed: s.uninformed?.status, post: s.post?.status };
}

/** Recomputes status and progress; sets `starting` when scheduling begins and `ending` when the cycle completes. */
export async function refreshObservation(tx: Tx, o: ObservationRow, now: Date): Promise<void> {
  const stages = await loadStages(tx, o.id);
  const state = stateOf(stages);
  const status = cycleStatus(state);
  const progress = cycleProgress(state);
  await tx
    .update(observations)
    .set({
      status,
      progress,
      starting: o.starting ?? (stages.request ? now : null),
      ending: status === 'Completed' ? (o.ending ?? now) : null,
      updatedAt: now,
    })
    .where(eq(observations.id, o.id));
}
