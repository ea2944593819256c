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
import { allGroupsComplete, groupSaveError, sideTotal } from '../../../shared/rubric.js';
import { rubricBeforeClassError, utcDay } from '../../../shared/class-dates.js';
import type { Tx } from '../../db/client.js';
import { rawRows } from '../../db/raw.js';
import { meetings, rubricScores } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { audit } from '../audit.js';
import { ID_IN_USE, loadForWrite, requireObserver, requireOpen, sideOf } from './access.js';
import { loadMeeting, loadStages, refreshObservation } from './cycle-state.js';
import type { RubricItems } from './rubric-items.js';
import { announce, otherSide, ROUTES } from './events.js';

export type MeetingKind = 'informed' | 'uninformed';

/**
 * A group save's write as one statement of fixed text, the same whatever the number of items (Drizzle rebuilt it on
 * every save, which cost more than running it): the side's scores upserted from two parallel arrays. The scores'
 * trigger moves the observation's version (migrations 0001, 0012, 0013); the meeting row itself is left alone
 * (nothing reads its updated_at, and rewriting it cost every save an update, its touch trigger and a foreign-key
 * check). Its total is written when the side submits.
 */
const SAVE_SCORES_TEXT = `insert into "${getTableName(rubricScores)}" (meeting_id, rubric_item_id, side, score, updated_at)
  select $1::uuid, e.id, $3::text, e.score, $5::timestamptz from unnest($2::uuid[], $4::int[]) as e(id, score)
  on conflict (meeting_id, rubric_item_id, side) do update set score = excluded.score, updated_at = excluded.updated_at`;

export async function updateRubrics(
  tx: Tx,
  u: AuthUser,
  kind: MeetingKind,
  body: z.infer<typeof RubricUpdateRequest>,
  now: Date,
  rubric: RubricItems,
): Promise<string> {
  const o = await loadForWrite(tx, u, body.observationsId);
  const side = sideOf(u, o);
  const { meeting, scheduledOn } = await loadMeeting(tx, o.id, kind);
  if (!meeting) throw conflict(MSG.meetingNotStarted);
  const namedId = kind === 'informed' ? body.informedId : body.uninformedId;
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
  const entries = body.rubricsFinal ?? [];
  if (entries.length === 0 && !body.submit) throw badRequest(MSG.selectAllRubrics);

  const items = await rubric.read(tx);
  if (entries.length > 0) {
    const error = groupSaveError(items, entries);
    if (error) throw badRequest(error);
    // Entries are distinct items (groupSaveError), so no row is upserted twice.
    await rawRows(tx, SAVE_SCORES_TEXT, [meeting.id, entries.map((e) => e.id), side, entries.map((e) => e.score), now]);
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
