/**
 * An observer's severity and drift from live observations (docs/calibration-statistics.md, "Severity"): with at
 * least SEVERITY_MIN_OBSERVATIONS observations of theirs on the rubric version whose rubric is locked, per item the
 * mean difference of their scores from the department's other observers' mean on that item with a 95 % interval,
 * and their agreement with the faculty members' self-scores per month. Computed by
 * src/shared/calibration/severity.ts. Who: maySeeSeverity (the HOD of the observer's department, Admin,
 * Super_Admin); anyone else 403, whatever the observer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { maySeeSeverity } from '../../../shared/access-policy/index.js';
import { departmentSeverityPairs, selfScoreAgreementByPeriod, severityByItem, type LiveScore, type SelfScoreRow } from '../../../shared/calibration/index.js';
import type { CalibrationSeverity } from '../../../shared/contract/calibration.js';
import { isUuid } from '../../../shared/ids.js';
import type { Db } from '../../db/client.js';
import { meetings, observations, rubricScores, rubricVersions, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, forbidden, notFound } from '../errors.js';

export const SEVERITY_MIN_OBSERVATIONS = 10;

export async function observerSeverity(db: Db, u: AuthUser, observerId: string, rubricVersionId: string | undefined): Promise<CalibrationSeverity> {
  const [observer] = isUuid(observerId) ? await db.select({ id: users.id, role: users.role, departmentId: users.departmentId }).from(users).where(eq(users.id, observerId)) : [];
  // The refusal comes first: who may not see severities learns nothing about who exists.
  if (!maySeeSeverity(u, observer ?? { departmentId: undefined })) throw forbidden();
  if (!observer || observer.role !== 'Observer') throw notFound();
  if (!rubricVersionId || !isUuid(rubricVersionId)) throw badRequest('rubricVersionId: choose a rubric version');
  const [version] = await db.select({ scale: rubricVersions.scale }).from(rubricVersions).where(eq(rubricVersions.id, rubricVersionId));
  if (!version) throw badRequest('rubricVersionId: unknown rubric version');
  const levels = version.scale.map((l) => l.value).sort((a, b) => a - b);

  // Locked rubrics (meeting Completed) of the department's observations on this version, both sides' scores.
  const rows = await db
    .select({
      observationId: observations.id,
      observerId: observations.observerId,
      meetingId: meetings.id,
      lockedAt: meetings.updatedAt,
      itemId: rubricScores.rubricItemId,
      side: rubricScores.side,
      score: rubricScores.score,
    })
    .from(rubricScores)
    .innerJoin(meetings, eq(meetings.id, rubricScores.meetingId))
    .innerJoin(observations, eq(observations.id, meetings.observationId))
    .where(
      and(
        eq(meetings.status, 'Completed'),
        eq(observations.rubricVersionId, rubricVersionId),
        observer.departmentId == null ? eq(observations.observerId, observer.id) : eq(observations.departmentId, observer.departmentId),
        inArray(rubricScores.side, ['observer', 'faculty']),
      ),
    );
  const mine = rows.filter((r) => r.observerId === observer.id);
  const locked = new Set(mine.map((r) => r.observationId)).size;

  const byPair = new Map<string, SelfScoreRow>();
  for (const r of mine) {
    const key = `${r.meetingId}\u0000${r.itemId}`;
    const row = byPair.get(key) ?? { period: r.lockedAt.toISOString().slice(0, 7), observerScore: null, facultyScore: null };
    if (r.side === 'observer') row.observerScore = r.score;
    else row.facultyScore = r.score;
    byPair.set(key, row);
  }
  const selfScores = selfScoreAgreementByPeriod(levels, [...byPair.values()]);

  const base = { observerId: observer.id, rubricVersionId, lockedObservations: locked, required: SEVERITY_MIN_OBSERVATIONS, selfScores };
  if (locked < SEVERITY_MIN_OBSERVATIONS) return { ...base, items: null, reason: 'too-few-observations' };
  const live: LiveScore[] = rows.filter((r) => r.side === 'observer' && r.observerId != null).map((r) => ({ observerId: r.observerId!, itemId: r.itemId, score: r.score }));
  return { ...base, items: severityByItem(departmentSeverityPairs(live, observer.id)), reason: null };
}
