/** The rubric items an observation is scored on (its meetings carry them), by id, for naming a goal's items. */
import type { Observation } from '../../../shared/contract/observations.js';

export interface ItemRef {
  id: string;
  code: string;
  title: string;
}

export function rubricItemsOf(obs: Observation): Map<string, ItemRef> {
  const rubrics = obs.meetings.informedObservation?.rubrics ?? obs.meetings.uninformedObservation?.rubrics ?? [];
  return new Map(rubrics.map((r) => [r.id, { id: r.id, code: r.code, title: r.title }]));
}

export function itemLabel(items: Map<string, ItemRef>, id: string): string {
  const i = items.get(id);
  return i ? `${i.code} ${i.title}` : 'A rubric item of another rubric';
}

/** "March 1, 2027" for a YYYY-MM-DD day, whatever the device's zone. */
export function longDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
