/**
 * GET /observation/{id}/report (who may see the observation): its report as a PDF, as the caller may see it.
 * GET /reports/dossier (the faculty member, or their HOD): every final report of a period in one PDF.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../http/params.js';
import { routeSchema } from '../../http/route-schema.js';
import { badRequest } from '../../services/errors.js';
import { observationReport, type Paper } from '../../services/report/observation-report.js';
import { dossier } from '../../services/report/dossier.js';

const ReportQuery = z.object({ paper: z.string().optional() });
const DossierQuery = z.object({ facultyId: z.string().optional(), from: z.string().optional(), to: z.string().optional(), paper: z.string().optional() });

/** `?paper=A4` (default) or `?paper=Letter`. */
function paperOf(q: unknown): Paper {
  const raw = ReportQuery.safeParse(q ?? {}).data?.paper ?? 'A4';
  const v = raw.toUpperCase();
  if (v !== 'A4' && v !== 'LETTER') throw badRequest('paper: A4 or Letter');
  return v;
}

export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { config } = app.deps;
  const baseUrl = (req: FastifyRequest) => (config.publicUrlAuto && req.host ? `${req.protocol}://${req.host}` : config.publicUrl);

  const schema = routeSchema('/observation/:id/report', { tag: 'observations', summary: 'The observation report (PDF, A4 or Letter)', who: 'who may see the observation', query: ReportQuery, produces: 'application/pdf' });
  app.get<{ Params: { id: string } }>('/observation/:id/report', { ...auth, schema }, async (req, reply) => {
    const paper = paperOf(req.query);
    const { pdf, filename } = await observationReport(app.deps.db, req.user, idParam(req.params.id), paper, baseUrl(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  const dossierSchema = routeSchema('/reports/dossier', { tag: 'observations', summary: 'A faculty member’s final reports of a period in one PDF (?facultyId, from, to: YYYY-MM-DD; paper)', who: 'the faculty member, or the HOD of their department', query: DossierQuery, produces: 'application/pdf' });
  app.get('/reports/dossier', { ...auth, schema: dossierSchema }, async (req, reply) => {
    const q = DossierQuery.safeParse(req.query ?? {}).data ?? {};
    const facultyId = idParam(q.facultyId ?? req.user.id);
    const { pdf, filename } = await dossier(app.deps.db, req.user, { facultyId, from: q.from ?? '', to: q.to ?? '', paper: paperOf(req.query) }, baseUrl(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
