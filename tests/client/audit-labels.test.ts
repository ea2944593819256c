/** The audit trail reads as words and collapses repeats; analytics items come in rubric order with codes. */
import { describe, expect, it } from 'vitest';
import { actionLabel, collapseRuns } from '../../src/client/features/audit/audit-timeline.js';
import { inRubricOrder, itemCode } from '../../src/client/features/analytics/analytics-charts.js';
import type { AuditEntry } from '../../src/shared/contract/evidence.js';

describe('audit trail wording', () => {
  it('names every cycle action in words, and turns an unknown code into words too', () => {
    expect(actionLabel('scheduling.facultySlots')).toBe('Offered class slots');
    expect(actionLabel('post.facultySlot')).toBe('Chose a meeting slot');
    expect(actionLabel('informed.saveGroup')).toBe('Saved informed rubric scores');
    expect(actionLabel('course.slot.add')).toBe('Course: slot add');
    expect(actionLabel('somethingNew.didThing')).toBe('Something new: did thing');
    for (const a of ['scheduling.plan', 'scheduling.observerSlot', 'scheduling.facultyAccept', 'scheduling.observerAccept', 'scheduling.done', 'post.plan', 'post.observerSlots', 'post.scheduled', 'post.completed']) {
      expect(actionLabel(a), a).not.toMatch(/[.·]|[a-z][A-Z]/);
    }
  });

  it('collapses the same action by the same person in a row', () => {
    const e = (id: number, action: string, actorId: string): AuditEntry => ({ id, action, actorId, actorName: actorId, actorRole: 'Observer', at: `2026-11-2${id}T10:00:00.000Z`, clientTime: null });
    const runs = collapseRuns([e(1, 'informed.saveGroup', 'a'), e(2, 'informed.saveGroup', 'a'), e(3, 'informed.saveGroup', 'a'), e(4, 'informed.saveGroup', 'a'), e(5, 'informed.saveGroup', 'b'), e(6, 'informed.submit', 'a')]);
    expect(runs.map((r) => [r.first.id, r.last.id, r.count])).toEqual([[1, 4, 4], [5, 5, 1], [6, 6, 1]]);
  });
});

describe('analytics items', () => {
  it('sort by group then position and read as 1-A.1', () => {
    const items = [
      { id: 'b2', code: '1-B', position: 2, title: '' },
      { id: 'a2', code: '1-A', position: 2, title: '' },
      { id: 'b1', code: '1-B', position: 1, title: '' },
      { id: 'a1', code: '1-A', position: 1, title: '' },
    ];
    expect(inRubricOrder(items).map(itemCode)).toEqual(['1-A.1', '1-A.2', '1-B.1', '1-B.2']);
  });
});
