/**
 * Pure rules of the rubric builder: the editor's state (a RubricDefinition whose groups and items carry a stable
 * key for the page), checks with the one shared schema (src/shared/rubric-definition.ts) turned into a message per
 * field path ("groups.1.items.0.code"), moves for drag and for the Move up/down buttons, and the preview's groups
 * (the rubric screen's own shape, so the preview is what the observer sees).
 */
import type { RubricVersion } from '../../../../shared/contract/rubrics.js';
import { RubricDefinition, SCALE_LEVELS_MAX, type ScaleLevel } from '../../../../shared/rubric-definition.js';
import { versionMaximum } from '../../../../shared/rubric.js';
import type { RubricGroup } from '../rubric-state.js';

export interface EditorItem {
  key: string;
  code: string;
  title: string;
  guidance: string;
  /** Text per level value; empty text is left out when saved. */
  descriptors: Record<string, string>;
}
export interface EditorGroup {
  key: string;
  code: string;
  title: string;
  items: EditorItem[];
}
export interface EditorState {
  name: string;
  groups: EditorGroup[];
  scale: ScaleLevel[];
}

const key = () => crypto.randomUUID();

export function newItem(code: string, title = ''): EditorItem {
  return { key: key(), code, title, guidance: '', descriptors: {} };
}
export function newGroup(code: string, itemCode: string): EditorGroup {
  return { key: key(), code, title: '', items: [newItem(itemCode)] };
}

/** What "New rubric" starts from: one group of one item on four levels 1–4 (valid, so it can be created at once). */
export function blankDefinition(name: string): RubricDefinition {
  return {
    name,
    groups: [{ code: 'A', title: 'First group', items: [{ code: 'A1', title: 'First item' }] }],
    scale: [
      { value: 1, label: 'Beginning' },
      { value: 2, label: 'Developing' },
      { value: 3, label: 'Proficient' },
      { value: 4, label: 'Exemplary' },
    ],
  };
}

export function fromVersion(v: Pick<RubricVersion, 'name' | 'groups' | 'scale'>): EditorState {
  return {
    name: v.name,
    scale: v.scale.map((l) => ({ ...l })),
    groups: v.groups.map((g) => ({
      key: key(),
      code: g.code,
      title: g.title,
      items: g.items.map((i) => ({ key: key(), code: i.code, title: i.title, guidance: i.guidance ?? '', descriptors: { ...i.descriptors } })),
    })),
  };
}

/** The definition the server receives (empty guidance and descriptors left out). */
export function toDefinition(s: EditorState): RubricDefinition {
  return {
    name: s.name,
    scale: s.scale,
    groups: s.groups.map((g) => ({
      code: g.code,
      title: g.title,
      items: g.items.map((i) => {
        const descriptors = Object.fromEntries(Object.entries(i.descriptors).filter(([, t]) => t.trim() !== ''));
        return {
          code: i.code,
          title: i.title,
          ...(i.guidance.trim() ? { guidance: i.guidance } : {}),
          ...(Object.keys(descriptors).length ? { descriptors } : {}),
        };
      }),
    })),
  };
}

/** Field path → first message, from the shared schema (the same refusals the server gives, without its prefix). */
export type Issues = Readonly<Record<string, string>>;

export function issuesOf(s: EditorState): Issues {
  const r = RubricDefinition.safeParse(toDefinition(s));
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/**
 * A server refusal "definition.groups.1.code: duplicate group code G1" (or without the `definition.` prefix) as
 * {path, message}; null when it names no field of the definition.
 */
export function serverIssue(message: string): { path: string; message: string } | null {
  const m = /^(?:definition\.)?((?:name|groups|scale)(?:\.[\w-]+)*): (.+)$/.exec(message);
  return m ? { path: m[1], message: m[2] } : null;
}

/** `list` with the entry at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(target, 0, x);
  return next;
}

/** A level value changed or a level removed: descriptors follow their level (a removed level's are dropped). */
export function rekeyDescriptors(s: EditorState, from: number, to: number | null): EditorState {
  const f = String(from);
  return {
    ...s,
    groups: s.groups.map((g) => ({
      ...g,
      items: g.items.map((i) => {
        if (!(f in i.descriptors)) return i;
        const { [f]: text, ...rest } = i.descriptors;
        return { ...i, descriptors: to == null ? rest : { ...rest, [String(to)]: text } };
      }),
    })),
  };
}

/** The next level: one above the current top, labelled for the builder to rename; none past the maximum. */
export function nextLevel(scale: readonly ScaleLevel[]): ScaleLevel | null {
  if (scale.length >= SCALE_LEVELS_MAX) return null;
  const top = scale.reduce((t, l) => Math.max(t, l.value), -1);
  return { value: top + 1, label: `Level ${top + 1}` };
}

/** A code not yet used, from `prefix` and a number. */
export function freshCode(prefix: string, used: Iterable<string>): string {
  const taken = new Set(used);
  for (let n = 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** The preview: the definition as the rubric screen's groups (item ids are the editor's keys). */
export function previewGroups(s: EditorState): RubricGroup[] {
  return s.groups.map((g) => ({
    code: g.code,
    title: g.title,
    scale: s.scale,
    items: g.items.map((i) => ({ id: i.key, code: g.code, title: i.title, guidance: i.guidance || null, descriptors: i.descriptors, facultyScore: null, observerScore: null })),
  }));
}

export function previewMaximum(s: EditorState): number {
  return versionMaximum(
    s.groups.reduce((n, g) => n + g.items.length, 0),
    s.scale,
  );
}
