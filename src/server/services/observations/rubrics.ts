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
import { meetings, observations, rubricScores, SPEC_RUBRIC_VERSION_ID } from '../../db/schema.js';
import { parseJson, rowsOf } from '../../db/results.js';
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

/** The observation's columns a save decides on (who may see it and score, its state) and names in its notices. */
type ObservationForSave = Pick<
  typeof observations.$inferSelect,
  'id' | 'facultyId' | 'observerId' | 'hodId' | 'departmentId' | 'mode' | 'status' | 'semester' | 'starting' | 'ending' | 'rubricVersionId'
>;

/** A timestamp as a driver hands it to `execute`: a Date, or its text. */
type DriverTime = Date | string | null;

/** The locking read's row: those columns (timestamps as the driver hands them), the meeting of the kind, the class's day, the version. */
interface SaveRow extends Omit<ObservationForSave, 'starting' | 'ending'> {
  starting: DriverTime;
  ending: DriverTime;
  meetingId: string | null;
  meetingStatus: string | null;
  observerScore: number | null;
  facultyScore: number | null;
  scheduledOn: DriverTime;
  items: unknown;
  scale: unknown;
}

/**
 * The observation, locked for the write (loadForWrite's lock: two saves of one cycle are judged one after the
 * other), with its meeting of `kind`, the class's day (for the informed rubric's "not before the class") and its
 * rubric version's items (as [id, code] pairs in group order) and scale, in one statement.
 *
 * Written as one SQL text, not with Drizzle's select builder: a device's backlog replays hundreds of saves, and
 * building this statement from its twenty column objects was the largest single cost of a batched save
 * (docs/performance.md, "What a rubric save costs"). It only reads; every decision stays in TypeScript below.
 * Column values come back as each driver hands them, so the timestamps go through the schema's own mapping.
 */
async function loadMeetingForWrite(tx: Tx, u: AuthUser, observationId: string, kind: MeetingKind) {
  const [row] = rowsOf<SaveRow>(
    await tx.execute(sql`select o.id, o.faculty_id as "facultyId", o.observer_id as "observerId", o.hod_id as "hodId",
        o.department_id as "departmentId", o.mode, o.status, o.semester, o.starting, o.ending, o.rubric_version_id as "rubricVersionId",
        m.id as "meetingId", m.status as "meetingStatus", m.observer_score as "observerScore", m.faculty_score as "facultyScore",
        s.scheduled_on as "scheduledOn",
        (select coalesce(json_agg(json_build_array(i.id, i.code) order by i.group_position, i.position), '[]')
           from rubric_items i where i.rubric_version_id = o.rubric_version_id) as items,
        (select v.scale from rubric_versions v where v.id = o.rubric_version_id) as scale
      from observations o
      left join meetings m on m.observation_id = o.id and m.kind = ${kind}
      left join scheduling_requests s on s.observation_id = o.id
      where o.id = ${observationId}
      for update of o`),
  );
  const at = (v: DriverTime) => (v == null ? null : (observations.starting.mapFromDriverValue(v) as Date));
  if (!row) throw notFound();
  // The observation is what is left of the row once the meeting's, the class's and the version's fields are taken.
  const { meetingId, meetingStatus, observerScore, facultyScore, scheduledOn, items, scale, starting, ending, ...columns } = row;
  const o: ObservationForSave = { ...columns, starting: at(starting), ending: at(ending) };
  const meeting = meetingId ? { id: meetingId, status: meetingStatus, observerScore, facultyScore } : null;
  const pairs = parseJson<[string, string][]>(items) ?? [];
  const version: VersionForSave = { items: pairs.map(([id, code]) => ({ id, code })), scale: parseJson<VersionForSave['scale']>(scale) ?? [] };
  return { o: requireVisible(u, o), meeting, scheduledOn: at(scheduledOn), version };
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
