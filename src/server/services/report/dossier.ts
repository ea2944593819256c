/**
 * A dossier: every final (signed-off) report of one faculty member whose cycle was completed in a period, as one
 * PDF with a contents page — what a promotion or contract-renewal file needs. Each section is the observation's
 * report as the reader may see it (observation-report.ts); who may ask: access-policy/closing.ts.
 */
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { mayDownloadDossier, seesContent } from '../../../shared/access-policy/index.js';
import type { Db } from '../../db/client.js';
import { observations, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { renderPdf, reportContent, reportParts, reportTitle, type Paper } from './observation-report.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DossierQuery {
  facultyId: string;
  /** First and last day of the period (YYYY-MM-DD, UTC), both included. */
  from: string;
  to: string;
  paper: Paper;
}

export async function dossier(db: Db, u: AuthUser, q: DossierQuery, publicUrl: string): Promise<{ pdf: Buffer; filename: string }> {
  if (!DAY.test(q.from) || Number.isNaN(Date.parse(q.from))) throw badRequest('from: a day such as 2026-01-31');
  if (!DAY.test(q.to) || Number.isNaN(Date.parse(q.to))) throw badRequest('to: a day such as 2026-12-31');
  if (q.to < q.from) throw badRequest('to: the period ends before it starts');
  const [faculty] = await db.select({ id: users.id, name: users.name, departmentId: users.departmentId }).from(users).where(eq(users.id, q.facultyId));
  if (!faculty) throw notFound();
  if (!mayDownloadDossier(u, faculty)) throw forbidden();
  const end = new Date(Date.parse(q.to) + 86_400_000);
  const rows = await db
    .select({ id: observations.id, mode: observations.mode, facultyId: observations.facultyId, observerId: observations.observerId })
    .from(observations)
    .where(and(eq(observations.facultyId, faculty.id), isNotNull(observations.signedOffAt), gte(observations.ending, new Date(q.from)), lt(observations.ending, end)))
    .orderBy(asc(observations.ending));
  const title = `Observation dossier — ${faculty.name}, ${q.from} to ${q.to}`;
  // A HOD's copy leaves out formative observations: their reports belong to the faculty member.
  const readable = rows.filter((r) => seesContent(u, r));
  const formativeLeftOut = rows.length - readable.length;
  const sections = [];
  for (const r of readable) {
    const { doc, notes, agenda } = await reportParts(db, u, r.id);
    // The report's own title line is replaced by one that starts a page and is a line of the contents.
    const [, ...rest] = reportContent(doc, u, notes, agenda, publicUrl);
    sections.push({ text: reportTitle(doc), style: 'h1', tocItem: true, pageBreak: 'before' }, ...rest);
  }
  const content = [
    { text: title, style: 'h1' },
    { text: `${readable.length} final report${readable.length === 1 ? '' : 's'} of observations completed in the period.`, margin: [0, 4, 0, formativeLeftOut ? 0 : 12] },
    ...(formativeLeftOut
      ? [{ text: `${formativeLeftOut} formative observation${formativeLeftOut === 1 ? ' was' : 's were'} completed in the period; formative reports belong to the faculty member and are not included.`, margin: [0, 4, 0, 12] }]
      : []),
    readable.length ? { toc: { title: { text: 'Contents', style: 'h2' } } } : { text: 'No observation of this faculty member was completed and signed off in this period.', italics: true },
    ...sections,
  ];
  const pdf = await renderPdf(content, title, q.paper, 'Observa');
  return { pdf, filename: `dossier-${faculty.name.replace(/[^\w.-]+/g, '-')}-${q.from}-${q.to}.pdf` };
}
