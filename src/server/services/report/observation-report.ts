/**
 * The observation report: one PDF per observation, made on the server from what the reader may see — the
 * document as built for them (a faculty member's copy never carries the observer's scores:
 * services/observations/document.ts), the evidence notes shared with the faculty member, the agenda as they may
 * see it — so a copy can never show more than the screen does. Real text (tests read it back with pdftotext), A4 or
 * Letter, with the document's title and language set. After sign-off nothing in the observation changes, so its
 * report is fixed (src/shared/closing.ts).
 */
import { asc, eq } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import { seesContent, seesObserverScores } from '../../../shared/access-policy/index.js';
import { GOAL_REVIEW_LABEL } from '../../../shared/growth-goals.js';
import { MODE_LABEL, MODE_MSG } from '../../../shared/observation-mode.js';
import { forbidden } from '../errors.js';
import type { EvidenceNote, MeetingAgenda } from '../../../shared/contract/evidence.js';
import type { Meeting, Observation, ObservationPlan } from '../../../shared/contract/observations.js';
import { formatTotal } from '../../../shared/rubric.js';
import type { Db } from '../../db/client.js';
import { evidenceNotes, meetingAgendas } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { agendaForViewer } from '../evidence/agenda.js';
import { notesForViewer } from '../evidence/notes.js';
import { loadVisible } from '../observations/access.js';
import { buildDocuments } from '../observations/document.js';

export type Paper = 'A4' | 'LETTER';

// Standard PDF fonts only: no font file is read, and pdfmake may open no file and no URL (nothing in a report
// names one: artifact links are printed as text).
const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
pdfmake.setFonts({ Helvetica: HELVETICA });
pdfmake.setUrlAccessPolicy(() => false);
// The policy is asked for each font "file": only the standard fonts' names pass (pdfkit has them built in).
pdfmake.setLocalAccessPolicy((name) => STANDARD_FONTS.has(name));

const day = (v: string | null | undefined) => (v ? new Date(v).toISOString().slice(0, 10) : '—');
const stamp = (v: string | null | undefined) => (v ? `${new Date(v).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

type Content = Record<string, unknown> | string;

function heading(text: string): Content {
  return { text, style: 'h2', margin: [0, 12, 0, 4] };
}

function plan(title: string, p: ObservationPlan | null): Content[] {
  if (!p?.editedBy) return [heading(title), { text: 'Not provided.', italics: true }];
  return [heading(title), ...p.steps.flatMap((s) => [{ text: `${s.code} · ${s.name}`, bold: true, margin: [0, 4, 0, 0] }, { text: s.response ?? '—' }])];
}

function rubric(title: string, m: Meeting | null, seesObserver: boolean): Content[] {
  if (!m) return [heading(title), { text: 'Not started.', italics: true }];
  const head = ['Item', 'Title', ...(seesObserver ? ['Observer'] : []), 'Faculty'].map((t) => ({ text: t, bold: true }));
  const rows = m.rubrics.map((r) => [r.code, r.title, ...(seesObserver ? [r.observerScore ?? '—'] : []), r.facultyScore ?? '—'].map(String));
  const totals = [
    ...(seesObserver ? [`Observer total: ${m.observerScore == null ? 'not submitted' : formatTotal(m.observerScore, m.maximum)}`] : []),
    `Faculty total: ${m.facultyScore == null ? 'not submitted' : formatTotal(m.facultyScore, m.maximum)}`,
    ...(m.percentage != null ? [`Final score: ${formatTotal(m.finalScore, m.maximum)} (${m.percentage.toFixed(1)}%)`] : []),
  ];
  return [
    heading(`${title} (${m.status})`),
    { table: { headerRows: 1, widths: seesObserver ? [40, '*', 55, 50] : [40, '*', 50], body: [head, ...rows] }, layout: 'lightHorizontalLines', fontSize: 9 },
    { text: totals.join(' · '), margin: [0, 4, 0, 0] },
  ];
}

function notes(list: EvidenceNote[], items: Map<string, string>): Content[] {
  const shared = list.filter((n) => n.shared);
  if (shared.length === 0) return [heading('Shared evidence notes'), { text: 'None.', italics: true }];
  const at = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return [
    heading('Shared evidence notes'),
    { ul: shared.map((n) => `${n.kind} ${at(n.offsetSeconds)} — ${n.body}${n.rubricItemIds.length ? ` (${n.rubricItemIds.map((id) => items.get(id) ?? id).join(', ')})` : ''}`) },
  ];
}

function agenda(a: MeetingAgenda | null, items: Map<string, string>): Content[] {
  if (!a) return [heading('Agreed agenda'), { text: 'None.', italics: true }];
  return [heading('Agreed agenda'), ...(a.summary ? [{ text: a.summary }] : []), { ul: a.items.map((i) => `${items.get(i.rubricItemId) ?? i.rubricItemId}: ${i.text}`) }];
}

function goals(o: Observation, items: Map<string, string>): Content[] {
  const tied = (ids: string[]) => ids.map((id) => items.get(id) ?? id).join(', ');
  const agreed = o.goals.length
    ? { ul: o.goals.map((g) => ({ text: [{ text: g.goal, bold: true }, ` (${tied(g.rubricItemIds)}; by ${g.targetDate})`, ...(g.actions ? [`\nActions: ${g.actions}`] : [])] })) }
    : { text: 'None agreed.', italics: true };
  const carried = o.carriedGoals.length
    ? [
        heading('Goals from earlier cycles'),
        { ul: o.carriedGoals.map((g) => `${g.goal} (${tied(g.rubricItemIds)}; agreed ${g.agreedIn.semester}): ${g.review ? GOAL_REVIEW_LABEL[g.review.status] + (g.review.note ? ` — ${g.review.note}` : '') : 'not reviewed'}`) },
      ]
    : [];
  return [...carried, heading('Growth goals'), agreed];
}

function closing(o: Observation): Content[] {
  const c = o.closing;
  if (!c) return [heading('Acknowledgement and sign-off'), { text: 'The cycle is not completed yet.', italics: true }];
  return [
    heading('Acknowledgement and sign-off'),
    { text: c.acknowledgedAt ? `Acknowledged by ${c.acknowledgedName} on ${stamp(c.acknowledgedAt)} (acknowledging is not agreeing).` : 'Not acknowledged.' },
    { text: `Response window until ${stamp(c.responseDueAt)}.` },
    ...(c.response ? [{ text: `Response of ${o.faculty.name} (${stamp(c.respondedAt)}):`, bold: true, margin: [0, 4, 0, 0] }, { text: c.response }] : [{ text: 'No written response.' }]),
    { text: c.signedOffAt ? `Signed off by ${c.signedOffBy?.name ?? 'the head of department'} on ${stamp(c.signedOffAt)}. This report is final.` : 'Not signed off yet: this report may still change.', margin: [0, 4, 0, 0] },
  ];
}

/** The report's title: course, faculty member, semester. */
export function reportTitle(o: Observation): string {
  return `Observation report — ${[o.course ? `${o.course.courseCode} ${o.course.name}` : null, o.faculty.name, o.semester].filter(Boolean).join(' · ')}`;
}

/** The content of one observation's report (also a dossier's section). */
export function reportContent(o: Observation, reader: Pick<AuthUser, 'id' | 'role'>, notesSeen: EvidenceNote[], agendaSeen: MeetingAgenda | null, publicUrl: string): Content[] {
  const seesObserver = seesObserverScores(reader, o);
  const inf = o.meetings.informedObservation;
  const items = new Map((inf?.rubrics ?? o.meetings.uninformedObservation?.rubrics ?? []).map((r) => [r.id, `${r.code} ${r.title}`]));
  const post = o.meetings.postObservation;
  return [
    { text: reportTitle(o), style: 'h1' },
    {
      table: {
        widths: [130, '*'],
        body: [
          ['Faculty member', o.faculty.name],
          ['Observer', o.observer.name],
          ['Head of department', o.hod?.name ?? '—'],
          ['Course', o.course ? `${o.course.courseCode} ${o.course.name}` : '—'],
          ['Semester', o.semester],
          ['Kind', MODE_LABEL[o.mode]],
          ['Started / completed', `${day(o.starting)} / ${day(o.ending)}`],
          ['Class observed', day(o.obsRequest?.scheduledOn)],
          ['Post-observation meeting', `${day(post?.scheduledOn)}${post?.location ? `, ${post.location}` : ''}`],
        ],
      },
      layout: 'noBorders',
      margin: [0, 6, 0, 0],
    },
    ...plan('Teaching plan', o.obsRequest?.teachingPlan ?? null),
    ...rubric('Informed observation', inf, seesObserver),
    ...rubric('Uninformed observation', o.meetings.uninformedObservation, seesObserver),
    ...notes(notesSeen, items),
    ...agenda(agendaSeen, items),
    ...plan('Reflection plan', post?.reflectionPlan ?? null),
    ...goals(o, items),
    heading('Artifacts'),
    post?.artifacts.length ? { ul: post.artifacts.map((a) => `${a.name} — ${new URL(a.fileURL, publicUrl).toString()}`) } : { text: 'None.', italics: true },
    ...closing(o),
  ];
}

export const REPORT_STYLES = { h1: { fontSize: 16, bold: true }, h2: { fontSize: 12, bold: true } };

/** A PDF of `content` with its title and language set. */
export function renderPdf(content: Content[], title: string, paper: Paper, author: string): Promise<Buffer> {
  return pdfmake
    .createPdf({
      info: { title, author, subject: 'Classroom teaching observation', creator: 'Observa' },
      language: 'en-US',
      pageSize: paper,
      pageMargins: [48, 56, 48, 56],
      defaultStyle: { font: 'Helvetica', fontSize: 10 },
      styles: REPORT_STYLES,
      footer: (page: number, pages: number) => ({ text: `${title} — page ${page} of ${pages}`, fontSize: 8, alignment: 'center', margin: [0, 20, 0, 0] }),
      content,
    })
    .getBuffer();
}

/** What one reader may see of one observation, gathered for its report. */
export async function reportParts(db: Db, u: AuthUser, id: string): Promise<{ doc: Observation; notes: EvidenceNote[]; agenda: MeetingAgenda | null }> {
  const row = await loadVisible(db, u, id);
  // A formative observation's report is its faculty member's (and its observer's): src/shared/observation-mode.ts.
  if (!seesContent(u, row)) throw forbidden(MODE_MSG.formativeReport);
  const [doc] = await buildDocuments(db, u, [row]);
  const [agendaRow] = await db.select().from(meetingAgendas).where(eq(meetingAgendas.observationId, row.id));
  const noteRows = await db.select().from(evidenceNotes).where(eq(evidenceNotes.observationId, row.id)).orderBy(asc(evidenceNotes.kind), asc(evidenceNotes.offsetSeconds));
  const notes = (await notesForViewer(db, u, noteRows, new Map([[row.id, row]]))).flatMap((n) => (n.doc ? [n.doc] : []));
  return { doc, notes, agenda: agendaRow ? agendaForViewer(u, row, agendaRow) : null };
}

export async function observationReport(db: Db, u: AuthUser, id: string, paper: Paper, publicUrl: string): Promise<{ pdf: Buffer; filename: string }> {
  const { doc, notes: seen, agenda: a } = await reportParts(db, u, id);
  const title = reportTitle(doc);
  const pdf = await renderPdf(reportContent(doc, u, seen, a, publicUrl), title, paper, 'Observa');
  return { pdf, filename: `observation-${doc.faculty.name.replace(/[^\w.-]+/g, '-')}-${doc.semester}-${doc.id.slice(0, 8)}.pdf` };
}
