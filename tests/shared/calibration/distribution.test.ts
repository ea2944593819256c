import { describe, expect, it } from 'vitest';
import { itemDistributions } from '../../../src/shared/calibration/distribution.js';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { fixtures } from './fixtures.js';

describe('per-item distributions for the conversation after the session', () => {
  for (const c of fixtures.calibration) {
    it(c.name, () => {
      const { participantId, rows } = c.expected.distributions;
      expect(itemDistributions(CalibrationInput.parse(c.input), participantId ?? undefined)).toEqual(rows);
    });
  }

  it("without a participant: no own level, and the reference is everyone's lower median", () => {
    const input = CalibrationInput.parse({
      levels: [0, 1, 2],
      items: ['i'],
      participants: [
        { id: 'a', scores: { i: 0 } },
        { id: 'b', scores: { i: 2 } },
        { id: 'c', scores: { i: null } },
      ],
    });
    expect(itemDistributions(input)).toEqual([
      { itemId: 'i', counts: [{ level: 0, count: 1 }, { level: 1, count: 0 }, { level: 2, count: 1 }], missing: 1, reference: 0, own: null },
    ]);
    // For participant a the reference is the others' (b's) score.
    expect(itemDistributions(input, 'a')[0]).toMatchObject({ reference: 2, own: 0 });
  });
});
