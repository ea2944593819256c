/**
 * Sync source of rubric versions: what the user's device replicates (access-policy replicatesRubricVersion, its SQL
 * form services/rubrics/reads.ts) — every version of the rubrics they edit, the published versions they may read,
 * and a retired one only while an observation they see or a calibration session of theirs is on it
 * (docs/adr/2026-11-28-retired-rubric-versions.md)
 * — whole as GET /rubrics/versions/{id} answers it, so a device scores an observation offline on the version its
 * document names (rubricVersionId) and a builder edits a draft offline. A document's version is its version row's:
 * a draft save, a publish, a retire and a change of the rubric's name each move it (services/rubrics/builder.ts),
 * so documents never share a version; a retired version replicated through an observation (or a calibration
 * session) is sent again at its version when it changes, so it arrives with it. A version retired under a device that no longer
 * replicates it leaves as a removal; a deleted draft as a tombstone (migration 0027, sync/tombstones.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { rubrics, rubricVersions } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { replicatedVersionChanges } from '../../services/rubrics/reads.js';
import { versionDocs } from '../../services/rubrics/versions.js';
import type { FeedContext, SyncSource } from './types.js';

async function changes(db: Db, user: AuthUser, since: number, upTo: number, limit: number, feed?: FeedContext): Promise<SyncChange[]> {
  const hits = await replicatedVersionChanges(db, user, { since, upTo, firstDownload: feed?.firstDownload ?? false }, limit);
  const ids = hits.filter((h) => h.replicated).map((h) => h.id);
  const rows = ids.length
    ? await db.select({ version: rubricVersions, rubric: rubrics }).from(rubricVersions).innerJoin(rubrics, eq(rubrics.id, rubricVersions.rubricId)).where(inArray(rubricVersions.id, ids))
    : [];
  const docs = new Map((await versionDocs(db, rows)).map((d) => [d.id, d]));
  return hits.map((h) => ({ entity: 'rubricVersions' as const, id: h.id, version: h.at, data: h.replicated ? ((docs.get(h.id) ?? null) as unknown as Record<string, unknown> | null) : null }));
}

export const rubricVersionsSource: SyncSource = {
  entity: 'rubricVersions',
  changedSince: (db, user, since, upTo, limit, feed) => changes(db, user, since, upTo, limit, feed),
};

export const RUBRIC_SOURCES: SyncSource[] = [rubricVersionsSource];
