/**
 * Calibration reads (services/calibration/); the changes are mutators (write/mutators/calibration.ts).
 *
 *   GET /calibration/sessions                     the caller's sessions: taken part in, or organised
 *   GET /calibration/sessions/{id}                one session as the caller may see it (blind until closed)
 *   GET /calibration/sessions/{id}/video          the lesson's video (organisers and participants)
 *   GET /calibration/sessions/{id}/results        the statistics and the conversation view, once closed
 *   GET /calibration/thresholds/{versionId}       a rubric version's certification thresholds
 *   GET /calibration/due                          a department's observers and their calibration
 *   GET /calibration/severity/{observerId}        an observer's severity and drift from live observations
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CalibrationDue,
  CalibrationDueQuery,
  CalibrationResults,
  CalibrationSession,
  CalibrationSeverity,
  CalibrationSeverityQuery,
  CalibrationThresholds,
} from '../../shared/contract/calibration.js';
import { parseByteRange } from '../http/byte-range.js';
import { idParam } from '../http/params.js';
import { routeSchema } from '../http/route-schema.js';
import { dueObservers, getThresholds } from '../services/calibration/certification.js';
import { sessionResults } from '../services/calibration/results.js';
import { getSession, listSessions, videoForDownload } from '../services/calibration/sessions.js';
import { observerSeverity } from '../services/calibration/severity.js';

type IdParams = { Params: { id: string } };

export default async function calibrationRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { db, storage } = app.deps;
  const now = () => app.deps.now();
  const organisersAndParticipants = 'its organisers (the HOD of its department; Super_Admin and Admin for the institution’s) and its participants';

  const list = routeSchema('/calibration/sessions', { tag: 'calibration', summary: 'The caller’s calibration sessions (taken part in, or organised)', who: 'signed in', response: z.array(CalibrationSession) });
  app.get('/calibration/sessions', { ...auth, schema: list }, async (req) => listSessions(db, req.user, now()));

  const one = routeSchema('/calibration/sessions/:id', { tag: 'calibration', summary: 'One calibration session (a participant: only their own scores and notes until it closes)', who: organisersAndParticipants, response: CalibrationSession });
  app.get<IdParams>('/calibration/sessions/:id', { ...auth, schema: one }, async (req) => getSession(db, req.user, idParam(req.params.id), now()));

  // Byte ranges (http/byte-range.ts) let the browser's <video> seek: 206 with Content-Range, 416 past the end.
  const video = routeSchema('/calibration/sessions/:id/video', { tag: 'calibration', summary: 'The lesson’s video (one byte range with Range: 206, or 416 past its end)', who: organisersAndParticipants, produces: 'video/mp4' });
  app.get<IdParams>('/calibration/sessions/:id/video', { ...auth, schema: video }, async (req, reply) => {
    const v = await videoForDownload(db, req.user, storage, idParam(req.params.id));
    reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
    const range = parseByteRange(req.headers.range, v.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${v.size}`).send({ error: 'Range: not within the video' });
    reply.header('content-type', 'video/mp4');
    if (!range) return reply.header('content-length', v.size).send(await storage.openArtifact(v.storageKey));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${v.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await storage.openArtifact(v.storageKey, range));
  });

  const results = routeSchema('/calibration/sessions/:id/results', { tag: 'calibration', summary: 'Agreement, kappa, Fleiss, ICC(2,1), certification and per-item distributions (409 until closed)', who: organisersAndParticipants, response: CalibrationResults });
  app.get<IdParams>('/calibration/sessions/:id/results', { ...auth, schema: results }, async (req) => sessionResults(db, req.user, idParam(req.params.id), now()));

  const thresholds = routeSchema('/calibration/thresholds/:versionId', { tag: 'calibration', summary: 'A rubric version’s certification thresholds', who: 'who may read the rubric', response: CalibrationThresholds });
  app.get<{ Params: { versionId: string } }>('/calibration/thresholds/:versionId', { ...auth, schema: thresholds }, async (req) => getThresholds(db, req.user, idParam(req.params.versionId)));

  const due = routeSchema('/calibration/due', { tag: 'calibration', summary: 'A department’s observers: calibrated until when, and who is due', who: 'the department’s Head_of_Department, Admin, Super_Admin', query: CalibrationDueQuery, response: CalibrationDue });
  app.get('/calibration/due', { ...auth, schema: due }, async (req) => dueObservers(db, req.user, CalibrationDueQuery.parse(req.query ?? {}), now()));

  const severity = routeSchema('/calibration/severity/:observerId', { tag: 'calibration', summary: 'An observer’s severity per item and agreement with self-scores (≥ 10 locked observations on the version)', who: 'the HOD of the observer’s department, Admin, Super_Admin (never faculty or observers)', query: CalibrationSeverityQuery, response: CalibrationSeverity });
  app.get<{ Params: { observerId: string } }>('/calibration/severity/:observerId', { ...auth, schema: severity }, async (req) =>
    observerSeverity(db, req.user, req.params.observerId, CalibrationSeverityQuery.safeParse(req.query ?? {}).data?.rubricVersionId),
  );
}
