/**
 * Certification (docs/adr/2026-11-28-calibration.md): a rubric version's thresholds (default adjacent ≥ 80 %, exact
 * ≥ 50 % against the expert's reference; its editors may change them), who is calibrated on a version until when,
 * and who of a department is due. The decision itself is src/shared/calibration/certification.ts.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { maySeeCalibrationDue, maySetCalibrationThresholds, mayReadRubric } from '../../../shared/access-policy/index.js';
import { DEFAULT_CERTIFICATION_THRESHOLDS, type CertificationThresholds } from '../../../shared/calibration/index.js';
import type { CalibrationDue, CalibrationThresholds, CalibrationThresholdsRequest } from '../../../shared/contract/calibration.js';
import { isUuid } from '../../../shared/ids.js';
import { DEFAULT_CALIBRATION_VALID_DAYS, type Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { calibrationCertifications, calibrationThresholds, departments, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { chooseVersion } from '../rubrics/choose.js';
import { loadVersion } from '../rubrics/versions.js';
import type { WriteContext } from '../write-context.js';

const DAY_MS = 86_400_000;
/** An observer whose certification ends within this many days is due already (time to book a session). */
export const DUE_SOON_DAYS = 30;

export const validDays = (config: Pick<Config, 'calibration'>) => config.calibration?.validDays ?? DEFAULT_CALIBRATION_VALID_DAYS;
export const calibrationRequired = (config: Pick<Config, 'calibration'>) => config.calibration?.required ?? false;

export async function thresholdsOf(db: Db | Tx, versionId: string): Promise<CertificationThresholds & { custom: boolean }> {
  const [row] = await db.select().from(calibrationThresholds).where(eq(calibrationThresholds.rubricVersionId, versionId));
  return row ? { adjacentPct: row.adjacentPct, exactPct: row.exactPct, custom: true } : { ...DEFAULT_CERTIFICATION_THRESHOLDS, custom: false };
}

/** GET /calibration/thresholds/{versionId}: whoever may read the rubric. */
export async function getThresholds(db: Db, u: AuthUser, versionId: string): Promise<CalibrationThresholds> {
  const found = isUuid(versionId) ? await loadVersion(db, versionId) : undefined;
  if (!found || found.version.status === 'draft' || !mayReadRubric(u, found.rubric)) throw notFound();
  return { rubricVersionId: versionId, ...(await thresholdsOf(db, versionId)) };
}

/** PUT /calibration/thresholds/{versionId}: the version's editors. */
export async function setThresholds(ctx: WriteContext, u: AuthUser, versionId: string, body: z.output<typeof CalibrationThresholdsRequest>): Promise<CalibrationThresholds> {
  const { tx } = ctx;
  const found = isUuid(versionId) ? await loadVersion(tx, versionId, 'share') : undefined;
  if (!found || !mayReadRubric(u, found.rubric)) throw notFound();
  if (!maySetCalibrationThresholds(u, found.rubric)) throw forbidden();
  await tx
    .insert(calibrationThresholds)
    .values({ rubricVersionId: versionId, adjacentPct: body.adjacentPct, exactPct: body.exactPct, setBy: u.id, setAt: ctx.now })
    .onConflictDoUpdate({ target: calibrationThresholds.rubricVersionId, set: { adjacentPct: body.adjacentPct, exactPct: body.exactPct, setBy: u.id, setAt: ctx.now } });
  ctx.audit({ actorId: u.id, action: 'calibration.thresholds', entity: 'rubric_versions', entityId: versionId, detail: body });
  return { rubricVersionId: versionId, adjacentPct: body.adjacentPct, exactPct: body.exactPct, custom: true };
}

/** Records a certification from a session closed at `at` (the latest certifying session wins). */
export async function certify(tx: Tx, userId: string, versionId: string, sessionId: string, at: Date, days: number): Promise<void> {
  const validUntil = new Date(at.getTime() + days * DAY_MS);
  await tx
    .insert(calibrationCertifications)
    .values({ userId, rubricVersionId: versionId, sessionId, certifiedAt: at, validUntil })
    .onConflictDoUpdate({ target: [calibrationCertifications.userId, calibrationCertifications.rubricVersionId], set: { sessionId, certifiedAt: at, validUntil } });
}

/**
 * What "calibrated" means, in one place: a certification on the version whose end is still ahead at `now`. An ended
 * one is kept (the due page says when it ended) but counts as none, for the due list and the initiate warning alike.
 */
export const stillValid = (until: Date | undefined, now: Date): until is Date => until !== undefined && until.getTime() > now.getTime();

/** Each observer's latest certification on the version, by its end, ended or not (certify keeps one row per pair). */
export async function latestCertifications(db: Db | Tx, ids: readonly string[], versionId: string): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: calibrationCertifications.userId, validUntil: calibrationCertifications.validUntil })
    .from(calibrationCertifications)
    .where(and(inArray(calibrationCertifications.userId, [...ids]), eq(calibrationCertifications.rubricVersionId, versionId)));
  return new Map(rows.map((r) => [r.userId, r.validUntil]));
}

/** The observers of `ids` calibrated on the version at `now`, with their certification's end. */
export async function calibratedUntil(db: Db | Tx, ids: readonly string[], versionId: string, now: Date): Promise<Map<string, Date>> {
  const latest = await latestCertifications(db, ids, versionId);
  return new Map([...latest].filter(([, until]) => stillValid(until, now)));
}

/**
 * GET /calibration/due: the department's active observers and their calibration on the rubric version (given, or
 * the one an observation there would use now): the end of their latest certification even when it has passed (so
 * "expired" reads apart from "never"), whether it still holds, and due when it does not or ends within DUE_SOON_DAYS.
 */
export async function dueObservers(db: Db, u: AuthUser, query: { departmentId?: number; rubricVersionId?: string }, now: Date): Promise<CalibrationDue> {
  const departmentId = query.departmentId ?? u.departmentId;
  if (departmentId == null) throw badRequest('departmentId: choose a department');
  if (!maySeeCalibrationDue(u, departmentId)) throw forbidden();
  if ((await db.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId))).length === 0) throw badRequest('departmentId: unknown department');
  const rubricVersionId = await db.transaction((tx) => chooseVersion(tx, departmentId, query.rubricVersionId));
  const observers = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'Observer'), eq(users.departmentId, departmentId), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.id));
  const latest = await latestCertifications(db, observers.map((o) => o.id), rubricVersionId);
  const soon = now.getTime() + DUE_SOON_DAYS * DAY_MS;
  return {
    departmentId,
    rubricVersionId,
    observers: observers.map((o) => {
      const end = latest.get(o.id);
      const calibrated = stillValid(end, now);
      return { userId: o.id, name: o.name, certifiedUntil: end ? end.toISOString() : null, calibrated, due: !calibrated || end.getTime() <= soon };
    }),
  };
}
