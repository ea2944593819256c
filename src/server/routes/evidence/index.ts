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
import { z } from 'zod';
import { AuditEntry, EvidenceNote, MeetingAgenda } from '../../../shared/contract/evidence.js';
import { routeSchema } from '../../http/route-schema.js';

type NoteParams = { Params: { id: string; noteId: string } };

export default async function evidenceRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { storage } = app.deps;

  const notes = routeSchema('/observation/:id/notes', { tag: 'observations', summary: 'Evidence notes as the caller may see them', who: 'its observer, HOD, Super_Admin; its faculty (shared notes of a locked rubric)', response: z.array(EvidenceNote) });
  app.get<{ Params: { id: string } }>('/observation/:id/notes', { ...auth, schema: notes }, async (req) => listNotes(app.deps.db, req.user, idParam(req.params.id)));

  const photo = routeSchema('/observation/:id/notes/:noteId/photo', { tag: 'observations', summary: 'A note’s photo', who: 'who may see the note', produces: 'image/jpeg' });
  app.get<NoteParams>('/observation/:id/notes/:noteId/photo', { ...auth, schema: photo }, async (req, reply) => {
    const p = await notePhotoForDownload(app.deps.db, req.user, storage, idParam(req.params.id), idParam(req.params.noteId));
    return reply
      .header('content-type', CONTENT_TYPE_OF[p.kind])
      .header('content-length', p.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(await storage.openArtifact(p.storageKey));
  });

  const agenda = routeSchema('/observation/:id/agenda', { tag: 'observations', summary: 'The post-observation meeting agenda (no scores)', who: 'its observer, HOD, Super_Admin; its faculty once shared', response: MeetingAgenda });
  app.get<{ Params: { id: string } }>('/observation/:id/agenda', { ...auth, schema: agenda }, async (req) => getAgenda(app.deps.db, req.user, idParam(req.params.id)));

  const trail = routeSchema('/observation/:id/audit', { tag: 'observations', summary: 'Who did what and when (server and device time)', who: 'its observer, HOD, Super_Admin', response: z.array(AuditEntry) });
  app.get<{ Params: { id: string } }>('/observation/:id/audit', { ...auth, schema: trail }, async (req) => auditTrail(app.deps.db, req.user, idParam(req.params.id)));
}
