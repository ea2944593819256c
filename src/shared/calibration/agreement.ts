/**
 * Pairwise agreement of each participant with the reference (docs/calibration-statistics.md): per participant over
 * the items, and per item over the participants. A pair needs both the participant's score and a reference score;
 * items missing either are left out and `compared` says how many remained.
 */
import { scoreOf, type CalibrationInput } from './input.js';
import { pairAgreement, type AgreementFigures, type ScorePair } from './pairs.js';
import { referenceKind, referenceScore, type ReferenceKind } from './reference.js';
import { noStat } from './stat.js';

export interface ParticipantAgreement extends AgreementFigures {
  participantId: string;
}
export interface ItemAgreement extends AgreementFigures {
  itemId: string;
}
export interface CalibrationAgreement {
  referenceKind: ReferenceKind;
  participants: ParticipantAgreement[];
  items: ItemAgreement[];
}

/** Without an expert, one participant has nobody to be compared with: every figure says so. */
const alone = (): AgreementFigures => ({
  compared: 0,
  exact: 0,
  adjacent: 0,
  exactPct: noStat('single-participant'),
  adjacentPct: noStat('single-participant'),
  kappa: noStat('single-participant'),
});

export function calibrationAgreement(input: CalibrationInput): CalibrationAgreement {
  const kind = referenceKind(input);
  const lonely = kind === 'median-of-others' && input.participants.length < 2;
  // pairs[participant][item]: computed once, read by both views.
  const pairs = input.participants.map((p) =>
    input.items.map((itemId): ScorePair | null => {
      const score = scoreOf(p.scores, itemId);
      const ref = score == null ? null : referenceScore(input, itemId, p.id);
      return score == null || ref == null ? null : [score, ref];
    }),
  );
  const present = (list: (ScorePair | null)[]) => list.filter((x): x is ScorePair => x !== null);
  return {
    referenceKind: kind,
    participants: input.participants.map((p, i) => ({
      participantId: p.id,
      ...(lonely ? alone() : pairAgreement(input.levels, present(pairs[i]))),
    })),
    items: input.items.map((itemId, j) => ({
      itemId,
      ...(lonely ? alone() : pairAgreement(input.levels, present(pairs.map((row) => row[j])))),
    })),
  };
}
