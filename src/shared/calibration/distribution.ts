/**
 * Per item, how the participants' scores spread over the levels, for the conversation after a calibration
 * session (docs/calibration-statistics.md): the count per level (every level of the version, zeros included), how
 * many did not score it, the reference level and, when a participant is named, that participant's own level. The
 * reference is the one that participant's agreement uses (reference.ts); without a participant and without an
 * expert it is the lower median of everyone.
 */
import { scoreOf, type CalibrationInput } from './input.js';
import { referenceScore } from './reference.js';

export interface ItemDistribution {
  itemId: string;
  counts: { level: number; count: number }[];
  missing: number;
  reference: number | null;
  own: number | null;
}

export function itemDistributions(input: CalibrationInput, participantId?: string): ItemDistribution[] {
  const me = input.participants.find((p) => p.id === participantId);
  return input.items.map((itemId) => {
    const counts = input.levels.map((level) => ({ level, count: 0 }));
    let missing = 0;
    for (const p of input.participants) {
      const s = scoreOf(p.scores, itemId);
      if (s == null) missing++;
      else {
        const bucket = counts.find((c) => c.level === s);
        if (bucket) bucket.count++;
      }
    }
    return { itemId, counts, missing, reference: referenceScore(input, itemId, me?.id), own: me ? scoreOf(me.scores, itemId) : null };
  });
}
