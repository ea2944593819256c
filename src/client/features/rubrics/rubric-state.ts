/**
 * Pure rules of the rubric screen: groups in the version's order, a group's save check, "all groups saved", and
 * the totals shown as `x / maximum` (src/shared/rubric.ts does the arithmetic the server also uses). Every rule
 * reads the observation's rubric version (docs/adr/2026-11-28-rubric-versions.md): its groups, titles, level values
 * and labels, descriptors; without a version the SPEC rubric's (0–4, 4 groups, / 80.0).
 */
import type { Meeting, RubricRow } from '../../../shared/contract/observations.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { RUBRIC_CODES, RUBRIC_GROUP_TITLES, type RubricCode } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { SPEC_SCALE, type ScaleLevel } from '../../../shared/rubric-definition.js';
import { isScaleValue, sideTotal } from '../../../shared/rubric.js';

export type ScoringSide = 'observer' | 'faculty';
export type Draft = Readonly<Record<string, number | undefined>>;

/** A rubric item as the screen shows it: the meeting's row, with the version's help text when it has any. */
export interface RubricScreenItem extends RubricRow {
  guidance?: string | null;
  /** Text per level value ("1": "…"). */
  descriptors?: Readonly<Record<string, string>>;
}

export interface RubricGroup {
  code: string;
  title: string;
  items: RubricScreenItem[];
  /** The levels the group's items are scored on (the version's scale; SPEC: 0–4). */
  scale: readonly ScaleLevel[];
}

/** The parts of a version the screen reads (a replicated `rubricVersions` document, or a builder draft). */
export type VersionView = Pick<RubricVersion, 'scale' | 'groups'>;

/**
 * The meeting's rows grouped as the version orders and titles them; without a version, in SPEC order with SPEC's
 * titles and scale. Rows of a group the version does not name follow, titled by their code.
 */
export function rubricGroups(rows: readonly RubricRow[], version?: VersionView | null): RubricGroup[] {
  const byCode = new Map<string, RubricRow[]>();
  for (const r of rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
  const scale = version?.scale ?? SPEC_SCALE;
  const defs = new Map((version?.groups ?? []).map((g) => [g.code, g]));
  const known: string[] = version ? version.groups.map((g) => g.code) : [...RUBRIC_CODES];
  const order = [...known, ...[...byCode.keys()].filter((c) => !known.includes(c))];
  return order
    .filter((c) => byCode.has(c))
    .map((code) => {
      const def = defs.get(code);
      const help = new Map((def?.items ?? []).map((i) => [i.id, i]));
      const position = new Map((def?.items ?? []).map((i, n) => [i.id, n]));
      const items = byCode.get(code)!.map((r): RubricScreenItem => {
        const h = help.get(r.id);
        return h ? { ...r, guidance: h.guidance, descriptors: h.descriptors } : r;
      });
      if (def) items.sort((a, b) => (position.get(a.id) ?? def.items.length) - (position.get(b.id) ?? def.items.length));
      const title = def?.title ?? (version ? code : (RUBRIC_GROUP_TITLES[code as RubricCode] ?? code));
      return { code, title, items, scale };
    });
}

const scored = (group: RubricGroup, v: unknown) => isScaleValue(v, group.scale);

export const savedScore = (row: RubricRow, side: ScoringSide): number | null => (side === 'observer' ? row.observerScore : row.facultyScore);

/** The side's saved scores as a draft (the starting point of the form). */
export function draftFrom(rows: readonly RubricRow[], side: ScoringSide): Record<string, number | undefined> {
  const d: Record<string, number | undefined> = {};
  for (const r of rows) d[r.id] = savedScore(r, side) ?? undefined;
  return d;
}

/** 'Please Select all Rubrics Point!' unless every item of the group has a score among its levels. */
export function groupSaveError(group: RubricGroup, draft: Draft): string | null {
  return group.items.every((i) => scored(group, draft[i.id])) ? null : MSG.selectAllRubrics;
}

/** A group is saved when the replica holds the side's score for each item and the form shows the same. */
export function isGroupSaved(group: RubricGroup, draft: Draft, side: ScoringSide): boolean {
  return group.items.every((i) => savedScore(i, side) != null && draft[i.id] === savedScore(i, side));
}

/** 'Please save all rubrics scores!' unless all groups are saved. */
export function submitError(groups: readonly RubricGroup[], draft: Draft, side: ScoringSide): string | null {
  return groups.length > 0 && groups.every((g) => isGroupSaved(g, draft, side)) ? null : MSG.saveAllRubrics;
}

/** The side's running total of what is in the form (x / maximum while scoring). */
export function draftTotal(draft: Draft): number {
  return sideTotal(Object.values(draft).filter((v): v is number => typeof v === 'number'));
}

/** Done is offered to the observer once both sides submitted and the scores are not locked yet. */
export function canLock(m: Meeting | null, side: ScoringSide | 'viewer'): boolean {
  return !!m && side === 'observer' && m.status !== 'Completed' && m.observerScore != null && m.facultyScore != null;
}

/** Can this side still change its scores? Faculty score once; nobody after the lock. */
export function canScore(m: Meeting | null, side: ScoringSide | 'viewer'): boolean {
  if (!m || side === 'viewer' || m.status === 'Completed') return false;
  return side === 'observer' || m.facultyScore == null;
}

/**
 * Where a group stands on this device: nothing scored yet; some items tapped (a draft kept on the device);
 * complete and on its way (in the outbox, or about to be); refused by the server; or saved.
 */
export type GroupState = 'empty' | 'draft' | 'sending' | 'needs-attention' | 'saved';

export const GROUP_STATE_LABEL: Record<GroupState, string> = {
  empty: 'Not scored yet',
  draft: 'Draft on this device',
  sending: 'Complete — sending',
  'needs-attention': 'Not accepted — see sync',
  saved: 'Saved',
};

export const GROUP_STATE_COLOR: Record<GroupState, string> = { empty: 'gray', draft: 'yellow', sending: 'blue', 'needs-attention': 'red', saved: 'teal' };

/** The outbox's view of the rubric items: ids queued to send, ids whose send was refused. */
export interface QueuedItems {
  pending: ReadonlySet<string>;
  refused: ReadonlySet<string>;
}

export function isGroupComplete(group: RubricGroup, draft: Draft): boolean {
  return group.items.every((i) => scored(group, draft[i.id]));
}

/** Items of the group that still need a score (the ones a Save or Submit points at). */
export function missingItems(group: RubricGroup, draft: Draft): string[] {
  return group.items.filter((i) => !scored(group, draft[i.id])).map((i) => i.id);
}

export function groupState(group: RubricGroup, draft: Draft, side: ScoringSide, queued: QueuedItems): GroupState {
  const ids = group.items.map((i) => i.id);
  if (ids.some((id) => queued.refused.has(id))) return 'needs-attention';
  if (isGroupSaved(group, draft, side)) return ids.some((id) => queued.pending.has(id)) ? 'sending' : 'saved';
  if (isGroupComplete(group, draft)) return 'sending';
  return group.items.some((i) => draft[i.id] !== undefined) ? 'draft' : 'empty';
}

/** Groups partly scored on this device (leaving the page warns about these). */
export function partlyScored(groups: readonly RubricGroup[], draft: Draft, side: ScoringSide): RubricGroup[] {
  return groups.filter((g) => !isGroupComplete(g, draft) && g.items.some((i) => draft[i.id] !== undefined && draft[i.id] !== savedScore(i, side)));
}
