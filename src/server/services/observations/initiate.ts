/**
 * POST /observation/initiate (SPEC §2 Initiate, §5): a Head of Department pairs one observer of their department
 * with one or more faculty members of their department for a semester — one observation per faculty member, only
 * for faculty with no open (non-Completed) observation. Optional `rubricVersionId`: the rubric version to score on
 * (default: the department's, else the institution's; services/rubrics/choose.ts). Each observation keeps the
 * department's mode (formative or summative, src/shared/observation-mode.ts) as it is at initiation. An observer
 * not calibrated on that version (services/calibration/certification.ts) is a warning in the answer, or a 409
 * naming the observer when the institution requires calibration (CALIBRATION_REQUIRED).
 */
import { isUuid } from '../../../shared/ids.js';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { InitiateRequest } from '../../../shared/contract/observations.js';
import { SEMESTERS, type Semester } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { departments, observations, users } from '../../db/schema.js';
import { DEFAULT_OBSERVATION_MODE } from '../../../shared/observation-mode.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE } from './access.js';
import { chooseVersion } from '../rubrics/choose.js';
import { announce, ROUTES } from './events.js';
import { can } from '../../../shared/permissions.js';
import { calibratedUntil } from '../calibration/certification.js';

export interface Initiated {
  ids: string[];
  /** The observer is not calibrated on the version (CALIBRATION_REQUIRED=false: the observations are made). */
  warnings: { observerId: string; rubricVersionId: string; message: string }[];
}

export const notCalibratedMessage = (name: string) => `observerId: ${name} is not calibrated on this rubric version`;


/** `calibrationRequired`: the institution's CALIBRATION_REQUIRED (the route passes it; the demo seed does not). */
export async function initiateObservations(
  ctx: WriteContext,
  hod: AuthUser,
  body: z.infer<typeof InitiateRequest>,
  opts: { calibrationRequired?: boolean } = {},
): Promise<Initiated> {
  const { tx } = ctx;
  if (!can(hod.role, 'observation.initiate')) throw forbidden();
  const facultyIds = [...new Set(body.facultyIds)];
  if (!body.observerId || facultyIds.length === 0) throw badRequest(MSG.selectObserverAndFaculty);
  if (!SEMESTERS.includes(body.semester as Semester)) throw badRequest(MSG.selectSemester);
  if (hod.departmentId == null || ![body.observerId, ...facultyIds].every(isUuid)) throw forbidden(MSG.observerAndFacultyOfDepartment);

  const people = await tx
    .select({ id: users.id, role: users.role, departmentId: users.departmentId, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(inArray(users.id, [body.observerId, ...facultyIds]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const inDept = (id: string, role: string) => byId.get(id)?.role === role && byId.get(id)?.departmentId === hod.departmentId;
  if (!inDept(body.observerId, 'Observer') || !facultyIds.every((id) => inDept(id, 'Faculty'))) {
    throw forbidden(MSG.observerAndFacultyOfDepartment);
  }
  // Offboarding: a deactivated account takes part in no new cycle (docs/operations/offboarding.md).
  if (people.some((p) => p.deactivatedAt)) throw badRequest(MSG.deactivatedParticipant);

  const open = await tx
    .select({ id: observations.id })
    .from(observations)
    .where(and(inArray(observations.facultyId, facultyIds), ne(observations.status, 'Completed')));
  if (open.length > 0) throw conflict(MSG.facultyHasOpenObservation);

  // The rubric version is fixed here for the whole cycle (services/rubrics/choose.ts); the faculty members are of
  // the HOD's department (checked above).
  const rubricVersionId = await chooseVersion(tx, hod.departmentId, body.rubricVersionId);
  const warnings: Initiated['warnings'] = [];
  if (!(await calibratedUntil(tx, [body.observerId], rubricVersionId, ctx.now)).has(body.observerId)) {
    const [observer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, body.observerId));
    const message = notCalibratedMessage(observer?.name ?? body.observerId);
    if (opts.calibrationRequired) throw conflict(message);
    warnings.push({ observerId: body.observerId, rubricVersionId, message });
  }

  const wanted = facultyIds.map((facultyId) => ({ facultyId, id: body.ids?.[facultyId] }));
  const givenIds = wanted.map((w) => w.id).filter((id): id is string => !!id);
  if (givenIds.length > 0) {
    const taken = await tx.select({ id: observations.id }).from(observations).where(inArray(observations.id, givenIds));
    if (taken.length > 0 || new Set(givenIds).size !== givenIds.length) throw conflict(ID_IN_USE);
  }

  // Formative or summative is the department's choice when the cycle starts, kept on the observation for good.
  const [dept] = await tx.select({ mode: departments.observationMode }).from(departments).where(eq(departments.id, hod.departmentId));
  const mode = dept?.mode ?? DEFAULT_OBSERVATION_MODE;

  const rows = await tx
    .insert(observations)
    .values(
      wanted.map((w) => ({
        ...(w.id ? { id: w.id } : {}),
        facultyId: w.facultyId,
        observerId: body.observerId,
        hodId: hod.id,
        departmentId: hod.departmentId,
        semester: body.semester,
        mode,
        rubricVersionId,
        status: 'Pending',
        progress: 0,
      })),
    )
    .returning();

  for (const o of rows) {
    await announce(tx, o, hod.id, {
      to: ['faculty', 'observer'],
      title: 'Observation initiated',
      message: `${hod.name} initiated a ${o.semester} teaching observation.`,
      route: ROUTES.detail(o.id),
      email: 'InitiateObs',
    });
    ctx.audit({ actorId: hod.id, action: 'observation.initiate', entity: 'observations', entityId: o.id, detail: { facultyId: o.facultyId, observerId: o.observerId, semester: o.semester, rubricVersionId } });
  }
  return { ids: rows.map((r) => r.id), warnings };
}
