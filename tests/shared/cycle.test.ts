import { describe, expect, it } from 'vitest';
import { cycleLabel, cycleProgress, cycleStatus, planAnswersError } from '../../src/shared/cycle.js';
import { MSG } from '../../src/shared/messages.js';

describe('cycle label, progress and status', () => {
  it('follows SPEC §4 for the label', () => {
    expect(cycleLabel({})).toBe('---');
    expect(cycleLabel({ obsRequest: 'Ongoing' })).toBe('Observation Scheduling');
    expect(cycleLabel({ obsRequest: 'Completed', informed: 'Ongoing' })).toBe('Informed Observation');
    expect(cycleLabel({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Ongoing' })).toBe('Uninformed Observation');
    expect(cycleLabel({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Ongoing' })).toBe('---');
    expect(cycleLabel({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Scheduled' })).toBe('Post Observation');
    expect(cycleLabel({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Completed' })).toBe('---');
  });

  it('progress per milestone 0/10/50/80/100', () => {
    expect(cycleProgress({})).toBe(0);
    expect(cycleProgress({ obsRequest: 'Ongoing' })).toBe(0);
    expect(cycleProgress({ obsRequest: 'Completed', informed: 'Ongoing' })).toBe(10);
    expect(cycleProgress({ obsRequest: 'Completed', informed: 'Completed' })).toBe(50);
    expect(cycleProgress({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Scheduled' })).toBe(80);
    expect(cycleProgress({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Completed' })).toBe(100);
  });

  it('status: Pending, then Ongoing once scheduling starts, Completed with the post-observation meeting', () => {
    expect(cycleStatus({})).toBe('Pending');
    expect(cycleStatus({ obsRequest: 'Ongoing' })).toBe('Ongoing');
    expect(cycleStatus({ obsRequest: 'Completed', informed: 'Completed', uninformed: 'Completed', post: 'Scheduled' })).toBe('Ongoing');
    expect(cycleStatus({ obsRequest: 'Completed', post: 'Completed' })).toBe('Completed');
  });
});

describe('plan answers', () => {
  const steps = [
    { id: 'a', code: 'Teacher Perspective' },
    { id: 'b', code: 'Reflective Write-ups' },
  ];
  const narrative = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

  it('needs every field, ≤ 500 words, and narrative write-ups of ≥ 60 words without bullets', () => {
    expect(planAnswersError(steps, [{ id: 'a', response: 'x' }, { id: 'b', response: narrative }])).toBeNull();
    expect(planAnswersError(steps, [{ id: 'a', response: 'x' }])).toBe(MSG.provideAllDetails);
    expect(planAnswersError(steps, [{ id: 'a', response: '  ' }, { id: 'b', response: narrative }])).toBe(MSG.provideAllDetails);
    expect(planAnswersError(steps, [{ id: 'a', response: 'x' }, { id: 'b', response: 'too short' }])).toBe(MSG.reflectiveWriteupRule);
    expect(planAnswersError(steps, [{ id: 'a', response: 'x' }, { id: 'b', response: `- ${narrative}` }])).toBe(MSG.reflectiveWriteupRule);
    expect(planAnswersError(steps, [{ id: 'a', response: 'w '.repeat(501) }, { id: 'b', response: narrative }])).toBe(MSG.answerTooLong);
    expect(planAnswersError(steps, [{ id: 'a', response: 'x' }, { id: 'b', response: narrative }, { id: 'z', response: 'x' }])).toBe(MSG.provideAllDetails);
  });
});
