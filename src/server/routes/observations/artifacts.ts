/** POST /upload-artifact/{id} (faculty registers a finished upload), GET /artifacts/{id}/file (download). */
import type { FastifyInstance } from 'fastify';
import { contentDisposition, CONTENT_TYPE_OF } from '../../services/observations/artifact-files.js';
import { artifactForDownload } from '../../services/observations/artifacts.js';
import { idParam } from '../../http/params.js';
import { routeSchema } from '../../http/route-schema.js';

export default async function artifactRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { storage } = app.deps;

  const schema = routeSchema('/artifacts/:id/file', { tag: 'observations', summary: 'An artifact’s file', who: 'who may see the observation', produces: 'application/octet-stream' });
  app.get<{ Params: { id: string } }>('/artifacts/:id/file', { ...auth, schema }, async (req, reply) => {
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
