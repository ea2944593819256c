/**
 * Plan export as real files (SPEC §2): CSV with the fields `field` and `response` (papaparse) and PDF (jspdf).
 * Both libraries are loaded on demand so they stay out of the initial bundle and the screen's chunk.
 */
import type { Observation, ObservationPlan } from '../../../shared/contract/observations.js';
import { csvSafeRow } from '../../../shared/csv.js';

export interface PlanRow {
  field: string;
  response: string;
}

export function planRows(plan: ObservationPlan): PlanRow[] {
  return plan.steps.map((s) => ({ field: s.field, response: s.response ?? '' }));
}

export async function planCsv(plan: ObservationPlan): Promise<string> {
  const Papa = (await import('papaparse')).default;
  // Answers are typed by users: a leading `=` must not become a formula in the reader's spreadsheet.
  return Papa.unparse(planRows(plan).map((r) => csvSafeRow({ ...r })), { columns: ['field', 'response'] });
}

/** Saves a Blob as a file through a temporary object URL. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function exportPlanCsv(plan: ObservationPlan, filename: string): Promise<void> {
  downloadBlob(new Blob([await planCsv(plan)], { type: 'text/csv;charset=utf-8' }), filename);
}

/** What the PDF's header names: the observation the plan belongs to. */
export interface PlanPdfHeader {
  faculty: string;
  course: string | null;
  observer: string;
  semester: string;
  /** The class date (teaching plan) or meeting date (reflection plan), ISO; null while not scheduled. */
  date: string | null;
}

/** The header of a plan of `obs`; `date` is the stage's scheduled date. */
export function planHeaderOf(obs: Observation, date: string | null): PlanPdfHeader {
  return {
    faculty: obs.faculty.name,
    course: obs.course ? `${obs.course.courseCode} ${obs.course.name}` : null,
    observer: obs.observer.name,
    semester: obs.semester,
    date,
  };
}

const fmtDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The plan as an A4 PDF: a header naming the observation (faculty, course, observer, semester, date), then each
 * question in bold with its answer wrapped below; a question never sits alone at the foot of a page; every page
 * carries "Page n of N".
 */
export async function planPdf(plan: ObservationPlan, title: string, header?: PlanPdfHeader, exportedAt: Date = new Date()): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const margin = 48;
  const pageWidth = doc.internal.pageSize.getWidth();
  const width = pageWidth - margin * 2;
  const bottom = doc.internal.pageSize.getHeight() - margin - 16; // room for the page number
  let y = margin;
  const lines = (text: string, size: number, style: 'normal' | 'bold', w = width): string[] => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    return doc.splitTextToSize(text, w) as string[];
  };
  const write = (text: string, size: number, style: 'normal' | 'bold', x = margin, w = width) => {
    for (const line of lines(text, size, style, w)) {
      if (y + size > bottom) {
        doc.addPage();
        y = margin;
      }
      doc.setFont('helvetica', style);
      doc.setFontSize(size);
      doc.text(line, x, y);
      y += size * 1.4;
    }
  };

  write(title, 18, 'bold');
  y += 4;
  if (header) {
    const rows: [string, string][] = [
      ['Faculty', header.faculty],
      ['Course', header.course ?? 'Not chosen yet'],
      ['Observer', header.observer],
      ['Semester', header.semester],
      ['Date', header.date ? fmtDate(header.date) : 'Not scheduled yet'],
    ];
    for (const [label, value] of rows) {
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(10);
      doc.text(`${label}:`, margin, y);
      write(value, 10, 'normal', margin + 70, width - 70);
    }
  }
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8);
  doc.setTextColor(110);
  doc.text(`Exported ${fmtDate(exportedAt.toISOString())}`, margin, y + 2);
  doc.setTextColor(0);
  y += 12;
  doc.setDrawColor(180);
  doc.line(margin, y, pageWidth - margin, y);
  y += 22;

  plan.steps.forEach((step, i) => {
    const question = lines(`${i + 1}. ${step.field}`, 11, 'bold');
    // Keep the question with the first line of its answer.
    if (y + (question.length + 1) * 11 * 1.4 > bottom) {
      doc.addPage();
      y = margin;
    }
    write(`${i + 1}. ${step.field}`, 11, 'bold');
    y += 2;
    write(step.response?.trim() || 'No answer', 10.5, 'normal', margin + 12, width - 12);
    y += 12;
  });

  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(110);
    const footer = header ? `${title} · ${header.faculty}` : title;
    doc.text(footer, margin, doc.internal.pageSize.getHeight() - margin / 2);
    doc.text(`Page ${p} of ${pages}`, pageWidth - margin, doc.internal.pageSize.getHeight() - margin / 2, { align: 'right' });
  }
  return doc.output('blob');
}

export async function exportPlanPdf(plan: ObservationPlan, title: string, filename: string, header?: PlanPdfHeader): Promise<void> {
  downloadBlob(await planPdf(plan, title, header), filename);
}
