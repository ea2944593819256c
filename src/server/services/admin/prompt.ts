/**
 * POST /observation/prompt: who in a department is due an observation.
 *
 * Meaning of the threshold (our decision, README): a percentage 50–100. A Faculty member of the department (on
 * the campus) is listed when their latest Completed observation scored below it, or when they have no
 * Completed observation with scores (never observed). An observation's percentage is the mean over its informed
 * and uninformed meetings of (observer + faculty) / 160 × 100 (SPEC §9), counting meetings where both sides
 * scored. "Latest" = latest `ending`, then `updatedAt`.
 *
 * The list goes to every Head_of_Department of that department: one ObsPrompt email each (the list is the
 * `{{faculty}}` token; `{{threshold}}` and `{{department}}` too) and one notification that opens the
 * initiate-observation screen. When nobody is listed, nothing is sent.
 * Only Super_Admin and Admin prompt (the Prompt Observation page is on the full menu; Campus_Director's full
 * menu shows it too, but SPEC §6 names Super_Admin — we allow the two administrator roles).
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { promptError, type PromptFaculty, type PromptResponse } from '../../../shared/contract/admin.js';
import { MSG } from '../../../shared/messages.js';
import { percentage, round1 } from '../../../shared/rubric.js';
import type { Db } from '../../db/client.js';
import { departments, meetings, observations, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { queueEmail } from '../mail/queue-email.js';
import { notify } from '../notify.js';
import { can } from '../../../shared/permissions.js';

export async function runPrompt(
  ctx: WriteContext,
  user: AuthUser,
  input: { departmentId?: number | null; campus?: string | null; threshold?: number | null },
): Promise<PromptResponse> {
  const { tx } = ctx;
  if (!can(user.role, 'observation.prompt')) throw forbidden();
  const error = promptError(input);
  if (error) throw badRequest(error);
  const departmentId = input.departmentId as number;
  const campus = input.campus as string;
  const threshold = input.threshold as number;

  const [dept] = await tx.select().from(departments).where(eq(departments.id, departmentId));
  if (!dept) throw notFound(MSG.unknownDepartment);

  const faculty = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'Faculty'), eq(users.departmentId, departmentId), eq(users.campus, campus)))
    .orderBy(asc(users.name), asc(users.id));
  const scores = await latestPercentages(tx, faculty.map((f) => f.id));
  const listed: PromptFaculty[] = faculty
    .map((f) => ({ ...f, percentage: scores.get(f.id) ?? null }))
    .filter((f) => f.percentage === null || f.percentage < threshold);

  let recipients: { name: string; email: string }[] = [];
  if (listed.length > 0) {
    const hods = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'Head_of_Department'), eq(users.departmentId, departmentId)));
    const list = listed
      .map((f) => `- ${f.name} (${f.email}): ${f.percentage === null ? 'never observed' : `${f.percentage.toFixed(1)}%`}`)
      .join('; ');
    recipients = hods.map((h) => ({ name: h.name, email: h.email }));
    for (const hod of hods) {
      await queueEmail(tx, {
        type: 'ObsPrompt',
        to: { name: hod.name, email: hod.email },
        vars: { faculty: list, threshold: String(threshold), department: dept.name },
      });
      await notify(tx, {
        userId: hod.id,
        title: 'Observation prompt',
        message: `${listed.length} faculty member(s) of ${dept.name} scored below ${threshold}% or were never observed.`,
        route: '/observations/create-observation',
      });
    }
  }
  ctx.audit({
    actorId: user.id,
    action: 'observation.prompt',
    entity: 'departments',
    entityId: departmentId,
    detail: { campus, threshold, listed: listed.map((f) => f.id) },
  });
  return { message: MSG.promptSent(listed.length), listed: listed.length, faculty: listed, recipients };
}

/** Percentage of each faculty member's latest Completed observation that has scores. */
export async function latestPercentages(db: Db, facultyIds: readonly string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (facultyIds.length === 0) return result;
  const rows = await db
    .select({
      observationId: observations.id,
      facultyId: observations.facultyId,
      observerScore: meetings.observerScore,
      facultyScore: meetings.facultyScore,
    })
    .from(observations)
    .innerJoin(meetings, eq(meetings.observationId, observations.id))
    .where(
      and(
        inArray(observations.facultyId, [...facultyIds]),
        eq(observations.status, 'Completed'),
        isNotNull(meetings.observerScore),
        isNotNull(meetings.facultyScore),
      ),
    )
    .orderBy(sql`${observations.ending} desc nulls last`, desc(observations.updatedAt), asc(observations.id));
  // Rows arrive latest observation first; the first observation seen per faculty member is their latest.
  const latest = new Map<string, string>();
  const sums = new Map<string, number[]>();
  for (const r of rows) {
    if (!latest.has(r.facultyId)) latest.set(r.facultyId, r.observationId);
    if (latest.get(r.facultyId) !== r.observationId) continue;
    const p = percentage(r.observerScore, r.facultyScore);
    if (p !== null) sums.set(r.facultyId, [...(sums.get(r.facultyId) ?? []), p]);
  }
  for (const [facultyId, ps] of sums) result.set(facultyId, round1(ps.reduce((a, b) => a + b, 0) / ps.length));
  return result;
}
