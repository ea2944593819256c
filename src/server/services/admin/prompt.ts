/**
 * POST /observation/prompt: who in a department is due an observation.
 *
 * Meaning of the threshold (docs/adr/2026-11-22-observation-prompt-threshold.md): a percentage 50–100. A Faculty member of the department (on
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
import { promptError, type PromptFaculty, type PromptPreview, type PromptResponse } from '../../../shared/contract/admin.js';
import { MSG } from '../../../shared/messages.js';
import { percentage, round1 } from '../../../shared/rubric.js';
import type { Db } from '../../db/client.js';
import { departments, meetings, observations, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { queueEmail, renderEmail } from '../mail/queue-email.js';
import { notify } from '../notify.js';
import { can } from '../../../shared/permissions.js';
import type { WriteContext } from '../write-context.js';

interface PromptPlan {
  departmentId: number;
  departmentName: string;
  campus: string;
  threshold: number;
  listed: PromptFaculty[];
  /** The Heads of Department who receive the list (none when nobody is listed), with their ObsPrompt email. */
  hods: { id: string; name: string; email: string; vars: Record<string, string> }[];
}

/** Who is listed and who would receive what: the same for the preview and for the prompt itself. */
async function planPrompt(tx: Db, user: AuthUser, input: { departmentId?: number | null; campus?: string | null; threshold?: number | null }): Promise<PromptPlan> {
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

  let hods: PromptPlan['hods'] = [];
  if (listed.length > 0) {
    const list = listed
      .map((f) => `- ${f.name} (${f.email}): ${f.percentage === null ? 'never observed' : `${f.percentage.toFixed(1)}%`}`)
      .join('; ');
    const vars = { faculty: list, threshold: String(threshold), department: dept.name };
    hods = (
      await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.role, 'Head_of_Department'), eq(users.departmentId, departmentId)))
        .orderBy(asc(users.name), asc(users.id))
    ).map((h) => ({ ...h, vars }));
  }
  return { departmentId, departmentName: dept.name, campus, threshold, listed, hods };
}

/** POST /observation/prompt/preview: who would be listed and who would receive which email; nothing is sent. */
export async function previewPrompt(tx: Db, user: AuthUser, input: { departmentId?: number | null; campus?: string | null; threshold?: number | null }): Promise<PromptPreview> {
  const plan = await planPrompt(tx, user, input);
  const recipients: PromptPreview['recipients'] = [];
  for (const h of plan.hods) {
    const mail = await renderEmail(tx, { type: 'ObsPrompt', to: { name: h.name, email: h.email }, vars: h.vars });
    recipients.push({ name: h.name, email: h.email, subject: mail?.subject ?? '', body: mail?.body ?? '' });
  }
  return { listed: plan.listed.length, faculty: plan.listed, recipients };
}

export async function runPrompt(
  ctx: WriteContext,
  user: AuthUser,
  input: { departmentId?: number | null; campus?: string | null; threshold?: number | null },
): Promise<PromptResponse> {
  const { tx } = ctx;
  const { departmentId, departmentName, campus, threshold, listed, hods } = await planPrompt(tx, user, input);
  for (const hod of hods) {
    await queueEmail(tx, { type: 'ObsPrompt', to: { name: hod.name, email: hod.email }, vars: hod.vars });
    await notify(tx, {
      userId: hod.id,
      title: 'Observation prompt',
      message: `${listed.length} faculty member(s) of ${departmentName} scored below ${threshold}% or were never observed.`,
      route: '/observations/create-observation',
    });
  }
  ctx.audit({
    actorId: user.id,
    action: 'observation.prompt',
    entity: 'departments',
    entityId: departmentId,
    detail: { campus, threshold, listed: listed.map((f) => f.id) },
  });
  const recipients = hods.map((h) => ({ name: h.name, email: h.email }));
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
