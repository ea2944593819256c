import { describe, expect, it } from 'vitest';
import { isOverdue, NOT_STARTED, overdueStages, READY_TO_START, stageStates, type StageSource } from '../../src/shared/stages.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 24 * 3600 * 1000).toISOString();

function obs(over: Partial<StageSource['meetings']> & { req?: StageSource['obsRequest'] } = {}): StageSource {
  return {
    status: 'Ongoing',
    obsRequest: over.req ?? { status: 'Completed', scheduledOn: daysAgo(3) },
    meetings: {
      informedObservation: over.informedObservation ?? null,
      uninformedObservation: over.uninformedObservation ?? null,
      postObservation: over.postObservation ?? null,
    },
  };
}

describe('isOverdue', () => {
  it('flags a dated step not done once its day has passed, and only then', () => {
    const today = '2026-11-27';
    expect(isOverdue('2026-11-26T23:30:00.000Z', false, today)).toBe(true);
    expect(isOverdue('2026-11-27T08:00:00.000Z', false, today), 'this morning: not yet').toBe(false);
    expect(isOverdue(daysAgo(10), true, today)).toBe(false);
    expect(isOverdue(null, false, today)).toBe(false);
    expect(isOverdue('not a date', false, today)).toBe(false);
    expect(isOverdue('2026-11-01', false, today)).toBe(true);
    expect(isOverdue('2026-11-28T09:00:00.000Z', false, today)).toBe(false);
  });
});

describe('stageStates', () => {
  it('says the uninformed observation is ready to start beside a completed informed one, not started before', () => {
    const before = stageStates(obs({ informedObservation: { status: 'Ongoing' } }), NOW);
    expect(before[2]).toMatchObject({ key: 'uninformed', status: NOT_STARTED, blocked: true });
    const after = stageStates(obs({ informedObservation: { status: 'Completed' } }), NOW);
    expect(after[2]).toMatchObject({ key: 'uninformed', status: READY_TO_START, blocked: false });
    expect(after[3]).toMatchObject({ key: 'post', status: NOT_STARTED, blocked: true });
  });

  it('flags a meeting dated days ago that still reads Scheduled, and the class whose scores are still open', () => {
    const o = obs({
      informedObservation: { status: 'Ongoing' },
      postObservation: { status: 'Scheduled', scheduledOn: daysAgo(14) },
    });
    expect(overdueStages(o, NOW).map((s) => s.key)).toEqual(['informed', 'post']);
    const done = obs({ informedObservation: { status: 'Completed' }, postObservation: { status: 'Completed', scheduledOn: daysAgo(14) } });
    expect(overdueStages(done, NOW)).toEqual([]);
  });

  it('keeps a meeting dated in the future on time', () => {
    const o = obs({ informedObservation: { status: 'Completed' }, uninformedObservation: { status: 'Completed' }, postObservation: { status: 'Scheduled', scheduledOn: new Date(NOW + 86_400_000).toISOString() } });
    expect(overdueStages(o, NOW)).toEqual([]);
    expect(stageStates(o, NOW)[3]).toMatchObject({ status: 'Scheduled', overdue: false });
  });
});

describe('meeting date', () => {
  it('is the meeting date, else the slot the faculty chose', () => {
    const post = { status: 'Scheduled', scheduledOn: null, timeSlotByFaculty: 's2', timeSlotsByObserver: [{ id: 's1', dateTime: daysAgo(1) }, { id: 's2', dateTime: daysAgo(9) }] };
    const o = obs({ informedObservation: { status: 'Completed' }, uninformedObservation: { status: 'Completed' }, postObservation: post });
    expect(overdueStages(o, NOW).map((s) => s.key)).toEqual(['post']);
    expect(overdueStages(obs({ postObservation: { ...post, timeSlotByFaculty: null } }), NOW)).toEqual([]);
  });
});
