/**
 * Which statement texts are worth preparing (db/pglite-prepared.ts, db/pg-prepared.ts): plannable statements
 * (SELECT, INSERT, UPDATE, DELETE, WITH) seen a second time. DDL, SAVEPOINT and the like run once or cost no
 * planning, and a text seen once (an IN list of a new length) would only fill the backend with statements.
 *
 * A text that starts with PLANNED_EACH_RUN is never prepared: PostgreSQL plans it afresh at every run, from the
 * table's size at that moment. For a lookup on a table that grows fast from nearly empty (the idempotency keys
 * of a replay): a plan made once, while the table was a page, stays a sequential scan until the next ANALYZE.
 *
 * Invariant: the texts remembered as seen once are at most 4 × `max`; past that the memory starts over, so a
 * stream of distinct texts costs bounded memory and at worst delays a repeated text's preparation.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Marks a statement text that must be planned at each run (see above); it makes the text fail PREPARABLE. */
export const PLANNED_EACH_RUN = '/* planned each run */ ';

export class Sightings {
  private readonly seen = new Set<string>();

  constructor(private readonly max: number) {}

  /** Counts a sighting of `text` (already known to be unprepared); true when it should now be prepared. */
  secondSighting(text: string): boolean {
    if (!PREPARABLE.test(text)) return false;
    if (this.seen.delete(text)) return true;
    if (this.seen.size >= this.max * 4) this.seen.clear();
    this.seen.add(text);
    return false;
  }
}
