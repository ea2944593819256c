/**
 * Score agreement between the observer and the faculty member of one locked rubric, and the draft
 * agenda of the post-observation meeting built from it. Pure: the agreement view and the agenda editor show these
 * numbers; only items both sides scored are compared.
 */

export interface AgreementInput {
  id: string;
  code?: string;
  title?: string;
  observerScore: number | null;
  facultyScore: number | null;
}

export interface AgreementRow {
  rubricItemId: string;
  code: string;
  title: string;
  observerScore: number;
  facultyScore: number;
  /** faculty − observer (positive: the faculty member rated themselves higher). */
  difference: number;
}

export interface Agreement {
  rows: AgreementRow[];
  /** Items both sides scored. */
  compared: number;
  /** Share of compared items with equal scores, 0–100, one decimal; null when nothing was compared. */
  exactAgreementPct: number | null;
  /** Mean of |faculty − observer|, two decimals; null when nothing was compared. */
  meanAbsoluteDifference: number | null;
}

export function computeAgreement(items: readonly AgreementInput[]): Agreement {
  const rows: AgreementRow[] = [];
  let exact = 0;
  let absSum = 0;
  for (const it of items) {
    if (it.observerScore == null || it.facultyScore == null) continue;
    const difference = it.facultyScore - it.observerScore;
    if (difference === 0) exact++;
    absSum += Math.abs(difference);
    rows.push({ rubricItemId: it.id, code: it.code ?? '', title: it.title ?? '', observerScore: it.observerScore, facultyScore: it.facultyScore, difference });
  }
  const n = rows.length;
  return {
    rows,
    compared: n,
    exactAgreementPct: n ? Math.round((exact / n) * 1000) / 10 : null,
    meanAbsoluteDifference: n ? Math.round((absSum / n) * 100) / 100 : null,
  };
}

export interface NoteRef {
  id: string;
  rubricItemIds: readonly string[];
}

export interface DraftAgendaItem {
  rubricItemId: string;
  title: string;
  /** |difference| of the item (the largest over the rubrics given). */
  gap: number;
  noteIds: string[];
}

/**
 * The items with the largest differences (ties: the order of the rubric), at most `max`, each with the notes
 * tagged to it. Items the sides agree on are left out. Several rubrics (informed, uninformed) may be given: an
 * item counts once, with its largest gap.
 */
export function draftAgenda(agreements: readonly Agreement[], notes: readonly NoteRef[], max = 5): DraftAgendaItem[] {
  const best = new Map<string, { title: string; gap: number; order: number }>();
  let order = 0;
  for (const a of agreements) {
    for (const r of a.rows) {
      const gap = Math.abs(r.difference);
      const seen = best.get(r.rubricItemId);
      if (!seen) best.set(r.rubricItemId, { title: r.title, gap, order: order++ });
      else if (gap > seen.gap) seen.gap = gap;
    }
  }
  const notesByItem = new Map<string, string[]>();
  for (const n of notes) {
    for (const itemId of n.rubricItemIds) notesByItem.set(itemId, [...(notesByItem.get(itemId) ?? []), n.id]);
  }
  return [...best.entries()]
    .filter(([, v]) => v.gap > 0)
    .sort((x, y) => y[1].gap - x[1].gap || x[1].order - y[1].order)
    .slice(0, Math.max(0, max))
    .map(([rubricItemId, v]) => ({ rubricItemId, title: v.title, gap: v.gap, noteIds: notesByItem.get(rubricItemId) ?? [] }));
}
