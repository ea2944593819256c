/**
 * The stage rows of one observation and the derived status / progress (src/shared/cycle.ts). Every service calls
 * `refreshObservation` after changing a stage, so the stored status, progress, starting and ending always match
 * the stages (the list and the dashboard read the stored columns).
 */
import { eq, getTableName } from 'drizzle-orm';
import { cycleProgress, cycleStatus, type CycleState } from '../../../shared/cycle.js';
import type { Tx } from '../../db/client.js';
import { rawRows } from '../../db/raw.js';
import { parseJson, rowFromJson } from '../../db/results.js';
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

/**
 * The three stage tables of one observation in one statement (each a unique or two-row probe by observation id):
 * every observation write reads them, often twice (before the change and in refreshObservation), and three
 * statements built by Drizzle cost a batched rubric save more than the database's work for them.
 */
const STAGES_TEXT = `select
    (select row_to_json(r) from "${getTableName(schedulingRequests)}" r where r.observation_id = $1) as request,
    (select json_agg(m) from "${getTableName(meetings)}" m where m.observation_id = $1) as meetings,
    (select row_to_json(p) from "${getTableName(postObservations)}" p where p.observation_id = $1) as post`;

type Json = Record<string, unknown>;

export async function loadStages(tx: Tx, observationId: string): Promise<Stages> {
  const [row] = await rawRows<{ request: unknown; meetings: unknown; post: unknown }>(tx, STAGES_TEXT, [observationId]);
  const request = parseJson<Json>(row?.request);
  const post = parseJson<Json>(row?.post);
  const ms = (parseJson<Json[]>(row?.meetings) ?? []).map((m) => rowFromJson(meetings, m));
  return {
    request: request ? rowFromJson(schedulingRequests, request) : null,
    informed: ms.find((m) => m.kind === 'informed') ?? null,
    uninformed: ms.find((m) => m.kind === 'uninformed') ?? null,
    post: post ? rowFromJson(postObservations, post) : null,
  };
}

export function stateOf(s: Stages): CycleState {
  return { obsRequest: s.request?.status, informed: s.informed?.status, uninformed: s.uninformed?.status, post: s.post?.status };
}

/**
 * Recomputes status and progress; sets `starting` when scheduling begins and `ending` when the cycle completes.
 * `also`: other columns the same change sets (one update of the row).
 */
export async function refreshObservation(tx: Tx, o: Pick<ObservationRow, 'id' | 'starting' | 'ending'>, now: Date, also: Partial<Pick<ObservationRow, 'responseDueAt'>> = {}): Promise<void> {
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
      ...also,
    })
    .where(eq(observations.id, o.id));
}
