/** POST /upload-artifact/{id} (faculty registers a finished upload), GET /artifacts/{id}/file (download). */
import type { FastifyInstance } from 'fastify';
import { UploadArtifactRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { created, idempotentWrite } from '../../http/idempotency.js';
import { contentDisposition, CONTENT_TYPE_OF } from '../../services/observations/artifact-files.js';
import { artifactForDownload, registerArtifact } from '../../services/observations/artifacts.js';
import { idParam } from './params.js';

export default async function artifactRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { storage } = app.deps;

  app.post<{ Params: { id: string } }>('/upload-artifact/:id', auth, async (req, reply) => {
    const id = idParam(req.params.id);
    const body = UploadArtifactRequest.parse(req.body ?? {});
    // SPEC §7 answers a `message`; the artifact's fields stay at the top level (the app reads them) and as `artifact`.
    return idempotentWrite(req, reply, async (tx) => {
      const artifact = await registerArtifact(tx, req.user, storage, id, body);
      return created({ message: MSG.artifactUploaded, ...artifact, artifact });
    });
  });

  app.get<{ Params: { id: string } }>('/artifacts/:id/file', auth, async (req, reply) => {
    const a = await artifactForDownload(app.deps.db, req.user, storage, idParam(req.params.id));
    return reply
      .header('content-type', CONTENT_TYPE_OF[a.kind])
      .header('content-length', a.size)
      .header('content-disposition', contentDisposition(a.name, a.kind))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(await storage.openArtifact(a.storageKey));
  });
}
