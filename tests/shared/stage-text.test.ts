/** stageText: what a person reads for where an observation stands, never SPEC's bare '---'. */
import { describe, expect, it } from 'vitest';
import { CYCLE_LABELS, stageText } from '../../src/shared/cycle.js';

describe('stageText', () => {
  it('names the stage, or what comes next between stages', () => {
    const at = (status: string, observationProgress: number, cycleLabel: string) => stageText({ status, observationProgress, cycleLabel });
    expect(at('Pending', 0, CYCLE_LABELS.none)).toBe('Waiting for scheduling');
    expect(at('Ongoing', 0, CYCLE_LABELS.scheduling)).toBe('Observation Scheduling');
    expect(at('Ongoing', 10, CYCLE_LABELS.informed)).toBe('Informed Observation');
    expect(at('Ongoing', 50, CYCLE_LABELS.none)).toBe('Uninformed observation to start');
    expect(at('Ongoing', 80, CYCLE_LABELS.none)).toBe('Post-observation meeting to arrange');
    expect(at('Ongoing', 80, CYCLE_LABELS.post)).toBe('Post Observation');
    expect(at('Completed', 100, CYCLE_LABELS.none)).toBe('Cycle completed');
    for (const p of [0, 10, 50, 80, 100]) expect(at('Ongoing', p, CYCLE_LABELS.none)).not.toContain('---');
  });
});
