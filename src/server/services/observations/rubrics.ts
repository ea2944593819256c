/**
 * Informed and uninformed rubric scoring (SPEC §4 Rubric scoring, §5, §9). The scorer's side comes from the token.
 *
 *   save group(s)  all 5 items of each group 0–4          faculty: only until they submitted; observer: until lock
 *   submit         all 4 groups saved → side total /80      faculty once (409 afterwards); observer may resubmit
 *                  (`submit: true`; or SPEC §7's body with `role` once all four groups are saved)
 *   lock           observer only, both totals exist        status Completed; nothing accepted afterwards (409)
 *   start uninformed  observer only, informed Completed, only once
 */
import { and, eq, getTableName } from 'drizzle-orm';
import type { z } from 'zod';
import type { RubricUpdateRequest, UninformedCreateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { allGroupsComplete, groupSaveError, sideTotal, type RubricEntry } from '../../../shared/rubric.js';
import { rubricBeforeClassError, utcDay } from '../../../shared/class-dates.js';
import type { Tx } from '../../db/client.js';
import { rawRows } from '../../db/raw.js';
import { parseJson, rowFromJson } from '../../db/results.js';
import { meetings, observations, rubricScores, schedulingRequests } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { audit } from '../audit.js';
import { ID_IN_USE, loadForWrite, lockForWrite, observationFromJson, requireObserver, requireOpen, requireVisible, sideOf, type ObservationRow } from './access.js';
import { loadStages, refreshObservation, type MeetingRow } from './cycle-state.js';
import type { RubricItems } from './rubric-items.js';
import { announce, otherSide, ROUTES } from './events.js';

export type MeetingKind = 'informed' | 'uninformed';

/**
 * A rubric call's one statement after the observation's lock (every save of a batched replay runs it; one round
 * trip fewer than reading the observation and the meeting and then writing): the observation and the meeting of
 * this kind as rows, the class's day, and — when `$7` says the checks known beforehand pass (a complete valid group,
 * not a lock) and the rows allow it (the caller, `$3`, is the observation's observer or faculty member, which gives
 * the side; the observation is open; the meeting exists, is the one named, is not locked, and a faculty side has not
 * submitted) — the side's scores upserted from two parallel arrays, fixed text whatever the number of items.
 * updateRubrics then checks every rule in its order for the answer: the guard only keeps a refused call from
 * writing, and a save the rules accept but the guard did not write fails loudly (`written` ≠ the entries). The
 * scores' trigger moves the observation's version (migrations 0001, 0012, 0013); the meeting row is left alone
 * (nothing reads its updated_at; rewriting it cost every save an update, its touch trigger and a foreign-key check).
 * The observation is read here, not with its lock (lockForWrite): in a batched push, the rows after the first that
 * took the lock run this statement alone.
 */
const OBSERVATION_MEETING_AND_SAVE_TEXT = `with o as (select * from "${getTableName(observations)}" where id = $1),
  s as (select case when o.observer_id = $3::uuid then 'observer' when o.faculty_id = $3::uuid then 'faculty' end as side,
               o.status from o),
  saved as (
    insert into "${getTableName(rubricScores)}" (meeting_id, rubric_item_id, side, score, updated_at)
    select m.id, e.id, s.side, e.score, $4::timestamptz
      from s, "${getTableName(meetings)}" m, unnest($5::uuid[], $6::int[]) as e(id, score)
     where $7::boolean and s.side is not null and s.status <> 'Completed'
       and m.observation_id = $1 and m.kind = $2 and m.status <> 'Completed'
       and ($8::uuid is null or m.id = $8::uuid) and (s.side <> 'faculty' or m.faculty_score is null)
    on conflict (meeting_id, rubric_item_id, side) do update set score = excluded.score, updated_at = excluded.updated_at
    returning 1)
  select (select row_to_json(o) from o) as observation,
    (select row_to_json(m) from "${getTableName(meetings)}" m where m.observation_id = $1 and m.kind = $2) as meeting,
    (select r.scheduled_on from "${getTableName(schedulingRequests)}" r where r.observation_id = $1) as "scheduledOn",
    (select count(*)::int from saved) as written`;

/**
 * The observation (judged as loadForWrite judges it), the meeting of `kind` and the class's day; `save` (entries
 * already valid) is written when the rows allow it. The caller holds the observation's lock (lockForWrite).
 */
export async function observationMeetingThenSave(
  tx: Tx,
  u: AuthUser,
  observationId: string,
  kind: MeetingKind,
  save: { entries: readonly RubricEntry[]; namedId: string | undefined; now: Date } | null,
): Promise<{ o: ObservationRow; meeting: MeetingRow | null; scheduledOn: Date | null; written: number }> {
  const params = [observationId, kind, u.id, save?.now ?? null, save?.entries.map((e) => e.id) ?? [], save?.entries.map((e) => e.score) ?? [], !!save, save?.namedId ?? null];
  const [row] = await rawRows<{ observation: unknown; meeting: unknown; scheduledOn: unknown; written: number }>(tx, OBSERVATION_MEETING_AND_SAVE_TEXT, params);
  const meeting = parseJson<Record<string, unknown>>(row?.meeting);
  const scheduledOn = row?.scheduledOn;
  return {
    o: requireVisible(u, observationFromJson(row?.observation)),
    meeting: meeting ? rowFromJson(meetings, meeting) : null,
    // timestamptz: a Date from both drivers.
    scheduledOn: scheduledOn instanceof Date ? scheduledOn : scheduledOn == null ? null : new Date(String(scheduledOn)),
    written: Number(row?.written ?? 0),
  };
}

export async function updateRubrics(
  tx: Tx,
  u: AuthUser,
  kind: MeetingKind,
  body: z.infer<typeof RubricUpdateRequest>,
  now: Date,
  rubric: RubricItems,
): Promise<string> {
  const namedId = kind === 'informed' ? body.informedId : body.uninformedId;
  const entries = body.rubricsFinal ?? [];
  const items = await rubric.read(tx);
  // What can be judged before reading the rows; the rows' own rules are judged in SQL too (see above).
  const groupError = entries.length > 0 ? groupSaveError(items, entries) : null;
  const writes = body.status !== 'Completed' && entries.length > 0 && !groupError;
  await lockForWrite(tx, body.observationsId);
  const { o, meeting, scheduledOn, written } = await observationMeetingThenSave(tx, u, body.observationsId, kind, writes ? { entries, namedId, now } : null);
  const side = sideOf(u, o);
  if (!meeting) throw conflict(MSG.meetingNotStarted);
  if (namedId && namedId !== meeting.id) throw notFound();
  if (meeting.status === 'Completed') throw conflict(MSG.scoresLocked);
  const route = kind === 'informed' ? ROUTES.informed(o.id) : ROUTES.uninformed(o.id);
  const label = kind === 'informed' ? 'Informed' : 'Uninformed';
  // The informed rubric is submitted and locked from the day of the scheduled class on (one day of slack for time
  // zones ahead of UTC); group saves may be prepared earlier.
  const beforeClass = () => (kind === 'informed' ? rubricBeforeClassError(scheduledOn?.toISOString(), utcDay(now, 1)) : null);

  if (body.status === 'Completed') {
    if (side !== 'observer') throw forbidden();
    if (meeting.observerScore == null || meeting.facultyScore == null) throw conflict(MSG.bothScoresNeeded);
    const early = beforeClass();
    if (early) throw conflict(early);
    await tx.update(meetings).set({ status: 'Completed', updatedAt: now }).where(eq(meetings.id, meeting.id));
    await refreshObservation(tx, o, now);
    await announce(tx, o, u.id, { to: ['faculty', 'hod'], title: `${label} observation completed`, message: `The ${kind} observation scores are locked.`, route });
    await audit(tx, { actorId: u.id, action: `${kind}.lock`, entity: 'observations', entityId: o.id });
    return MSG.observationUpdated;
  }

  requireOpen(o);
  const submitted = side === 'observer' ? meeting.observerScore != null : meeting.facultyScore != null;
  if (side === 'faculty' && submitted) throw conflict(MSG.alreadyScored);
  if (entries.length === 0 && !body.submit) throw badRequest(MSG.selectAllRubrics);
  if (entries.length > 0) {
    if (groupError) throw badRequest(groupError);
    // Every rule above held, so the statement wrote the group (entries are distinct items: one row each).
    if (written !== entries.length) throw new Error(`rubric save: ${written} of ${entries.length} scores written`);
  }

  // SPEC §7 documents {observationsId, informedId|uninformedId, rubricsFinal, role} as the call that scores: a
  // body naming `role` (and not `submit`) submits as soon as the side's saved items cover all four groups, so a
  // SPEC client's save of the last group (or of all twenty items at once) sets the total. The app's own client
  // sends no `role`: it saves groups, then submits with `submit: true`.
  const saved = async () => {
    const rows = await tx
      .select({ id: rubricScores.rubricItemId, score: rubricScores.score })
      .from(rubricScores)
      .where(and(eq(rubricScores.meetingId, meeting.id), eq(rubricScores.side, side)));
    return new Map(rows.map((s) => [s.id, s.score]));
  };
  let scored: Map<string, number> | undefined;
  let submit = body.submit === true;
  if (body.submit === undefined && body.role !== undefined) {
    scored = await saved();
    submit = allGroupsComplete(items, scored);
  }

  // Submitting (or re-saving after an observer's submission) sets the side's total from the saved items.
  if (submit) {
    const early = beforeClass();
    if (early) throw conflict(early);
  }
  if (submit || submitted) {
    scored ??= await saved();
    if (!allGroupsComplete(items, scored)) throw badRequest(MSG.saveAllRubrics);
    const total = sideTotal(scored.values());
    await tx
      .update(meetings)
      .set(side === 'observer' ? { observerScore: total, updatedAt: now } : { facultyScore: total, updatedAt: now })
      .where(eq(meetings.id, meeting.id));
    if (submit) {
      await announce(tx, o, u.id, { to: [otherSide(side)], title: `${label} rubric scores submitted`, message: `The ${side} submitted the ${kind} rubric scores.`, route });
    }
  }
  await audit(tx, { actorId: u.id, action: submit ? `${kind}.submit` : `${kind}.saveGroup`, entity: 'observations', entityId: o.id, detail: { side, items: entries.length } });
  return MSG.rubricsSaved;
}

export async function startUninformed(tx: Tx, u: AuthUser, body: z.infer<typeof UninformedCreateRequest>, now: Date): Promise<string> {
  const o = await loadForWrite(tx, u, body.observationsId);
  requireObserver(u, o);
  requireOpen(o);
  const { informed, uninformed } = await loadStages(tx, o.id);
  if (uninformed) throw conflict(MSG.uninformedExists);
  if (informed?.status !== 'Completed') throw conflict(MSG.informedNotCompleted);
  if (body.id && (await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, body.id))).length > 0) throw conflict(ID_IN_USE);
  const [row] = await tx
    .insert(meetings)
    .values({ ...(body.id ? { id: body.id } : {}), observationId: o.id, kind: 'uninformed', status: 'Ongoing' })
    .returning({ id: meetings.id });
  await refreshObservation(tx, o, now);
  await announce(tx, o, u.id, { to: ['faculty'], title: 'Uninformed observation started', message: 'Please score your uninformed observation rubrics.', route: ROUTES.uninformed(o.id) });
  await audit(tx, { actorId: u.id, action: 'uninformed.start', entity: 'observations', entityId: o.id });
  return row.id;
}
