/**
 * Sync source of rubric versions: every published or retired version the user may read, and the drafts of the
 * rubrics they edit (services/rubrics/reads.ts replicatedVersionsWhere, the SQL form of mayReadRubric and
 * mayEditRubric), whole as GET /rubrics/versions/{id} answers it, so a device scores an observation offline on the
 * version its document names (rubricVersionId) and a builder edits a draft offline. A document's version is its
 * version row's: a draft save, a publish, a retire and a change of the rubric's name each move it
 * (services/rubrics/builder.ts), so documents never share a version. Only drafts are ever deleted (migration 0024);
 * their removal reaches devices as a tombstone (migration 0027, sync/tombstones.ts).
 */
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rubrics, rubricVersions } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { replicatedVersionsWhere } from '../../services/rubrics/reads.js';
import { versionDocs } from '../../services/rubrics/versions.js';
import type { SyncSource } from './types.js';

async function changes(db: Db, user: AuthUser, where: SQL | undefined, limit?: number) {
  const q = db
    .select({ version: rubricVersions, rubric: rubrics })
    .from(rubricVersions)
    .innerJoin(rubrics, eq(rubrics.id, rubricVersions.rubricId))
    .where(and(where, replicatedVersionsWhere(user)))
    .orderBy(asc(rubricVersions.version))
    .$dynamic();
  const rows = limit === undefined ? await q : await q.limit(limit);
  const docs = await versionDocs(db, rows);
  return docs.map((d) => ({ entity: 'rubricVersions' as const, id: d.id, version: d.version, data: d as unknown as Record<string, unknown> }));
}

export const rubricVersionsSource: SyncSource = {
  entity: 'rubricVersions',
  changedSince: (db, user, since, upTo, limit) => changes(db, user, and(gt(rubricVersions.version, since), lte(rubricVersions.version, upTo)), limit),
};

export const RUBRIC_SOURCES: SyncSource[] = [rubricVersionsSource];
