// @vitest-environment jsdom
/**
 * The rubric builder's draft editor: each refusal of the shared RubricDefinition schema shown at its own input
 * (paths like groups.1.code), the server's refusals read the same way, reordering groups and items by the Move
 * up/down buttons (and the pure move), the scale's 2–7 levels, and the preview on the rubric screen's own cards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RubricVersion } from '../../src/shared/contract/rubrics.js';
import { DraftEditor } from '../../src/client/features/rubrics/builder/draft-editor.js';
import { fromVersion, issuesOf, move, serverIssue, toDefinition } from '../../src/client/features/rubrics/builder/builder-state.js';
import { importProblems } from '../../src/client/features/rubrics/builder/rubric-list.js';
import { renderWithMantine } from './render.js';

afterEach(cleanup);

const DRAFT: RubricVersion = {
  id: '7e570000-0000-4000-8000-0000000000d1',
  rubricId: '7e570000-0000-4000-8000-0000000000a1',
  name: 'Seminar rubric',
  departmentId: null,
  number: 1,
  status: 'draft',
  scale: [
    { value: 1, label: 'Low' },
    { value: 2, label: 'Mid' },
    { value: 3, label: 'High' },
  ],
  groups: [
    {
      code: 'A',
      title: 'Preparation',
      items: [
        { id: 'i-a1', code: 'A1', title: 'Reading done', guidance: null, descriptors: { '3': 'Every reading, annotated' } },
        { id: 'i-a2', code: 'A2', title: 'Questions brought', guidance: 'Count them', descriptors: {} },
      ],
    },
    { code: 'B', title: 'Discussion', items: [{ id: 'i-b1', code: 'B1', title: 'Builds on others', guidance: null, descriptors: {} }] },
  ],
  maximum: 9,
  publishedAt: null,
  retiredAt: null,
  version: 3,
};

const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const codes = (kind: 'Group' | 'Item') => screen.getAllByRole('textbox', { name: new RegExp(`^${kind} \\d+ code`) }).map((el) => (el as HTMLInputElement).value);
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent;

describe('builder rules', () => {
  it('names each refusal by its field path, as the server does', () => {
    const s = fromVersion(DRAFT);
    expect(issuesOf(s)).toEqual({});
    s.groups[1]!.code = 'A';
    s.groups[0]!.items[1]!.title = ' ';
    s.scale = [{ value: 1, label: 'Only' }];
    expect(issuesOf(s)).toEqual({
      'groups.1.code': 'duplicate group code A',
      'groups.0.items.1.title': 'must not be empty',
      scale: 'must have 2 to 7 levels',
      // The descriptor of level 3 names a level the scale no longer has.
      'groups.0.items.0.descriptors.3': 'is not a level value of the scale',
    });
    expect(serverIssue('definition.groups.1.code: duplicate group code G1')).toEqual({ path: 'groups.1.code', message: 'duplicate group code G1' });
    expect(serverIssue('scale.0.label: a level needs a label')).toEqual({ path: 'scale.0.label', message: 'a level needs a label' });
    expect(serverIssue('Rubric not found!')).toBeNull();
  });

  it('moves an entry within its list, clamped; empty guidance and descriptors are left out of the definition', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    const def = toDefinition(fromVersion(DRAFT));
    expect(def.groups[0]!.items[0]).toEqual({ code: 'A1', title: 'Reading done', descriptors: { '3': 'Every reading, annotated' } });
    expect(def.groups[0]!.items[1]).toEqual({ code: 'A2', title: 'Questions brought', guidance: 'Count them' });
  });

  it('an imported file is checked with the same schema before it is sent', () => {
    expect(importProblems('not json').problems).toEqual(['The file is not JSON.']);
    const bad = importProblems(JSON.stringify({ name: 'X', groups: [{ code: 'G', title: 'G', items: [] }], scale: [{ value: 1, label: 'a' }, { value: 1, label: 'b' }] }));
    expect(bad.definition).toBeNull();
    expect(bad.problems).toEqual(['groups.0.items: a group needs at least one item', 'scale.1.value: duplicate level value 1']);
    expect(importProblems(JSON.stringify(toDefinition(fromVersion(DRAFT)))).problems).toEqual([]);
  });
});

describe('draft editor', () => {
  it('shows each message at its input as soon as the field is wrong, and clears it when corrected', () => {
    renderWithMantine(<DraftEditor version={DRAFT} onChanged={() => undefined} />);
    const groupCode = input('Group 2 code');
    fireEvent.change(groupCode, { target: { value: 'A' } });
    expect(groupCode.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(groupCode)).toBe('duplicate group code A');
    expect(screen.getByTestId('issue-count').textContent).toBe('1 field(s) to correct before saving.');

    const title = screen.getAllByRole('textbox', { name: /^Item 1 title/ })[1]!;
    fireEvent.change(title, { target: { value: '' } });
    expect(errorOf(title)).toBe('must not be empty');

    fireEvent.change(groupCode, { target: { value: 'B' } });
    fireEvent.change(title, { target: { value: 'Builds on others' } });
    expect(groupCode.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('issue-count')).toBeNull();

    const level = screen.getByRole('textbox', { name: /^Level 2 label/ });
    fireEvent.change(level, { target: { value: '' } });
    expect(errorOf(level)).toBe('a level needs a label');
  });

  it('reorders groups and items with the Move up/down buttons, the focus staying with what moved; the first cannot move up', async () => {
    renderWithMantine(<DraftEditor version={DRAFT} onChanged={() => undefined} />);
    expect(codes('Group')).toEqual(['A', 'B']);
    expect((screen.getByRole('button', { name: 'Move up group A' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move down group A' }));
    expect(codes('Group')).toEqual(['B', 'A']);
    // The focus stays with the group that moved: its Move down is now disabled (last), so its Move up.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up group A' })));
    expect(codes('Item')).toEqual(['B1', 'A1', 'A2']);
    fireEvent.click(screen.getByRole('button', { name: 'Move up item A2' }));
    expect(codes('Item')).toEqual(['B1', 'A2', 'A1']);
    // Focus stays usable: the moved item's buttons are still there, named after it.
    expect((screen.getByRole('button', { name: 'Move up item A2' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps 2 to 7 levels and previews the rubric as the observer scores it', () => {
    renderWithMantine(<DraftEditor version={DRAFT} onChanged={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove level 3' }));
    expect((screen.getByRole('button', { name: 'Remove level 1' }) as HTMLButtonElement).disabled).toBe(true);
    for (let n = 0; n < 5; n++) fireEvent.click(screen.getByRole('button', { name: 'Add level' }));
    expect(screen.getAllByTestId('scale-level')).toHaveLength(7);
    expect((screen.getByRole('button', { name: 'Add level' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTestId('rubric-preview');
    const a = within(preview).getByRole('region', { name: 'A Preparation' });
    const [reading] = within(a).getAllByRole('radiogroup');
    expect(within(reading!).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['1 Low', '2 Mid', '3 Level 3', '4 Level 4', '5 Level 5', '6 Level 6', '7 Level 7']);
    // Three items × top value 7.
    expect(within(preview).getByTestId('preview-total').textContent).toBe('0.0 / 21.0');
    fireEvent.click(within(reading!).getByRole('radio', { name: '7 Level 7' }));
    expect(within(preview).getByTestId('preview-total').textContent).toBe('7.0 / 21.0');
    expect(within(a).getByText('Count them')).toBeTruthy();
  });
});
