/**
 * Informed and uninformed rubric scoring (SPEC §4 Rubric scoring, §5, §9). The scorer's side comes from the token.
 *
 *   save group(s)  all 5 items of each group 0–4          faculty: only until they submitted; observer: until lock
 *   submit         all 4 groups saved → side total /80      faculty once (409 afterwards); observer may resubmit
 *                  (`submit: true`; or SPEC §7's body with `role` once all four groups are saved)
 *   lock           observer only, both totals exist        status Completed; nothing accepted afterwards (409)
 *   start uninformed  observer only, informed Completed, only once
 * The rows above are SPEC's version; another rubric version, fixed at initiation, scores its own groups and items,
 * with scores among its level values and totals the sum of those values (docs/adr/2026-11-28-rubric-versions.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RubricUpdateRequest, UninformedCreateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { allGroupsComplete, groupSaveError, isScaleValue, scaleError, sideTotal, type RubricItemRef } from '../../../shared/rubric.js';
import { rubricBeforeClassError, utcDay } from '../../../shared/class-dates.js';
import type { Tx } from '../../db/client.js';
import { meetings, observations, rubricItems, rubricScores, rubricVersions, schedulingRequests, SPEC_RUBRIC_VERSION_ID } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, requireObserver, requireOpen, requireVisible, sideOf } from './access.js';
import { loadStages, refreshObservation } from './cycle-state.js';
import { announce, otherSide, ROUTES } from './events.js';

export type MeetingKind = 'informed' | 'uninformed';

/** What a group save is checked against and its totals are made of: the version's items in group order, its scale. */
interface VersionForSave {
  items: RubricItemRef[];
  scale: { value: number; label: string }[];
}

/**
 * The observation's rubric version (fixed at initiation) as read beside the observation: its items as
 * [id, code] pairs in group order, and its scale. Subqueries of the locking statement, so a save reads all it
 * decides on in one statement (a device's backlog replays hundreds of saves: docs/performance.md, sync-replay).
 */
const versionItems = sql<[string, string][]>`(select coalesce(json_agg(json_build_array(${rubricItems.id}, ${rubricItems.code}) order by ${rubricItems.groupPosition}, ${rubricItems.position}), '[]') from ${rubricItems} where ${rubricItems.rubricVersionId} = ${observations.rubricVersionId})`;
const versionScale = sql<VersionForSave['scale'] | null>`(select ${rubricVersions.scale} from ${rubricVersions} where ${rubricVersions.id} = ${observations.rubricVersionId})`;

/** The columns of the observation a save decides on (who may see it and score, its state) and names in its notices. */
const observationForSave = {
  id: observations.id,
  facultyId: observations.facultyId,
  observerId: observations.observerId,
  hodId: observations.hodId,
  departmentId: observations.departmentId,
  mode: observations.mode,
  status: observations.status,
  semester: observations.semester,
  starting: observations.starting,
  ending: observations.ending,
  rubricVersionId: observations.rubricVersionId,
};
/** The meeting's columns a save reads: which one, whether it is locked, the totals submitted. */
const meetingForSave = { id: meetings.id, status: meetings.status, observerScore: meetings.observerScore, facultyScore: meetings.facultyScore };

/**
 * The observation, locked for the write (loadForWrite's lock: two saves of one cycle are judged one after the
 * other), with its meeting of `kind`, the class's day (for the informed rubric's "not before the class") and its
 * rubric version's items and scale, in one statement. Only the columns the save reads: a device's backlog replays
 * hundreds of saves, and building a statement costs in proportion to the columns it names (docs/performance.md).
 */
async function loadMeetingForWrite(tx: Tx, u: AuthUser, observationId: string, kind: MeetingKind) {
  const [row] = await tx
    .select({ o: observationForSave, meeting: meetingForSave, scheduledOn: schedulingRequests.scheduledOn, items: versionItems, scale: versionScale })
    .from(observations)
    .leftJoin(meetings, and(eq(meetings.observationId, observations.id), eq(meetings.kind, kind)))
    .leftJoin(schedulingRequests, eq(schedulingRequests.observationId, observations.id))
    .where(eq(observations.id, observationId))
    .for('update', { of: observations });
  const version: VersionForSave = { items: (row?.items ?? []).map(([id, code]) => ({ id, code })), scale: row?.scale ?? [] };
  return { o: requireVisible(u, row?.o), meeting: row?.meeting ?? null, scheduledOn: row?.scheduledOn ?? null, version };
}

export async function updateRubrics(
  ctx: WriteContext,
  u: AuthUser,
  kind: MeetingKind,
  body: z.infer<typeof RubricUpdateRequest>,
  now: Date,
): Promise<string> {
  const { tx } = ctx;
  const namedId = kind === 'informed' ? body.informedId : body.uninformedId;
  const entries = body.rubricsFinal ?? [];
  const { o, meeting, scheduledOn, version } = await loadMeetingForWrite(tx, u, body.observationsId, kind);
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
    ctx.audit({ actorId: u.id, action: `${kind}.lock`, entity: 'observations', entityId: o.id });
    return MSG.observationUpdated;
  }

  requireOpen(o);
  const submitted = side === 'observer' ? meeting.observerScore != null : meeting.facultyScore != null;
  if (side === 'faculty' && submitted) throw conflict(MSG.alreadyScored);
  if (entries.length === 0 && !body.submit) throw badRequest(MSG.selectAllRubrics);
  const { items, scale } = version;
  if (entries.length > 0) {
    // SPEC's own version keeps SPEC §5's message for a score outside 0–4; another version names the field.
    const outOfScale = o.rubricVersionId === SPEC_RUBRIC_VERSION_ID ? null : scaleError(entries, scale);
    if (outOfScale) throw badRequest(outOfScale);
    const groupError = groupSaveError(items, entries, (score) => isScaleValue(score, scale));
    if (groupError) throw badRequest(groupError);
    // The items and scores travel as two arrays: one statement text and five parameters whatever the number of
    // entries, where Drizzle's builder renders a multi-row upsert value by value (a large share of a batched
    // save's server time, docs/performance.md "What a rubric save costs").
    await tx.execute(sql`insert into ${rubricScores} (meeting_id, rubric_item_id, side, score, updated_at)
      select ${meeting.id}::uuid, e.item, ${side}::text, e.score, ${now.toISOString()}::timestamptz
        from unnest(${sql.param(entries.map((e) => e.id))}::uuid[], ${sql.param(entries.map((e) => e.score))}::int[]) as e(item, score)
      on conflict (meeting_id, rubric_item_id, side) do update set score = excluded.score, updated_at = excluded.updated_at`);
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
  ctx.audit({ actorId: u.id, action: submit ? `${kind}.submit` : `${kind}.saveGroup`, entity: 'observations', entityId: o.id, detail: { side, items: entries.length } });
  return MSG.rubricsSaved;
}

export async function startUninformed(ctx: WriteContext, u: AuthUser, body: z.infer<typeof UninformedCreateRequest>, now: Date): Promise<string> {
  const { tx } = ctx;
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
  ctx.audit({ actorId: u.id, action: 'uninformed.start', entity: 'observations', entityId: o.id });
  return row.id;
}
