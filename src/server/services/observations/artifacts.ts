/**
 * POST /upload-artifact/{id}: the faculty member of the observation registers a finished tus upload as an
 * artifact of the post-observation meeting ({id} = post-observation id, or the observation id). The type comes
 * from the content (pdf, docx, jpeg, png, mp4), the size is limited, the file moves under a generated name.
 * GET /artifacts/{id}/file: served only to people who may see the observation.
 */
import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { ARTIFACT_KIND_MAX_BYTES } from '../../../shared/contract/files.js';
import type { Artifact, UploadArtifactRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { artifacts, postObservations } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, loadVisible, requireOpen } from './access.js';
import { sniffUpload, type FileStorage } from '../../storage/index.js';
import { storeUpload, uploadIdFrom, type ArtifactKind } from './artifact-files.js';
import { announce, ROUTES } from './events.js';
import { artifactUrl } from './document.js';

export async function registerArtifact(
  ctx: WriteContext,
  u: AuthUser,
  storage: FileStorage,
  postOrObservationId: string,
  body: z.infer<typeof UploadArtifactRequest>,
): Promise<Artifact> {
  const { tx } = ctx;
  const [post] = await tx
    .select()
    .from(postObservations)
    .where(or(eq(postObservations.id, postOrObservationId), eq(postObservations.observationId, postOrObservationId)));
  if (!post) throw notFound();
  const o = await loadForWrite(tx, u, post.observationId);
  if (u.id !== o.facultyId) throw forbidden();
  requireOpen(o);
  if (post.status !== 'Ongoing') throw conflict(MSG.postNotOngoing);
  if (body.id) {
    const [taken] = await tx.select({ id: artifacts.id }).from(artifacts).where(eq(artifacts.id, body.id));
    if (taken) throw conflict(ID_IN_USE);
  }

  // Only a finished upload by this same user (the tus endpoint records the owner) can become an artifact.
  const uploadId = uploadIdFrom(body.uploadId, body.fileURL);
  const info = uploadId ? await storage.upload(uploadId) : null;
  if (!uploadId || !info || !info.complete || info.metadata.owner !== u.id) throw badRequest(MSG.uploadNotFound);
  const size = info.offset;
  if (size === 0) throw badRequest(MSG.uploadNotFound);
  const kind = await sniffUpload(storage, uploadId, size);
  if (!kind) throw badRequest(MSG.artifactTypeNotAllowed);
  // The limit of the kind the content IS (declaring a video at creation does not let an image be larger).
  if (size > ARTIFACT_KIND_MAX_BYTES[kind]) throw tooLarge(MSG.artifactTooLarge);

  // The move happens before commit: if the transaction then fails, the client's retry finds no upload (400) and
  // the row is shown as needing attention — never a row without its file.
  const storageKey = await storeUpload(storage, uploadId, kind);
  const artifactId = body.id ?? randomUUID();
  const [row] = await tx
    .insert(artifacts)
    .values({ id: artifactId, postObservationId: post.id, name: body.name, type: kind, fileUrl: artifactUrl(artifactId), storageKey, size, uploadedBy: u.id })
    .returning();
  await announce(tx, o, u.id, { to: ['observer'], title: 'Artifact uploaded', message: `${u.name} uploaded ${body.name}.`, route: ROUTES.post(o.id) });
  ctx.audit({ actorId: u.id, action: 'artifact.register', entity: 'observations', entityId: o.id, detail: { artifactId: row.id, type: kind, size } });
  return { id: row.id, name: row.name, type: kind, fileURL: artifactUrl(row.id) };
}

export interface ArtifactFile {
  storageKey: string;
  name: string;
  kind: ArtifactKind;
  size: number;
}

export async function artifactForDownload(db: Db, u: AuthUser, storage: FileStorage, artifactId: string): Promise<ArtifactFile> {
  const [row] = await db
    .select({ a: artifacts, observationId: postObservations.observationId })
    .from(artifacts)
    .innerJoin(postObservations, eq(postObservations.id, artifacts.postObservationId))
    .where(eq(artifacts.id, artifactId));
  if (!row) throw notFound();
  await loadVisible(db, u, row.observationId);
  const size = await storage.artifactSize(row.a.storageKey);
  if (size == null) throw notFound();
  return { storageKey: row.a.storageKey, name: row.a.name, kind: row.a.type as ArtifactKind, size };
}
