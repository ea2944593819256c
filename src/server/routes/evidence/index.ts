/**
 * Evidence routes (notes, photos, agenda, audit trail), registered under /api. Thin: parse with the shared contract, run the service (writes inside
 * `idempotentWrite`), answer. Rules per role and ownership: services/evidence/.
 *
 *   GET    /observation/{id}/notes                      notes as the caller may see them
 *   POST   /observation/{id}/notes                      the observer, rubric open
 *   PUT    /observation/{id}/notes/{noteId}             the observer; content until the lock, `shared` any time
 *   DELETE /observation/{id}/notes/{noteId}             the observer, rubric open
 *   PUT    /observation/{id}/notes/{noteId}/photo       the observer attaches a finished tus upload (JPEG/PNG)
 *   GET    /observation/{id}/notes/{noteId}/photo       who may see the note
 *   GET    /observation/{id}/agenda                     full audience; faculty once shared
 *   PUT    /observation/{id}/agenda                     the observer, once a rubric is locked
 *   GET    /observation/{id}/audit                      the observer, the HOD, Super_Admin
 */
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPE_OF } from '../../services/observations/artifact-files.js';
import { getAgenda } from '../../services/evidence/agenda.js';
import { auditTrail } from '../../services/evidence/audit-trail.js';
import { listNotes, notePhotoForDownload } from '../../services/evidence/notes.js';
import { idParam } from '../../http/params.js';

type NoteParams = { Params: { id: string; noteId: string } };

export default async function evidenceRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { storage } = app.deps;

  app.get<{ Params: { id: string } }>('/observation/:id/notes', auth, async (req) => listNotes(app.deps.db, req.user, idParam(req.params.id)));

  app.get<NoteParams>('/observation/:id/notes/:noteId/photo', auth, async (req, reply) => {
    const p = await notePhotoForDownload(app.deps.db, req.user, storage, idParam(req.params.id), idParam(req.params.noteId));
    return reply
      .header('content-type', CONTENT_TYPE_OF[p.kind])
      .header('content-length', p.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(await storage.openArtifact(p.storageKey));
  });

  app.get<{ Params: { id: string } }>('/observation/:id/agenda', auth, async (req) => getAgenda(app.deps.db, req.user, idParam(req.params.id)));

  app.get<{ Params: { id: string } }>('/observation/:id/audit', auth, async (req) => auditTrail(app.deps.db, req.user, idParam(req.params.id)));
}
