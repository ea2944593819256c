/** Reading and deleting whole observations. */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Observation } from '../../../shared/contract/observations.js';
import type { Db } from '../../db/client.js';
import { artifacts, evidenceNotes, observations, postObservations } from '../../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { runPerShape } from '../../db/prepared-shapes.js';
import { observationRule } from '../scope/index.js';
import { requireVisible } from './access.js';
import { requireNotFinal } from './closing.js';
import { buildDocuments } from './document.js';
import { touchLaterCarriers } from './growth-goals.js';
import { can } from '../../../shared/permissions.js';

export async function getObservation(db: Db, u: AuthUser, id: string): Promise<Observation> {
  // loadVisible's read, in a statement prepared once (db/prepared-shapes.ts): this one answers every GET.
  const [found] = await runPerShape(db, 'observation_row', () => ({ shape: 'any', condition: undefined }), () => db.select().from(observations).where(eq(observations.id, sql.placeholder('id'))), { id });
  const row = requireVisible(u, found);
  const [doc] = await buildDocuments(db, u, [row]);
  return doc;
}

/** Observations the user may see, newest first (the replica uses the sync pull; this is the REST equivalent). */
export async function listObservations(db: Db, u: AuthUser, limit = 500): Promise<Observation[]> {
  // Prepared once per scope shape (db/prepared-shapes.ts): Drizzle's building cost more than the query.
  const rows = await runPerShape(
    db,
    'observation_list',
    (bind) => observationRule(u, bind),
    (condition) => db.select().from(observations).where(condition).orderBy(desc(observations.createdAt)).limit(sql.placeholder('limit')),
    { limit },
  );
  return buildDocuments(db, u, rows);
}

/**
 * DELETE /observation/{id}: Super_Admin only. Every part cascades; the triggers write the tombstones the pull
 * sends. Returns the storage keys of the deleted artifacts and note photos so the caller removes the files after commit.
 */
export async function deleteObservation(ctx: WriteContext, u: AuthUser, id: string): Promise<string[]> {
  const { tx } = ctx;
  if (!can(u.role, 'observation.delete')) throw forbidden();
  const [row] = await tx
    .select({ id: observations.id, facultyId: observations.facultyId, createdAt: observations.createdAt, signedOffAt: observations.signedOffAt })
    .from(observations)
    .where(eq(observations.id, id));
  if (!row) throw notFound();
  // A signed-off observation is a record (reports, dossiers): it stays.
  requireNotFinal(row);
  const posts = await tx.select({ id: postObservations.id }).from(postObservations).where(eq(postObservations.observationId, id));
  const files = posts.length
    ? await tx.select({ key: artifacts.storageKey }).from(artifacts).where(inArray(artifacts.postObservationId, posts.map((p) => p.id)))
    : [];
  // Evidence-note photos live in the same store as artifacts.
  const photos = await tx.select({ key: evidenceNotes.photoKey }).from(evidenceNotes).where(eq(evidenceNotes.observationId, id));
  await touchLaterCarriers(tx, row, ctx.now);
  await tx.delete(observations).where(eq(observations.id, id));
  ctx.audit({ actorId: u.id, action: 'observation.delete', entity: 'observations', entityId: id });
  return [...files.map((f) => f.key), ...photos.flatMap((p) => (p.key ? [p.key] : []))];
}
