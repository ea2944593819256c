/**
 * Plan export as real files (SPEC §2): CSV with the fields `field` and `response` (papaparse) and PDF (jspdf).
 * Both libraries are loaded on demand so they stay out of the initial bundle and the screen's chunk.
 */
import type { ObservationPlan } from '../../../shared/contract/observations.js';
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

export async function planPdf(plan: ObservationPlan, title: string): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const margin = 48;
  const width = doc.internal.pageSize.getWidth() - margin * 2;
  const bottom = doc.internal.pageSize.getHeight() - margin;
  let y = margin;
  const write = (text: string, size: number, style: 'normal' | 'bold') => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      if (y + size > bottom) {
        doc.addPage();
        y = margin;
      }
      doc.text(line, margin, y);
      y += size * 1.35;
    }
  };
  write(title, 16, 'bold');
  y += 8;
  for (const row of planRows(plan)) {
    write(row.field, 11, 'bold');
    write(row.response || '—', 11, 'normal');
    y += 8;
  }
  return doc.output('blob');
}

export async function exportPlanPdf(plan: ObservationPlan, title: string, filename: string): Promise<void> {
  downloadBlob(await planPdf(plan, title), filename);
}
