/**
 * Who reads a formative observation's content (../observation-mode.ts): its faculty member and its observer. In a
 * summative observation, everyone who may see it (people.ts canSeeObservation). Every other rule that shows
 * content — the observer's scores (scores.ts), notes, agenda and audit trail (evidence.ts), goals, the report —
 * asks this first.
 */
import type { Parties, Viewer } from './people.js';

export function seesContent(u: Viewer, o: Pick<Parties, 'mode' | 'facultyId' | 'observerId'>): boolean {
  return o.mode !== 'formative' || u.id === o.facultyId || u.id === o.observerId;
}
