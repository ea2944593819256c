/**
 * Pure rules of the calibration pages (docs/adr/2026-11-28-calibration.md): the version's groups as the scoring
 * page shows them, a group's state, the list's sections, a note's time, the create form's checks and the server's
 * field-named refusals ("participantIds: …").
 */
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import type { ScaleLevel } from '../../../shared/rubric-definition.js';
import { isScaleValue } from '../../../shared/rubric.js';

export type Draft = Readonly<Record<string, number | undefined>>;

export interface CalibrationItem {
  id: string;
  title: string;
  guidance: string | null;
  descriptors: Readonly<Record<string, string>>;
}

export interface CalibrationGroup {
  code: string;
  title: string;
  items: CalibrationItem[];
  scale: readonly ScaleLevel[];
}

/** The version's groups in its order, each item titled "code title" as the rubric screen does. */
export function calibrationGroups(version: Pick<RubricVersion, 'scale' | 'groups'>): CalibrationGroup[] {
  return version.groups.map((g) => ({
    code: g.code,
    title: g.title,
    scale: version.scale,
    items: g.items.map((i) => ({ id: i.id, title: `${i.code} ${i.title}`, guidance: i.guidance, descriptors: i.descriptors })),
  }));
}

export const missingItems = (g: CalibrationGroup, draft: Draft): string[] => g.items.filter((i) => !isScaleValue(draft[i.id], g.scale)).map((i) => i.id);
export const isGroupComplete = (g: CalibrationGroup, draft: Draft): boolean => missingItems(g, draft).length === 0;
/** Saved: the session document holds every item's score and the form shows the same. */
export const isGroupSaved = (g: CalibrationGroup, draft: Draft, saved: Readonly<Record<string, number>>): boolean =>
  g.items.every((i) => saved[i.id] !== undefined && saved[i.id] === draft[i.id]);

export type GroupState = 'empty' | 'draft' | 'saved';
export const GROUP_STATE_LABEL: Record<GroupState, string> = { empty: 'Not scored yet', draft: 'Not saved yet', saved: 'Saved' };
export const GROUP_STATE_COLOR: Record<GroupState, string> = { empty: 'gray', draft: 'yellow', saved: 'teal' };

export function groupState(g: CalibrationGroup, draft: Draft, saved: Readonly<Record<string, number>>): GroupState {
  if (isGroupSaved(g, draft, saved)) return 'saved';
  return g.items.some((i) => draft[i.id] !== undefined) ? 'draft' : 'empty';
}

/** Where a session belongs on the list, for its reader. */
export type SessionSection = 'to-score' | 'submitted' | 'closed' | 'organised';

export function sectionOf(s: CalibrationSession): SessionSection {
  if (!s.mine) return 'organised';
  if (s.status === 'closed') return 'closed';
  return s.mine.submittedAt ? 'submitted' : 'to-score';
}

/** The sessions by section, each by deadline (soonest first). */
export function sessionSections(sessions: readonly CalibrationSession[]): Record<SessionSection, CalibrationSession[]> {
  const out: Record<SessionSection, CalibrationSession[]> = { 'to-score': [], submitted: [], closed: [], organised: [] };
  for (const s of [...sessions].sort((a, b) => a.deadline.localeCompare(b.deadline) || a.id.localeCompare(b.id))) out[sectionOf(s)].push(s);
  return out;
}

/** The participant's list from the replica with the server's answer (organised sessions, fresher copies) over it. */
export function mergeSessions(replica: readonly CalibrationSession[], server: readonly CalibrationSession[] | null): CalibrationSession[] {
  const byId = new Map(replica.map((s) => [s.id, s]));
  for (const s of server ?? []) {
    const mine = byId.get(s.id);
    if (!mine || s.version >= mine.version) byId.set(s.id, s);
  }
  return [...byId.values()];
}

/** Seconds into the lesson as m:ss (h:mm:ss from an hour). */
export function formatOffset(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The form's values before they become CalibrationSessionCreate. */
export interface CreateValues {
  title: string;
  rubricVersionId: string | null;
  lessonKind: 'video' | 'live';
  /** The finished upload's URL (/api/files/<id>) of a video lesson. */
  videoURL: string | null;
  liveDescription: string;
  liveDate: string;
  participantIds: string[];
  withReference: boolean;
  expertName: string;
  /** Per item: the expert's level and rationale. */
  reference: Record<string, { score: number | null; rationale: string }>;
  /** Local date and time, YYYY-MM-DDTHH:mm (the datetime-local input). */
  deadline: string;
  namesParticipants: boolean;
}

export type CreateErrors = Partial<Record<string, string>>;

/** The checks the form can make itself, by field (the server checks the rest and answers by field too). */
export function createErrors(v: CreateValues, items: readonly CalibrationItem[], now: Date): CreateErrors {
  const e: CreateErrors = {};
  if (!v.title.trim()) e.title = 'Title: must not be empty';
  if (!v.rubricVersionId) e.rubricVersionId = 'Rubric version: choose a published version';
  if (v.lessonKind === 'video' && !v.videoURL) e.lesson = 'Video: upload the lesson’s video (MP4) first';
  if (v.lessonKind === 'live') {
    if (!v.liveDescription.trim()) e.liveDescription = 'Class: describe the live class';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.liveDate)) e.liveDate = 'Class date: choose the date of the class';
  }
  if (v.participantIds.length === 0) e.participantIds = 'Observers: choose at least one observer';
  const deadline = v.deadline ? new Date(v.deadline) : null;
  if (!deadline || Number.isNaN(deadline.getTime())) e.deadline = 'Deadline: choose a date and time';
  else if (deadline.getTime() <= now.getTime()) e.deadline = 'Deadline: must be in the future';
  if (v.withReference) {
    if (!v.expertName.trim()) e.expertName = 'Expert: name the expert';
    for (const i of items) {
      const r = v.reference[i.id];
      if (r?.score == null) e[`reference.${i.id}.score`] = `${i.title}: choose the reference level`;
      if (!r?.rationale.trim()) e[`reference.${i.id}.rationale`] = `${i.title}: give the rationale`;
    }
  }
  return e;
}

/** The request body of valid form values. */
export function createBody(v: CreateValues, items: readonly CalibrationItem[]) {
  return {
    id: crypto.randomUUID(),
    title: v.title.trim(),
    rubricVersionId: v.rubricVersionId!,
    lesson: v.lessonKind === 'video' ? { kind: 'video' as const, fileURL: v.videoURL! } : { kind: 'live' as const, description: v.liveDescription.trim(), date: v.liveDate },
    participantIds: v.participantIds,
    ...(v.withReference
      ? { reference: { expertName: v.expertName.trim(), items: items.map((i) => ({ itemId: i.id, score: v.reference[i.id]!.score!, rationale: v.reference[i.id]!.rationale.trim() })) } }
      : {}),
    deadline: new Date(v.deadline).toISOString(),
    namesParticipants: v.namesParticipants,
  };
}

/** The form field a server refusal names ("participantIds: …", "reference.items: …", "lesson: …"), else null. */
export function serverField(message: string): { field: string; message: string } | null {
  const m = /^([a-zA-Z]+)(?:\.[\w.-]+)?: (.+)$/.exec(message);
  if (!m) return null;
  const field = m[1] === 'reference' ? 'expertName' : m[1]!;
  return KNOWN_FIELDS.has(field) ? { field, message: message } : null;
}
const KNOWN_FIELDS = new Set(['title', 'rubricVersionId', 'lesson', 'participantIds', 'expertName', 'deadline']);
