/**
 * Sync source of calibration sessions: those the user takes part in (services/calibration/sessions.ts
 * takesPartWhere), each as GET /calibration/sessions/{id} answers that participant — their own scores and notes,
 * the reference only once closed — so scores and notes are made offline on the device. A participant's change, the
 * closing, the creation and an organiser's edit each give the session row a new version. A removed participant and
 * the participants of a deleted session get a removal addressed to each (services/calibration/edit.ts).
 */
import { and, asc, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calibrationSessions } from '../../db/schema.js';
import type { AuthUser } from '../../services/deps.js';
import { sessionDocs, takesPartWhere } from '../../services/calibration/sessions.js';
import type { FeedContext, SyncSource } from './types.js';

async function changes(db: Db, user: AuthUser, where: SQL | undefined, limit: number, feed?: FeedContext) {
  const rows = await db
    .select()
    .from(calibrationSessions)
    .where(and(where, takesPartWhere(user)))
    .orderBy(asc(calibrationSessions.version))
    .limit(limit);
  const docs = await sessionDocs(db, user, rows, feed?.now ?? new Date());
  return docs.map((d) => ({ entity: 'calibrationSessions' as const, id: d.id, version: d.version, data: d as unknown as Record<string, unknown> }));
}

export const calibrationSessionsSource: SyncSource = {
  entity: 'calibrationSessions',
  changedSince: (db, user, since, upTo, limit, feed) => changes(db, user, and(gt(calibrationSessions.version, since), lte(calibrationSessions.version, upTo)), limit, feed),
};

export const CALIBRATION_SOURCES: SyncSource[] = [calibrationSessionsSource];
