/**
 * The rubric version an observation is scored on, live from the replica (`rubricVersions`, by the document's
 * `rubricVersionId`; docs/adr/2026-11-28-rubric-versions.md). `undefined` while the replica is read; `null` when
 * the device does not hold it yet: the feed sends a version with the observations on it, a retired one included
 * (docs/adr/2026-11-28-retired-rubric-versions.md), so that lasts only until the rest of the pull is written.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Meeting } from '../../shared/contract/observations.js';
import type { RubricVersion } from '../../shared/contract/rubrics.js';
import { RUBRIC_MAX, RUBRIC_TOTAL_MAX } from '../../shared/constants.js';
import { getDb } from '../sync/index.js';

export function useRubricVersion(id: string | null | undefined): RubricVersion | null | undefined {
  return useLiveQuery(async () => (id ? (((await getDb().rubricVersions.get(id)) as unknown as RubricVersion | undefined) ?? null) : null), [id]);
}

/**
 * Without its version on the device, a meeting is shown on SPEC's scale only when its own numbers are SPEC's
 * (maximum 80 = its items × 4): a meeting of another version waits for its version rather than show wrong levels.
 */
export function specWithoutVersion(meeting: Pick<Meeting, 'maximum' | 'rubrics'> | null | undefined): boolean {
  return !meeting || (meeting.maximum === RUBRIC_TOTAL_MAX && meeting.rubrics.length * RUBRIC_MAX === RUBRIC_TOTAL_MAX);
}
