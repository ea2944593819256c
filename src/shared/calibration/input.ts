/**
 * The shape of one calibration exercise (docs/calibration-statistics.md): the level values of the rubric version,
 * its items, each participant's blind scores, and optionally an expert's reference scores. Defined once here; the
 * statistics assume an input this schema accepted (every score is one of the levels).
 */
import { z } from 'zod';

/** Generous bounds: a rubric version has a handful of levels and a few dozen items. */
export const CALIBRATION_MAX = { levels: 20, items: 500, participants: 200, id: 100 } as const;

const Key = z.string().min(1).max(CALIBRATION_MAX.id);

/** Ascending, distinct integer level values, e.g. [0, 1, 2, 3, 4]. */
export const CalibrationLevels = z
  .array(z.number().int())
  .min(2)
  .max(CALIBRATION_MAX.levels)
  .refine((ls) => ls.every((l, i) => i === 0 || l > ls[i - 1]), { message: 'levels must be distinct and ascending' });

/** Item id → score; null or absent: not scored. */
export const CalibrationScores = z.record(Key, z.number().int().nullable());
export type CalibrationScores = z.infer<typeof CalibrationScores>;

export const CalibrationParticipant = z.object({ id: Key, scores: CalibrationScores });
export type CalibrationParticipant = z.infer<typeof CalibrationParticipant>;

export const CalibrationInput = z
  .object({
    levels: CalibrationLevels,
    items: z.array(Key).max(CALIBRATION_MAX.items),
    participants: z.array(CalibrationParticipant).max(CALIBRATION_MAX.participants),
    /** An expert's scores; when absent each participant is compared with the median of the others. */
    reference: CalibrationScores.optional(),
  })
  .superRefine((input, ctx) => {
    const levels = new Set(input.levels);
    const check = (scores: CalibrationScores, path: (string | number)[]) => {
      for (const [item, score] of Object.entries(scores)) {
        if (score != null && !levels.has(score)) ctx.addIssue({ code: 'custom', path: [...path, item], message: `${score} is not a level of this rubric version` });
      }
    };
    input.participants.forEach((p, i) => check(p.scores, ['participants', i, 'scores']));
    if (input.reference) check(input.reference, ['reference']);
    const ids = new Set<string>();
    input.participants.forEach((p, i) => {
      if (ids.has(p.id)) ctx.addIssue({ code: 'custom', path: ['participants', i, 'id'], message: 'participant ids must be distinct' });
      ids.add(p.id);
    });
    if (new Set(input.items).size !== input.items.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'item ids must be distinct' });
  });
export type CalibrationInput = z.infer<typeof CalibrationInput>;

/** The score of an item, null when not scored. */
export function scoreOf(scores: CalibrationScores | undefined, itemId: string): number | null {
  const s = scores?.[itemId];
  return s ?? null;
}
