/**
 * Reading rubrics: the list a user may use or edit, one version whole, a version's export (the JSON an import
 * reads back). Published and retired versions: whoever mayReadRubric; drafts: the rubric's editors only; anything
 * else is 404 (src/shared/access-policy/rubrics.ts). And which of them a device replicates (replicatesRubricVersion),
 * as SQL for the sync feed (sync/sources/rubrics.ts).
 */
import { and, asc, eq, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { mayEditRubric, mayReadRubric } from '../../../shared/access-policy/index.js';
import type { RubricSummary, RubricVersion } from '../../../shared/contract/rubrics.js';
import { isUuid } from '../../../shared/ids.js';
import type { RubricDefinition } from '../../../shared/rubric-definition.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { calibrationSessions, observations, rubricDefaults, rubrics, rubricVersions } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { takesPartWhere } from '../calibration/sessions.js';
import { notFound } from '../errors.js';
import { observationScope } from '../scope/index.js';
import { definitionOf, loadVersion, versionDocs, type RubricRow, type VersionRow } from './versions.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a device replicates (replicatesRubricVersion), as SQL on `rubric_versions`: every version of the rubrics the
 * user mayEditRubric, the published versions they mayReadRubric — administrators and the Campus Director every
 * rubric, everyone else the institution's and their department's — and a retired one they may read while it is in
 * use for them: an observation in their scope (services/scope) or a calibration session they take part in or
 * organised is on it. tests/server/rubrics/rubric-sync.test.ts checks it agrees with the policy for every role.
 */
export function replicatedVersionsWhere(u: AuthUser): SQL {
  const editable = editableVersionsWhere(u);
  const published = and(eq(rubricVersions.status, 'published'), readableVersionsWhere(u))!;
  // `in`, not a correlated `exists`: under the `or` each is one hashed scan of the user's rows, not one per version.
  const inUse = or(
    sql`${rubricVersions.id} in (select ${observations.rubricVersionId} from ${observations} where ${observationScope(u) ?? sql`true`})`,
    sql`${rubricVersions.id} in (select ${calibrationSessions.rubricVersionId} from ${calibrationSessions} where ${mineSessionsWhere(u)})`,
  )!;
  const retired = and(retiredReadOnlyWhere(u), inUse)!;
  return or(...(editable ? [editable] : []), published, retired)!;
}

/**
 * The versions a device may hold, whatever their status now: a version it replicated may since have been retired,
 * and that change must reach it (as a removal when it no longer replicates it).
 */
function mayHoldWhere(u: AuthUser): SQL {
  const editable = editableVersionsWhere(u);
  return editable ? or(editable, readableVersionsWhere(u))! : readableVersionsWhere(u);
}

/** Calibration sessions `u` takes part in (what their device replicates) or organised. */
function mineSessionsWhere(u: AuthUser): SQL {
  return or(takesPartWhere(u), eq(calibrationSessions.organiserId, u.id))!;
}

/** Retired versions `u` may read but does not edit: those replicated only through an observation scored on them. */
function retiredReadOnlyWhere(u: AuthUser): SQL {
  const editable = editableVersionsWhere(u);
  return and(eq(rubricVersions.status, 'retired'), readableVersionsWhere(u), ...(editable ? [not(editable)] : []))!;
}

/**
 * The rubric versions to send `u`'s device for (since, upTo], ordered by the version each is sent at, at most
 * `limit` (ties completed). A version is sent at its row's version when it changed, and a retired version it
 * replicates only through what is on it also at the version of each such observation of its scope, or calibration
 * session of theirs, that changed — so when a user comes to see an observation on a retired version (one handed
 * over to them) the version arrives in the same page as the observation (a page never ends inside a version:
 * sync/changes.ts). `replicated` false: a version
 * the device may hold but no longer replicates (it was retired), sent as a removal; `firstDownload`: the device holds
 * nothing yet (sync/snapshot.ts), so only what it replicates.
 */
export async function replicatedVersionChanges(
  db: Db,
  u: AuthUser,
  window: { since: number; upTo: number; firstDownload: boolean },
  limit: number,
): Promise<{ id: string; at: number; replicated: boolean }[]> {
  const { since, upTo } = window;
  const held = window.firstDownload ? replicatedVersionsWhere(u) : mayHoldWhere(u);
  const scope = observationScope(u);
  const hits = sql`select ${rubricVersions.id} as id, ${rubricVersions.version} as at from ${rubricVersions}
      where ${rubricVersions.version} > ${since} and ${rubricVersions.version} <= ${upTo} and ${held}
    union all
    select ${observations.rubricVersionId} as id, ${observations.version} as at from ${observations}
      where ${observations.version} > ${since} and ${observations.version} <= ${upTo} ${scope ? sql`and ${scope}` : sql``}
      and ${observations.rubricVersionId} in (select ${rubricVersions.id} from ${rubricVersions} where ${retiredReadOnlyWhere(u)})
    union all
    select ${calibrationSessions.rubricVersionId} as id, ${calibrationSessions.version} as at from ${calibrationSessions}
      where ${calibrationSessions.version} > ${since} and ${calibrationSessions.version} <= ${upTo} and ${mineSessionsWhere(u)}
      and ${calibrationSessions.rubricVersionId} in (select ${rubricVersions.id} from ${rubricVersions} where ${retiredReadOnlyWhere(u)})`;
  const query = (having: SQL, n: number | null) => sql`select ${rubricVersions.id} as id, h.at, (${replicatedVersionsWhere(u)}) as replicated
    from (select x.id, max(x.at) as at from (${hits}) x group by x.id having ${having}) h
    join ${rubricVersions} on ${rubricVersions.id} = h.id
    order by h.at ${n === null ? sql`` : sql`limit ${n}`}`;
  type Hit = { id: string; at: string | number; replicated: boolean };
  const read = async (having: SQL, n: number | null) => rowsOf<Hit>(await db.execute(query(having, n))).map((r) => ({ id: r.id, at: Number(r.at), replicated: r.replicated }));
  const rows = await read(sql`true`, limit);
  if (rows.length === limit && limit > 0) {
    // Complete the last version's ties so the page can end on a version boundary.
    const last = rows[rows.length - 1].at;
    const have = new Set(rows.map((r) => r.id));
    rows.push(...(await read(sql`max(x.at) = ${last}`, null)).filter((r) => !have.has(r.id)));
  }
  return rows;
}

/** Every version of the rubrics `u` edits: the institution's for Super_Admin and Admin, a HOD's department's for them. */
function editableVersionsWhere(u: AuthUser): SQL | undefined {
  const ofRubrics = (where: SQL) => sql`${rubricVersions.rubricId} in (select ${rubrics.id} from ${rubrics} where ${where})`;
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
