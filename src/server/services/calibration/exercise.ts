/**
 * A closed session as the statistics' input (src/shared/calibration/input.ts): the version's levels and items in
 * rubric order, each submitted participant's scores, and the expert's reference when there is one. A participant
 * who did not submit before the session closed is not counted: their scores were never their answer.
 */
import { asc, eq } from 'drizzle-orm';
import { CalibrationInput } from '../../../shared/calibration/index.js';
import type { Db, Tx } from '../../db/client.js';
import { rubricItems, rubricVersions } from '../../db/schema.js';
import type { ParticipantRow, SessionRow } from './sessions.js';

export interface Exercise {
  input: CalibrationInput;
  scale: { value: number; label: string }[];
  items: { id: string; code: string }[];
}

export async function versionItems(db: Db | Tx, versionId: string): Promise<{ scale: { value: number; label: string }[]; items: { id: string; code: string }[] }> {
  const [v] = await db.select({ scale: rubricVersions.scale }).from(rubricVersions).where(eq(rubricVersions.id, versionId));
  const items = await db
    .select({ id: rubricItems.id, code: rubricItems.code })
    .from(rubricItems)
    .where(eq(rubricItems.rubricVersionId, versionId))
    .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  return { scale: v?.scale ?? [], items };
}

export async function exerciseOf(db: Db | Tx, session: SessionRow, participants: readonly ParticipantRow[]): Promise<Exercise> {
  const { scale, items } = await versionItems(db, session.rubricVersionId);
  const input = CalibrationInput.parse({
    levels: scale.map((l) => l.value).sort((a, b) => a - b),
    items: items.map((i) => i.id),
    participants: participants.filter((p) => p.submittedAt).map((p) => ({ id: p.userId, scores: p.scores })),
    ...(session.reference ? { reference: Object.fromEntries(Object.entries(session.reference).map(([id, r]) => [id, r.score])) } : {}),
  });
  return { input, scale, items };
}
