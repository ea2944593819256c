/**
 * The rubric version a new observation is scored on (docs/adr/2026-11-28-rubric-versions.md): the one asked for —
 * published, not retired, of the institution or of the faculty member's department — else the newest published
 * version of the department's default rubric, else of the institution's default rubric. Fixed on the observation.
 */
import { and, desc, eq } from 'drizzle-orm';
import { rubricServesDepartment } from '../../../shared/access-policy/index.js';
import type { Tx } from '../../db/client.js';
import { rubricDefaults, rubrics, rubricVersions } from '../../db/schema.js';
import { badRequest, conflict } from '../errors.js';
import { loadVersion } from './versions.js';

export const CHOOSE_MSG = {
  unknown: 'rubricVersionId: no such rubric version',
  notPublished: 'rubricVersionId: the rubric version is not published',
  retired: 'rubricVersionId: the rubric version is retired',
  otherDepartment: 'rubricVersionId: the rubric is not of the institution or of this department',
  noDefault: 'No published rubric to score on: publish one or choose a version.',
} as const;

async function newestPublished(tx: Tx, rubricId: string): Promise<string | undefined> {
  const [v] = await tx
    .select({ id: rubricVersions.id })
    .from(rubricVersions)
    .where(and(eq(rubricVersions.rubricId, rubricId), eq(rubricVersions.status, 'published')))
    .orderBy(desc(rubricVersions.number))
    .limit(1);
  return v?.id;
}

export async function chooseVersion(tx: Tx, departmentId: number | null, requested: string | undefined): Promise<string> {
  if (requested !== undefined) {
    // Read under a share lock: a retire committing meanwhile waits for this initiate, or this one sees it retired.
    const found = await loadVersion(tx, requested, 'share');
    if (!found) throw badRequest(CHOOSE_MSG.unknown);
    if (!rubricServesDepartment(found.rubric, departmentId)) throw badRequest(CHOOSE_MSG.otherDepartment);
    if (found.version.status === 'retired') throw badRequest(CHOOSE_MSG.retired);
    if (found.version.status !== 'published') throw badRequest(CHOOSE_MSG.notPublished);
    return found.version.id;
  }
  if (departmentId != null) {
    const [d] = await tx.select({ rubricId: rubricDefaults.rubricId }).from(rubricDefaults).where(eq(rubricDefaults.departmentId, departmentId));
    const id = d ? await newestPublished(tx, d.rubricId) : undefined;
    if (id) return id;
  }
  const [inst] = await tx.select({ id: rubrics.id }).from(rubrics).where(eq(rubrics.institutionDefault, true));
  const id = inst ? await newestPublished(tx, inst.id) : undefined;
  if (!id) throw conflict(CHOOSE_MSG.noDefault);
  return id;
}
