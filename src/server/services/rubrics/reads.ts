/**
 * Reading rubrics: the list a user may use or edit, one version whole, a version's export (the JSON an import
 * reads back). Published and retired versions: whoever mayReadRubric; drafts: the rubric's editors only; anything
 * else is 404 (src/shared/access-policy/rubrics.ts).
 */
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { mayEditRubric, mayReadRubric } from '../../../shared/access-policy/index.js';
import type { RubricSummary, RubricVersion } from '../../../shared/contract/rubrics.js';
import { isUuid } from '../../../shared/ids.js';
import type { RubricDefinition } from '../../../shared/rubric-definition.js';
import type { Db } from '../../db/client.js';
import { rubricDefaults, rubrics, rubricVersions } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { notFound } from '../errors.js';
import { definitionOf, loadVersion, versionDocs, type RubricRow, type VersionRow } from './versions.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a device replicates, as SQL: the published and retired versions the user mayReadRubric — administrators and
 * the Campus Director every rubric, everyone else the institution's and their department's — and the drafts of the
 * rubrics they mayEditRubric (a builder edits drafts offline too). tests/server/rubrics/rubric-sync.test.ts checks
 * it agrees with the policy for every role.
 */
export function replicatedVersionsWhere(u: AuthUser): SQL {
  const drafts = editableDraftsWhere(u);
  const readable = readableVersionsWhere(u);
  return drafts ? or(readable, drafts)! : readable;
}

/** Drafts of the rubrics `u` edits: the institution's for Super_Admin and Admin, a HOD's department's for them. */
function editableDraftsWhere(u: AuthUser): SQL | undefined {
  const draft = eq(rubricVersions.status, 'draft');
  const ofRubrics = (where: SQL) => and(draft, sql`${rubricVersions.rubricId} in (select ${rubrics.id} from ${rubrics} where ${where})`)!;
  const institution = mayEditRubric(u, { departmentId: null });
  const department = u.departmentId != null && mayEditRubric(u, { departmentId: u.departmentId });
  if (institution && department) return ofRubrics(or(isNull(rubrics.departmentId), eq(rubrics.departmentId, u.departmentId!))!);
  if (institution) return ofRubrics(isNull(rubrics.departmentId));
  if (department) return ofRubrics(eq(rubrics.departmentId, u.departmentId!));
  return undefined;
}

function readableVersionsWhere(u: AuthUser): SQL {
  const published = ne(rubricVersions.status, 'draft');
  // Reading a rubric of a department that is no one's (-1) is reading every rubric: the all-seeing roles.
  if (mayReadRubric(u, { departmentId: -1 })) return published;
  const dept = u.departmentId == null ? isNull(rubrics.departmentId) : or(isNull(rubrics.departmentId), eq(rubrics.departmentId, u.departmentId));
  return and(published, sql`${rubricVersions.rubricId} in (select ${rubrics.id} from ${rubrics} where ${dept})`)!;
}
const seesVersion = (u: AuthUser, r: RubricRow, v: Pick<VersionRow, 'status'>) => mayEditRubric(u, r) || (v.status !== 'draft' && mayReadRubric(u, r));

export async function listRubrics(db: Db, u: AuthUser): Promise<RubricSummary[]> {
  const all = (await db.select().from(rubrics).orderBy(asc(rubrics.name), asc(rubrics.createdAt))).filter((r) => mayReadRubric(u, r));
  if (all.length === 0) return [];
  const ids = all.map((r) => r.id);
  const versions = await db.select().from(rubricVersions).where(inArray(rubricVersions.rubricId, ids)).orderBy(asc(rubricVersions.number));
  const defaults = await db.select().from(rubricDefaults).where(inArray(rubricDefaults.rubricId, ids));
  return all
    .map((r) => ({
      id: r.id,
      name: r.name,
      departmentId: r.departmentId,
      institutionDefault: r.institutionDefault,
      defaultFor: defaults.filter((d) => d.rubricId === r.id).map((d) => d.departmentId),
      mayEdit: mayEditRubric(u, r),
      versions: versions
        .filter((v) => v.rubricId === r.id && seesVersion(u, r, v))
        .map((v) => ({ id: v.id, number: v.number, status: v.status as RubricVersion['status'], publishedAt: iso(v.publishedAt), retiredAt: iso(v.retiredAt) })),
    }))
    .filter((r) => r.versions.length > 0);
}

export async function getVersion(db: Db, u: AuthUser, versionId: string): Promise<RubricVersion> {
  const found = isUuid(versionId) ? await loadVersion(db, versionId) : undefined;
  if (!found || !seesVersion(u, found.rubric, found.version)) throw notFound();
  const [doc] = await versionDocs(db, [found]);
  return doc!;
}

export async function exportVersion(db: Db, u: AuthUser, versionId: string): Promise<RubricDefinition> {
  return definitionOf(await getVersion(db, u, versionId));
}
