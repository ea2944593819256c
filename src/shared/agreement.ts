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

/**
 * How strongly a row is highlighted: by the size of its difference relative to the rest, so a highlight says
 * something. 'large' for a gap of 2 or more; 'notable' for the largest gap of the table when it is 1 and no more
 * than a third of the rows share it; otherwise none (a difference of 1 on many items is the normal spread of
 * two raters, shown by its value only).
 */
export type GapLevel = 'large' | 'notable' | null;

export function gapLevel(row: Pick<AgreementRow, 'difference'>, agreement: Pick<Agreement, 'rows'>): GapLevel {
  const gap = Math.abs(row.difference);
  if (gap >= 2) return 'large';
  if (gap === 0) return null;
  const max = Math.max(...agreement.rows.map((r) => Math.abs(r.difference)));
  const atMax = agreement.rows.filter((r) => Math.abs(r.difference) === max).length;
  return max === 1 && atMax * 3 <= agreement.rows.length ? 'notable' : null;
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
 * The items with the largest differences, at most `max`, each with the notes tagged to it. Items the sides agree
 * on are left out. Several rubrics (informed, uninformed) may be given: an item counts once, with its largest
 * gap. Ties: items with notes first (there is evidence to talk about), then by item order in the rubric (group
 * code, then place in the group), taking one item per group in turn, so a tie across a whole rubric gives an
 * agenda that covers its groups rather than its first five items.
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
  const codeOf = new Map<string, string>();
  for (const a of agreements) for (const r of a.rows) if (!codeOf.has(r.rubricItemId)) codeOf.set(r.rubricItemId, r.code);
  // The place of each item within its group (by first appearance, which is rubric order), for the round robin.
  const turn = new Map<string, number>();
  const perGroup = new Map<string, number>();
  for (const [id, v] of [...best.entries()].sort((x, y) => x[1].order - y[1].order)) {
    if (v.gap === 0) continue;
    const code = codeOf.get(id) ?? '';
    turn.set(id, perGroup.get(code) ?? 0);
    perGroup.set(code, (perGroup.get(code) ?? 0) + 1);
  }
  const hasNotes = (id: string) => ((notesByItem.get(id)?.length ?? 0) > 0 ? 0 : 1);
  return [...best.entries()]
    .filter(([, v]) => v.gap > 0)
    .sort((x, y) => y[1].gap - x[1].gap || hasNotes(x[0]) - hasNotes(y[0]) || turn.get(x[0])! - turn.get(y[0])! || x[1].order - y[1].order)
    .slice(0, Math.max(0, max))
    .map(([rubricItemId, v]) => ({ rubricItemId, title: v.title, gap: v.gap, noteIds: notesByItem.get(rubricItemId) ?? [] }));
}
